// The text detector joins the lines of neighbouring columns set at the same height into one line
// when the gutter between them is narrow (a newspaper's justified columns): such a line is cut
// where one column ends and the next begins, as the page's other lines show them.
import type { Word } from '@folio/proto/documents/v1';

/** Line edges within this share of the median word height of one another stand at one column edge. */
const EDGE_TOLERANCE = 0.5;
/** A column edge is where at least this many lines start (or end). */
const MIN_LINES_AT_EDGE = 3;

const leftOf = (word: Word): number => word.bbox?.left ?? 0;
const rightOf = (word: Word): number => (word.bbox?.left ?? 0) + (word.bbox?.width ?? 0);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor(sorted.length / 2)]!;
}

/** Positions where at least MIN_LINES_AT_EDGE of `xs` gather within `tolerance` of one another: each group's median. */
function edgesOf(xs: number[], tolerance: number): number[] {
  const sorted = [...xs].sort((a, b) => a - b);
  const groups: number[][] = [];
  for (const x of sorted) {
    const group = groups.at(-1);
    if (group && x - group.at(-1)! <= tolerance) group.push(x);
    else groups.push([x]);
  }
  return groups.filter((group) => group.length >= MIN_LINES_AT_EDGE).map(median);
}

const near = (edges: readonly number[], x: number, tolerance: number): number | undefined =>
  edges.find((edge) => Math.abs(edge - x) <= tolerance);

/** A gutter is at most this many median word heights wide (from a column's right edge to the next's left). */
const MAX_GUTTER = 3;
/** Of the lines running over a gutter, at most this share may have a word across its middle... */
const MAX_CROSSING = 0.25;
/** ...and at least this many must run over it. */
const MIN_SPANNING = 5;

/** A column gutter: the right edge of one column and the left edge of the next. */
interface Gutter {
  end: number;
  start: number;
}

/**
 * The gutters of a page: a right edge and the next left edge close after it, with the lines that
 * run over both mostly leaving a gap at the middle between them (MAX_CROSSING). Line edges that
 * meet by chance (handwritten notes, a ragged page) have words across them.
 */
function guttersOf(lines: readonly Word[][], starts: number[], ends: number[], height: number): Gutter[] {
  return ends.flatMap((end) =>
    starts
      .filter((start) => start > end && start - end <= MAX_GUTTER * height)
      .filter((start) => {
        const middle = (end + start) / 2;
        const spanning = lines.filter((line) => leftOf(line[0]!) < end && rightOf(line.at(-1)!) > start);
        const crossing = spanning.filter((line) =>
          line.some((word) => leftOf(word) < middle && rightOf(word) > middle),
        );
        return spanning.length >= MIN_SPANNING && crossing.length <= MAX_CROSSING * spanning.length;
      })
      .map((start) => ({ end, start })),
  );
}

/**
 * The words with every line that runs over a column gutter cut in two there (and the lines
 * numbered again in order): between two words of a line where the first ends at a column's right
 * edge and the second starts at the next column's left edge, both edges being where at least
 * MIN_LINES_AT_EDGE of the page's lines end or start and the lines running over both leaving a
 * gap between them (guttersOf). A page of one column, or whose lines end ragged, keeps its lines. Words come in reading order, a line's words
 * together and left to right.
 */
export function splitAtColumns(words: readonly Word[]): Word[] {
  const lines: Word[][] = [];
  for (const word of words) {
    const line = lines.at(-1);
    if (line && line[0]!.lineIndex === word.lineIndex && line[0]!.blockIndex === word.blockIndex) line.push(word);
    else lines.push([word]);
  }
  const height = median(words.map((word) => word.bbox?.height ?? 0));
  const tolerance = EDGE_TOLERANCE * height;
  const starts = edgesOf(
    lines.map((line) => leftOf(line[0]!)),
    tolerance,
  );
  const ends = edgesOf(
    lines.map((line) => rightOf(line.at(-1)!)),
    tolerance,
  );
  if (starts.length < 2 || ends.length < 2 || height <= 0) return [...words];
  const gutters = guttersOf(lines, starts, ends, height);
  if (gutters.length === 0) return [...words];
  const atGutter = (before: Word, after: Word): boolean => {
    const end = near(ends, rightOf(before), tolerance);
    const start = near(starts, leftOf(after), tolerance);
    return gutters.some((gutter) => gutter.end === end && gutter.start === start);
  };
  const pieces = lines.flatMap((line) => {
    const cut: Word[][] = [[line[0]!]];
    for (let i = 1; i < line.length; i += 1) {
      if (atGutter(line[i - 1]!, line[i]!)) cut.push([line[i]!]);
      else cut.at(-1)!.push(line[i]!);
    }
    return cut;
  });
  if (pieces.length === lines.length) return [...words];
  return pieces.flatMap((piece, lineIndex) => piece.map((word) => ({ ...word, lineIndex })));
}
