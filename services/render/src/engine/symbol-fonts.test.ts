import { describe, expect, it } from 'vitest';
import { symbolFontChar } from './symbol-fonts.js';

describe('symbolFontChar', () => {
  it("reads Symbol's private use codes by Adobe's Symbol encoding", () => {
    expect(symbolFontChar('\uf061', 'Symbol')).toBe('α');
    expect(symbolFontChar('\uf057', 'SymbolMT')).toBe('Ω');
    expect(symbolFontChar('\uf0a3', 'Symbol')).toBe('≤');
    expect(symbolFontChar('\uf0b7', 'Symbol')).toBe('•');
    expect(symbolFontChar('\uf0e5', 'Symbol')).toBe('∑');
    expect(symbolFontChar('\uf0f2', 'Symbol')).toBe('∫');
    // A tall bracket's piece is no character of the text.
    expect(symbolFontChar('\uf0e6', 'Symbol')).toBeUndefined();
  });

  it("reads Wingdings' bullets in any other font that carries its codes, and leaves its pictures", () => {
    expect(symbolFontChar('\uf06c', 'OpenSymbol')).toBe('●');
    expect(symbolFontChar('\uf0a7', 'Wingdings-Regular')).toBe('▪');
    expect(symbolFontChar('\uf0d8', 'Wingdings')).toBe('➢');
    expect(symbolFontChar('\uf0b7', 'OpenSymbol')).toBe('•');
    expect(symbolFontChar('\uf028', 'Wingdings')).toBeUndefined();
  });

  it('leaves characters outside the codes alone', () => {
    expect(symbolFontChar('a', 'Symbol')).toBeUndefined();
    expect(symbolFontChar('\ue000', 'Wingdings')).toBeUndefined();
  });
});
