import { describe, expect, it } from 'vitest';
import { joinColumns } from './vertical-text.js';

/** A 10 pt glyph at (left, top), on a line of its own as MuPDF gives vertical writing. */
function cell(char: string, left: number, top: number, vertical = true) {
  return { glyphs: [{ char, size: 10, box: { left, top, width: 10, height: 10 } }], vertical };
}
const texts = (lines: { glyphs: { char: string }[] }[]): string[] =>
  lines.map((line) => line.glyphs.map((glyph) => glyph.char).join(''));

describe('joinColumns', () => {
  it('joins the one-character lines of a column, top to bottom, and starts a new line at the next column', () => {
    // Two columns, right one first: 庄子曰： then, to its left, 吾生 (a colon sits close under 曰).
    const lines = [
      cell('庄', 332, 95),
      cell('子', 332, 105),
      cell('曰', 332, 115),
      cell('：', 332, 124),
      cell('吾', 318, 95),
      cell('生', 318, 105),
    ];
    expect(texts(joinColumns(lines))).toEqual(['庄子曰：', '吾生']);
  });

  it('leaves horizontal lines and a column broken by a gap apart', () => {
    expect(texts(joinColumns([cell('a', 0, 0, false), cell('b', 0, 10, false)]))).toEqual(['a', 'b']);
    expect(texts(joinColumns([cell('上', 0, 0), cell('下', 0, 30)]))).toEqual(['上', '下']);
  });
});
