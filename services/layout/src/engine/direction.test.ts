import { describe, expect, it } from 'vitest';
import { inReadingOrder, isRightToLeft, isVerticalLine, readsRightToLeft } from './direction.js';
import { word } from '../testing/fixtures.js';
import { wordsByLine } from './lines.js';
import { orderWords } from './reading-order.js';

const texts = (words: { text: string }[]): string => words.map((w) => w.text).join(' ');

describe('inReadingOrder', () => {
  it('reads a Latin line left to right whatever order its words came in', () => {
    expect(texts(inReadingOrder([word('line', 80, 0, 0, 0), word('A', 10, 0, 0, 0), word('Latin', 30, 0, 0, 0)]))).toBe(
      'A Latin line',
    );
  });

  it('reads a Hebrew line right to left, a Latin term and a number inside it in their own order', () => {
    // Laid out as on the page, right to left: "האות ב-1445 TeX PDF שני".
    const line = [
      word('שני', 500, 0, 0, 0),
      word('PDF', 420, 0, 0, 0),
      word('TeX', 340, 0, 0, 0),
      word('ב-1445', 260, 0, 0, 0),
      word('האות', 180, 0, 0, 0),
    ];
    expect(isRightToLeft(line)).toBe(true);
    expect(texts(inReadingOrder([...line].reverse()))).toBe('שני TeX PDF ב-1445 האות');
  });

  it('counts letters, not words: an Arabic line with a long English name in it is still Arabic', () => {
    expect(isRightToLeft([word('قال', 0, 0, 0, 0), word('كتابا', 0, 0, 0, 0), word('Jahiz', 0, 0, 0, 0)])).toBe(true);
    expect(isRightToLeft([word('Full', 0, 0, 0, 0), word('vocalization', 0, 0, 0, 0), word('ٱل', 0, 0, 0, 0)])).toBe(
      false,
    );
  });
});

/** A column of vertical writing: one word `height` pixels tall and 10 wide. */
function column(text: string, left: number, lineIndex: number, height = 10 * text.length) {
  return { ...word(text, left, 0, 0, lineIndex), bbox: { left, top: 0, width: 10, height } };
}

describe('vertical writing', () => {
  it('tells a column of Chinese or Japanese from a short line or a narrow word of Latin', () => {
    expect(isVerticalLine([column('吾生也有涯', 300, 0)])).toBe(true);
    expect(isVerticalLine([word('吾生', 300, 0, 0, 0)])).toBe(false);
    expect(isVerticalLine([column('l', 300, 0, 40)])).toBe(false);
  });

  it('reads columns right to left, each top to bottom', () => {
    const page = [column('而知也无涯。', 280, 1), column('吾生也有涯，', 300, 0), column('以有涯随无涯', 260, 2)];
    expect(readsRightToLeft(wordsByLine(page))).toBe(true);
    expect(texts(orderWords(page))).toBe('吾生也有涯， 而知也无涯。 以有涯随无涯');
  });
});
