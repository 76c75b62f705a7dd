import type { Segment, Word } from '@folio/proto/documents/v1';
import { describe, expect, it } from 'vitest';
import { counterIds, ocrLine } from '../testing/fixtures.js';
import { unionBox } from './geometry.js';
import { splitAtGutters } from './gutter-splits.js';

function textOf(words: Word[]): Segment {
  return {
    segmentId: 'text',
    segmentType: 'Text',
    bbox: unionBox(words.map((w) => w.bbox!)),
    confidence: 0.6,
    words,
    tableHtml: '',
  };
}

/** Rows of two texts side by side, `gap` pixels apart; `sameLine` gives each row one line index. */
function rows(pairs: [string, string][], gap: number, sameLine: boolean): Word[] {
  const lefts = pairs.map(([left], row) => ocrLine(left, 100, 100 + 20 * row, sameLine ? row : 2 * row));
  const start = Math.max(...lefts.flat().map((w) => w.bbox!.left + w.bbox!.width)) + gap;
  return pairs.flatMap(([, right], row) => [
    ...lefts[row]!,
    ...ocrLine(right, start, 100 + 20 * row, sameLine ? row : 2 * row + 1),
  ]);
}

const columns: [string, string][] = [
  ['The first number may be', 'the States and respectfully'],
  ['pected as early in June', 'Congress to propose without'],
  ['scriptions will warrant', 'lay some plan for the'],
];

const texts = (segments: Segment[]) => segments.map((s) => s.words.map((w) => w.text).join(' '));

describe('splitAtGutters', () => {
  it('cuts a text boxed over two columns at the gutter, a word space wide, between their lines', () => {
    const split = splitAtGutters([textOf(rows(columns, 10, false))], counterIds());
    expect(texts(split)).toEqual([
      'The first number may be pected as early in June scriptions will warrant',
      'the States and respectfully Congress to propose without lay some plan for the',
    ]);
    expect(split.map((s) => [s.segmentId, s.segmentType, s.confidence])).toEqual([
      ['text', 'Text', 0.6],
      ['s1', 'Text', 0.6],
    ]);
    expect(split[1]!.bbox!.left).toBe(336);
  });

  it("leaves one column's word spaces that line up alone: its lines go on across the gap", () => {
    expect(splitAtGutters([textOf(rows(columns, 10, true))], counterIds())).toHaveLength(1);
  });

  it('leaves a hanging number and its item together', () => {
    const items: [string, string][] = [
      ['1.', 'Remove the cover and the'],
      ['2.', 'Lift the tray out of its'],
      ['3.', 'Clean the contacts with a'],
    ];
    expect(splitAtGutters([textOf(rows(items, 10, false))], counterIds())).toHaveLength(1);
  });
});
