import { describe, expect, it } from 'vitest';
import { counterIds, ocrLine, wordsSegment } from '../testing/fixtures.js';
import { splitAtRepeatedHeads } from './repeated-heads.js';

/** Lines 25 px apart from `top`, a blank line where a line is null. */
function lines(texts: (string | null)[], top: number) {
  return texts.flatMap((text, index) => (text === null ? [] : ocrLine(text, 100, top + 25 * index, index)));
}

const block = (first: string) => ['Design effect', `Proportion ${first}`, '0.99 800 880', '0.95 160 176', '0.90 80 88'];

describe('splitAtRepeatedHeads', () => {
  it('splits a Table over two tables set one under the other with the same heading line', () => {
    const words = lines([...block('1.0 1.1'), null, ...block('1.7 1.8')], 100);
    const table = wordsSegment('t', words, 'Table');
    const parts = splitAtRepeatedHeads([table], counterIds(), new Set());
    expect(parts.map((part) => [part.segmentId === 't', part.words.map((w) => w.text).join(' ')])).toEqual([
      [true, 'Design effect Proportion 1.0 1.1 0.99 800 880 0.95 160 176 0.90 80 88'],
      [false, 'Design effect Proportion 1.7 1.8 0.99 800 880 0.95 160 176 0.90 80 88'],
    ]);
    expect(parts[1]!.bbox!.top).toBe(100 + 25 * 6);
  });

  it('keeps a table whose heading line comes again at the usual pitch, or that is kept', () => {
    const dense = wordsSegment('d', lines([...block('1.0 1.1'), ...block('1.7 1.8')], 100), 'Table');
    expect(splitAtRepeatedHeads([dense], counterIds(), new Set())).toEqual([dense]);
    const spaced = wordsSegment('s', lines([...block('1.0 1.1'), null, ...block('1.7 1.8')], 100), 'Table');
    expect(splitAtRepeatedHeads([spaced], counterIds(), new Set([spaced]))).toEqual([spaced]);
  });
});
