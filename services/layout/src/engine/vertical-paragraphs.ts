import type { Segment, Word } from '@folio/proto/documents/v1';
import { EMPTY_BOX, median, rightOf, unionBox } from './geometry.js';
import { isVerticalLine } from './direction.js';
import { wordsByLine } from './lines.js';
import { orderWords } from './reading-order.js';

/** A column starts a paragraph when its top stands this many character sizes below the block's top. */
const INDENT = 0.5;

/** A column of vertical writing: its words and box. */
interface Column {
  words: Word[];
  top: number;
  left: number;
  right: number;
}

function columnsOf(segment: Segment): Column[] | undefined {
  const lines = wordsByLine(segment.words);
  if (lines.length === 0 || !lines.every(isVerticalLine)) return undefined;
  return lines.map((words) => {
    const box = unionBox(words.map((word) => word.bbox ?? EMPTY_BOX));
    return { words, top: box.top, left: box.left, right: rightOf(box) };
  });
}

/**
 * Paragraphs of vertical writing: Chinese or Japanese set in columns starts a paragraph with a
 * column indented a character or so below the others' top, as horizontal text indents a first
 * line. A detector trained on horizontal pages boxes such columns in arbitrary groups (two
 * columns of one passage each with a neighbour of the next), so the Text segments made wholly of
 * columns are pooled, read right to left, and cut before each indented column: one Text segment
 * per paragraph. Pages with fewer than two such segments, or no indented column, are left as
 * they are.
 */
export function verticalParagraphs(segments: Segment[], newId: () => string): Segment[] {
  const pooled = segments.flatMap((segment) => {
    const columns = segment.segmentType === 'Text' ? columnsOf(segment) : undefined;
    return columns ? [{ segment, columns }] : [];
  });
  if (pooled.length < 2) return segments;
  const columns = pooled.flatMap(({ columns: own }) => own).sort((a, b) => b.right - a.right);
  const top = Math.min(...columns.map((column) => column.top));
  const size = median(columns.map((column) => column.right - column.left)) || 1;
  const starts = columns.map((column, index) => index === 0 || column.top - top >= INDENT * size);
  if (starts.filter(Boolean).length < 2) return segments;
  const paragraphs: Word[][] = [];
  columns.forEach((column, index) => {
    if (starts[index]) paragraphs.push([]);
    paragraphs.at(-1)!.push(...column.words);
  });
  const rebuilt = paragraphs.map((words): Segment => ({
    segmentId: newId(),
    segmentType: 'Text',
    bbox: unionBox(words.map((word) => word.bbox ?? EMPTY_BOX)),
    words: orderWords(words),
    tableHtml: '',
  }));
  const replaced = new Set(pooled.map(({ segment }) => segment));
  return [...segments.filter((segment) => !replaced.has(segment)), ...rebuilt];
}
