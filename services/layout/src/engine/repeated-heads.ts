import type { Segment, Word } from '@folio/proto/documents/v1';
import { EMPTY_BOX, median, unionBox } from './geometry.js';
import type { IdFactory } from './segmenter.js';
import { textOrientation } from './table-orientation.js';
import { rowsOf } from './table-structure.js';

/** A table is looked at for a repeated head only from this many text lines. */
const MIN_LINES = 6;
/** Each table cut from it keeps at least this many lines: its head and a body. */
const MIN_PART_LINES = 3;
/**
 * A repeated head stands this many times the table's usual line pitch under the line above it (a
 * blank line between the tables; word boxes of a monospaced face overlap, so the pitch, top to
 * top, tells where the space between lines does not).
 */
const HEAD_PITCH = 1.5;

const boxOf = (word: Word) => word.bbox ?? EMPTY_BOX;
const lineText = (line: readonly Word[]): string => line.map((word) => word.text).join(' ');

/**
 * Where a Table's first text line stands again lower down, further under the line above it than
 * its lines usually are (HEAD_PITCH), and each part keeps MIN_PART_LINES lines: two
 * tables set one under the other with the same heading line, boxed as one by the detector (a
 * typewritten table of sample sizes by design effect, its columns 1.0 to 1.6 over 1.7 to 3.5).
 * Returns the indexes of the lines each new table starts at.
 */
function repeatedHeads(lines: readonly Word[][]): number[] {
  if (lines.length < MIN_LINES) return [];
  const head = lineText(lines[0]!);
  if (!/\p{L}/u.test(head)) return [];
  const tops = lines.map((line) => Math.min(...line.map((word) => boxOf(word).top)));
  const pitches = tops.slice(1).map((top, index) => top - tops[index]!);
  const usual = median(pitches);
  const starts: number[] = [];
  let last = 0;
  lines.forEach((line, index) => {
    if (index - last < MIN_PART_LINES || lines.length - index < MIN_PART_LINES) return;
    if (lineText(line) !== head || pitches[index - 1]! < HEAD_PITCH * usual) return;
    starts.push(index);
    last = index;
  });
  return starts;
}

/**
 * Tables boxed as one over tables set one under the other that open with the same heading line
 * (repeatedHeads) are split there: one Table per part, boxed by its words, the first keeping the
 * segment's id. Upright tables only; `keep` are left as they are (label-value tables).
 */
export function splitAtRepeatedHeads(segments: Segment[], newId: IdFactory, keep: ReadonlySet<Segment>): Segment[] {
  return segments.flatMap((segment) => {
    if (segment.segmentType !== 'Table' || keep.has(segment) || textOrientation(segment.words) !== 'upright')
      return [segment];
    const lines = rowsOf(segment.words);
    const starts = repeatedHeads(lines);
    if (starts.length === 0) return [segment];
    const bounds = [0, ...starts, lines.length];
    return bounds.slice(1).map((end, part) => {
      const words = lines.slice(bounds[part], end).flat();
      return {
        ...segment,
        segmentId: part === 0 ? segment.segmentId : newId(),
        bbox: unionBox(words.map(boxOf)),
        words,
      };
    });
  });
}
