import { describe, expect, it } from 'vitest';
import { extensionGlyph } from './math-extension-font.js';
import { restoreMathLetters } from './text-layer.js';

describe("TeX's math extension font", () => {
  it('names big operators, delimiters and radicals by their CMEX code, with how far they hang', () => {
    expect(extensionGlyph(0x58)).toEqual({ char: '∑', depth: 1.4 });
    expect(extensionGlyph(0x50)).toEqual({ char: '∑', depth: 1 });
    expect(extensionGlyph(0x5a)).toEqual({ char: '∫', depth: 2.22 });
    expect(extensionGlyph(0x12)).toEqual({ char: '(', depth: 2.4 });
    expect(extensionGlyph(0x21)).toEqual({ char: ')', depth: 3 });
    expect(extensionGlyph(0x28)).toEqual({ char: '{', depth: 3 });
    expect(extensionGlyph(0x71)?.char).toBe('√');
    expect(extensionGlyph(0x3a)?.char).toBe('⎩');
    expect(extensionGlyph(0xd6)).toEqual({ char: '∏', depth: 1.54 });
    expect(extensionGlyph(0x7a)).toBeUndefined();
  });
});

describe('restoreMathLetters', () => {
  const line = (chars: string, fontName = 'Type3 (10 0 R)') => [...chars].map((char) => ({ char, fontName }));
  const text = (glyphs: { char: string }[]): string => glyphs.map((glyph) => glyph.char).join('');

  it("restores mathematical letters MuPDF's binding cut to 16 bits, in a math font or among Latin and signs", () => {
    expect(text(restoreMathLetters(line('\ud465', 'STIXTwoMath-Regular')))).toBe('𝑥');
    expect(text(restoreMathLetters(line('\ud44e2+\ud44f2=\ud4502')))).toBe('𝑎2+𝑏2=𝑐2');
  });

  it("restores a script alone on its line in a font the page's other lines show to set math letters", () => {
    expect(text(restoreMathLetters(line('\ud44e')))).toBe('\ud44e');
    expect(text(restoreMathLetters(line('\ud44e'), new Set(['Type3 (10 0 R)'])))).toBe('𝑎');
  });

  it('leaves a Korean line its syllables', () => {
    expect(text(restoreMathLetters(line('합계 100', 'NanumGothic')))).toBe('합계 100');
    expect(text(restoreMathLetters(line('\ud569', 'NanumGothic')))).toBe('\ud569');
  });
});
