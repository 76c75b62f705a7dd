import { describe, expect, it } from 'vitest';
import type { Word } from '@folio/proto/documents/v1';
import { splitAtColumns } from './column-lines.js';

/** A line of words at `top`, each `[text, left, right]`, 20 px high. */
function line(lineIndex: number, top: number, ...spans: [string, number, number][]): Word[] {
  return spans.map(([text, left, right]) => ({
    text,
    bbox: { left, top, width: right - left, height: 20 },
    confidence: 0.9,
    blockIndex: 0,
    lineIndex,
  }));
}

const texts = (words: Word[]): string[] => {
  const lines = new Map<number, string[]>();
  for (const word of words) lines.set(word.lineIndex, [...(lines.get(word.lineIndex) ?? []), word.text]);
  return [...lines.values()].map((line) => line.join(' '));
};

describe('splitAtColumns', () => {
  // Two justified columns, 40-400 and 420-780, whose lines the detector read apart on three rows
  // and joined across the gutter on five.
  const apart = [0, 1, 2].flatMap((row) => [
    ...line(2 * row, 100 + 30 * row, ['left', 40, 120], ['column', 300, 400]),
    ...line(2 * row + 1, 100 + 30 * row, ['right', 420, 500], ['column', 700, 780]),
  ]);
  const joined = [3, 4, 5, 6, 7].flatMap((row) =>
    line(3 + row, 100 + 30 * row, ['We', 40, 80], ['propose', 300, 400], ['form;', 420, 500], ['and', 700, 780]),
  );

  it('cuts a line where one column ends and the next starts, as the other lines show them', () => {
    const words = splitAtColumns([...apart, ...joined]);
    expect(texts(words).slice(-2)).toEqual(['We propose', 'form; and']);
    expect(new Set(words.map((word) => word.lineIndex)).size).toBe(16);
  });

  it('keeps the lines of one column, and of a page where words run over the edges other lines share', () => {
    const single = [0, 1, 2, 3].flatMap((row) =>
      line(row, 100 + 30 * row, ['some', 40, 120], ['words', 300, 400], ['go', 420, 500], ['on', 700, 780]),
    );
    expect(splitAtColumns(single)).toEqual(single);
    // Notes whose lines end and start near 400 and 420 by chance, while most lines write across.
    const across = [3, 4, 5, 6, 7, 8].flatMap((row) =>
      line(3 + row, 100 + 30 * row, ['We', 40, 80], ['wrote', 300, 405], ['across', 408, 500], ['here', 700, 780]),
    );
    const notes = [...apart, ...joined.slice(0, 4), ...across];
    expect(texts(splitAtColumns(notes)).filter((text) => text === 'We propose')).toEqual([]);
  });
});
