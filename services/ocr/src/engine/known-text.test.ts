import { describe, expect, it } from 'vitest';
import { isKnownLine } from './known-text.js';

const box = (left: number, top: number, width: number, height: number) => ({ left, top, width, height });
const line = { left: 100, top: 200, right: 500, bottom: 230 };

describe('isKnownLine', () => {
  it('counts a line the text layer holds word by word, gaps between words and all', () => {
    // Six 55-pixel words with 10-pixel gaps across the line's 400 pixels.
    const words = Array.from({ length: 6 }, (_, i) => box(105 + i * 65, 204, 55, 22));
    expect(isKnownLine(line, words)).toBe(true);
  });

  it('reads a line with no text-layer words on it, or with words only on the lines above and below', () => {
    expect(isKnownLine(line, [])).toBe(false);
    expect(isKnownLine(line, [box(100, 170, 400, 22), box(100, 236, 400, 22)])).toBe(false);
  });

  it('reads a line the text layer covers only in part (a label over a picture beside a caption word)', () => {
    expect(isKnownLine(line, [box(100, 204, 120, 22)])).toBe(false);
  });

  it('does not count overlapping words twice', () => {
    const sameWord = box(100, 204, 150, 22);
    expect(isKnownLine(line, [sameWord, sameWord, sameWord])).toBe(false);
  });
});
