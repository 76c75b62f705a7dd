import { describe, expect, it } from 'vitest';
import { createTextPdf } from '../testing/fixtures.js';
import { mupdfOps } from './mupdf-ops.js';
import { composeAccents, composeMark, type PlacedChar } from './text-accents.js';

/** Glyphs at 10 pt, each `[char, start, end]` along the line. */
function placed(...glyphs: [string, number, number][]): PlacedChar[] {
  return glyphs.map(([char, start, end]) => ({ char, size: 10, start, end }));
}
const text = (glyphs: PlacedChar[]): string =>
  composeAccents(glyphs)
    .map((glyph) => glyph.char)
    .join('');

describe('composeAccents', () => {
  it("puts TeX's spacing accents on the letter they stand over, before or after it", () => {
    // "J´an": the acute set first, moved over the "a"; "Min´aˇc"; then an accent after its letter.
    expect(text(placed(['J', 0, 5], ['´', 5, 10], ['a', 5, 10], ['n', 10, 15]))).toBe('Ján');
    expect(text(placed(['c', 0, 4.4], ['ˇ', 0, 5]))).toBe('č');
    expect(text(placed(['e', 0, 4.4], ['ˆ', 0, 5], ['˜', 0.2, 4.8]))).toBe('ễ');
  });

  it('takes the dot off a dotless i under an accent above, and keeps it under a cedilla', () => {
    expect(text(placed(['´', 0.9, 5.9], ['ı', 2, 4.8]))).toBe('í');
    expect(text(placed(['¸', 0, 5], ['c', 0.3, 4.7]))).toBe('ç');
    expect(composeMark('ı', '\u0327')).toBe('ı\u0327');
  });

  it("puts a zero-width slash on the sign after it (TeX's \\not=)", () => {
    expect(text(placed(['x', 0, 5], ['\u0338', 6, 6], [' ', 6, 8], ['=', 8, 15]))).toBe('x ≠');
  });

  it('leaves the vowel signs of Arabic and the points of Hebrew after their letters, zero-width as they are', () => {
    // "دَجَاجَةُ" right to left: each letter drawn left of the one before, each sign over its letter.
    const arabic = placed(
      ['د', 40, 46],
      ['َ', 41, 41],
      ['ج', 34, 40],
      ['َ', 35, 35],
      ['ا', 31, 34],
      ['ج', 25, 31],
      ['َ', 26, 26],
      ['ة', 19, 25],
      ['ُ', 20, 20],
    );
    expect(text(arabic)).toBe('دَجَاجَةُ');
    expect(text(placed(['ש', 20, 26], ['ּ', 22, 22], ['ׁ', 25, 25], ['ל', 14, 20]))).toBe('שּׁל');
  });

  it('leaves an accent that stands over no letter as it is', () => {
    expect(text(placed(['d', 0, 5], ['o', 5, 10], ['n', 10, 15], ['´', 15, 18], ['t', 18, 21]))).toBe('don´t');
    expect(text(placed(['a', 0, 5], [' ', 5, 8], ['`', 8, 12], [' ', 12, 15]))).toBe('a ` ');
  });

  it('drops control characters a text layer maps glyphs to', () => {
    expect(text(placed(['a', 0, 5], ['\u0007', 5, 5], ['b', 5, 10]))).toBe('ab');
  });
});

describe('accents in a PDF text layer', () => {
  it('reads an acute moved over its letter, as TeX sets it, as one letter', () => {
    // Helvetica: acute 333 wide, "a" 556: centred over the "a" as TeX's \accent does, then back.
    const pdf = createTextPdf([
      {
        texts: [],
        drawing: ['BT /F1 12 Tf 72 700 Td [(J) -111 (\\264) 444 (an Min) -111 (\\264) 444 (a\\347) ] TJ ET'],
      },
    ]);
    const { textLayer } = mupdfOps.render({ pdf, pageIndexes: [0], scale: 1, ocrLongSide: 0 }).pages[0]!;
    const words = textLayer.blocks.flatMap((block) => block.lines.flatMap((line) => line.words.map((w) => w.text)));
    expect(words).toEqual(['Ján', 'Mináç']);
  });
});
