import type { Segment, Word } from '@folio/proto/documents/v1';
import { EMPTY_BOX, median, rightOf, unionBox } from './geometry.js';
import { gapsOf } from './reading-order.js';

/** Segments of running text a detector may box over several columns. */
const SPLIT_TYPES: ReadonlySet<string> = new Set(['Text', 'ListItem', 'Footnote']);
/**
 * A gutter is a gap through every line at least this many word heights wide: old newspapers set
 * their columns a word space apart, so what tells a gutter from word spaces that happen to line
 * up is that the lines on its two sides are other lines (MAX_SHARED_LINES).
 */
const GUTTER_WIDTH = 0.15;
/** At most this share of the lines of the smaller side go on across the gap. */
const MAX_SHARED_LINES = 0.25;
/** Each side of a gutter is a column of at least this many lines... */
const MIN_COLUMN_LINES = 3;
/** ...of this many words each on average: a hanging number or a column of figures is no column of text. */
const MIN_COLUMN_WORDS_PER_LINE = 3;

const boxOf = (word: Word) => word.bbox ?? EMPTY_BOX;
const centreX = (word: Word): number => boxOf(word).left + boxOf(word).width / 2;

function isColumn(words: readonly Word[]): boolean {
  const lines = new Set(words.map((word) => word.lineIndex)).size;
  return lines >= MIN_COLUMN_LINES && words.length >= MIN_COLUMN_WORDS_PER_LINE * lines;
}

/** Whether few lines of the words on one side go on on the other: columns, not one column's word spaces. */
function apartLines(left: readonly Word[], right: readonly Word[]): boolean {
  const leftLines = new Set(left.map((word) => word.lineIndex));
  const rightLines = new Set(right.map((word) => word.lineIndex));
  const shared = [...leftLines].filter((line) => rightLines.has(line)).length;
  return shared <= MAX_SHARED_LINES * Math.min(leftLines.size, rightLines.size);
}

/** The middles of the gaps at least `minWidth` wide between the words' horizontal extents, widest first. */
function gutters(words: readonly Word[], minWidth: number): number[] {
  const spans = words.map((word): [number, number] => [boxOf(word).left, rightOf(boxOf(word))]);
  return gapsOf(spans, minWidth)
    .sort((a, b) => b.end - b.start - (a.end - a.start))
    .map((gap) => (gap.start + gap.end) / 2);
}

/** The words cut at every gutter with a column of text on both sides, left to right. */
function columnsOf(words: Word[], minWidth: number): Word[][] {
  for (const cut of gutters(words, minWidth)) {
    const left = words.filter((word) => centreX(word) < cut);
    const right = words.filter((word) => centreX(word) >= cut);
    if (isColumn(left) && isColumn(right) && apartLines(left, right))
      return [...columnsOf(left, minWidth), ...columnsOf(right, minWidth)];
  }
  return [words];
}

/**
 * A detector boxes the paragraphs of neighbouring columns as one (an old newspaper's narrow
 * gutters), and the lines of that box then read across the columns. A text segment whose words
 * leave a gap through every line, with a column of text on each side (MIN_COLUMN_LINES lines of
 * MIN_COLUMN_WORDS_PER_LINE words) whose lines do not go on across it, is cut there; the pieces
 * keep its type and score.
 */
export function splitAtGutters(segments: Segment[], newId: () => string): Segment[] {
  return segments.flatMap((segment) => {
    if (!SPLIT_TYPES.has(segment.segmentType) || segment.words.length === 0) return [segment];
    const height = median(segment.words.map((word) => boxOf(word).height));
    const columns = columnsOf(segment.words, GUTTER_WIDTH * height);
    if (columns.length === 1) return [segment];
    return columns.map((words, index) => ({
      ...segment,
      segmentId: index === 0 ? segment.segmentId : newId(),
      bbox: unionBox(words.map(boxOf)),
      words,
    }));
  });
}
