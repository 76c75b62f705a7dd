import { describe, expect, it } from 'vitest';
import { extensionGlyph, isExtensionFont } from './math-extension-font.js';
import { mathLetterOf } from './text-layer.js';

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
    expect(extensionGlyph(0x7a)).toBeUndefined();
  });

  it('knows the fonts laid out as CMEX and no others', () => {
    for (const name of ['CMEX10', 'CMEX7', 'LMEX10', 'LMMathExtension10-Regular', 'txex', 'pxex']) expect(isExtensionFont(name), name).toBe(true);
    for (const name of ['CMR10', 'CMSY10', 'STIXTwoMath', 'KaTeX_Size1-Regular'])
      expect(isExtensionFont(name), name).toBe(false);
  });
});

describe('mathLetterOf', () => {
  it("restores a math font's mathematical letters that MuPDF's binding cut to 16 bits, and leaves Hangul in other fonts", () => {
    expect(mathLetterOf('\ud465', 'STIXTwoMath-Regular')).toBe('𝑥');
    expect(mathLetterOf('\ud465', 'CambriaMath')).toBe('𝑥');
    expect(mathLetterOf('\ud465', 'NanumGothic')).toBe('\ud465');
    expect(mathLetterOf('x', 'STIXTwoMath-Regular')).toBe('x');
  });
});
