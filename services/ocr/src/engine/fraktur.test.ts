import { describe, expect, it } from 'vitest';
import { word } from '../testing/fixtures.js';
import { modernFraktur } from './fraktur.js';

describe('modernFraktur', () => {
  const lines = (...texts: string[][]) =>
    texts.flatMap((line, lineIndex) =>
      line.map((text, i) => word(text, 10 + 60 * i, 20 + 30 * lineIndex, 0, lineIndex)),
    );
  const isWord = (text: string): boolean => ['kann', 'lieh', 'Kuren', 'ich'].includes(text);

  it("mends the words the list lacks, but not the pieces of a word broken at a line's end", () => {
    const read = lines(['fann', 'vornehm-'], ['lich', 'ih'], ['Crea-'], ['turen']);
    expect(modernFraktur(read, isWord).map((w) => w.text)).toEqual([
      'kann',
      'vornehm-',
      'lich',
      'ich',
      'Crea-',
      'turen',
    ]);
  });

  it("puts the letters in today's forms without a word list", () => {
    expect(modernFraktur(lines(['ſoudern', 'no<', ',']), undefined).map((w) => w.text)).toEqual(['soudern', 'noch,']);
  });
});
