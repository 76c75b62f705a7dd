import { describe, expect, it } from 'vitest';
import { inReadingOrder, isRightToLeft } from './direction.js';
import { word } from '../testing/fixtures.js';

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
