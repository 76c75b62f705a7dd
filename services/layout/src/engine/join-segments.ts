import type { BBox } from '@folio/proto/common/v1';
import type { Segment, Word } from '@folio/proto/documents/v1';
import {
  EMPTY_BOX,
  areLevel,
  bottomOf,
  boxOfWords,
  gapAcross,
  gapDown,
  median,
  overlapLength,
  rightOf,
  unionBox,
} from './geometry.js';
import { orderWords } from './reading-order.js';
import { isPageNumberText } from './furniture-evidence.js';
import { wordsByLine } from './lines.js';
import { CAPTION_START, hasIdeograph } from './refine-types.js';
import { rowsOf } from './table-structure.js';

/** How far right of a bare label its text may start, in line heights ("表 7      美人蕉植株高度"). */
const BESIDE_REACH = 15;

const textOf = (segment: Segment): string => segment.words.map((w) => w.text).join(' ');

/** Types a bare caption label may have been given: a Caption, or a line of text or a heading. */
const LABEL_TYPES: readonly string[] = ['Caption', 'Text', 'SectionHeader', 'Title'];

/** A label alone: "Table 3", "图 5", nothing after the number. */
function isBareLabel(segment: Segment): boolean {
  if (!LABEL_TYPES.includes(segment.segmentType)) return false;
  const text = textOf(segment).trim();
  const match = CAPTION_START.exec(text);
  return match !== null && match[0].length === text.length;
}

/**
 * The segment that carries on a bare caption label: a one-line Caption or Text level with it to
 * its right (within BESIDE_REACH line heights), or one starting right below it (within a line
 * height) under its left edge.
 */
function continuationOf(label: Segment, segments: Segment[]): Segment | undefined {
  const box = label.bbox ?? EMPTY_BOX;
  const lineHeight = Math.max(1, median(label.words.map((w) => (w.bbox ?? EMPTY_BOX).height)));
  return segments.find((other) => {
    if (other === label || (other.segmentType !== 'Caption' && other.segmentType !== 'Text')) return false;
    const o = other.bbox ?? EMPTY_BOX;
    const besideGap = o.left - rightOf(box);
    // Beside it: one line of text, not a paragraph of the next column that happens to be level.
    const oneLine = o.height <= 2.5 * box.height;
    if (areLevel(box, o) && oneLine && besideGap >= 0 && besideGap <= BESIDE_REACH * lineHeight) return true;
    const belowGap = o.top - bottomOf(box);
    return (
      belowGap >= -0.5 * lineHeight &&
      belowGap <= lineHeight &&
      o.left <= box.left + lineHeight &&
      rightOf(o) > box.left
    );
  });
}

/** Merges `rest` into `into`: words in reading order, boxes united. */
function absorb(into: Segment, rest: Segment): void {
  into.words = orderWords([...into.words, ...rest.words]);
  into.bbox = unionBox([into.bbox ?? EMPTY_BOX, rest.bbox ?? EMPTY_BOX]);
}

/**
 * Joins pieces of one line of the same kind: segments of the types of one group (in the group's
 * order of precedence) level with each other and less than a line height apart are one line. The
 * leftmost piece keeps its score and takes the group's first type among them.
 */
function joinLevelPieces(segments: Segment[], group: readonly string[]): Set<Segment> {
  const absorbed = new Set<Segment>();
  const pieces = segments
    .filter((s) => group.includes(s.segmentType) && !isPageNumberText(textOf(s)))
    .sort((a, b) => (a.bbox ?? EMPTY_BOX).left - (b.bbox ?? EMPTY_BOX).left);
  for (const piece of pieces) {
    if (absorbed.has(piece)) continue;
    for (const other of pieces) {
      if (other === piece || absorbed.has(other)) continue;
      const a = piece.bbox ?? EMPTY_BOX;
      const b = other.bbox ?? EMPTY_BOX;
      const lineHeight = Math.min(a.height, b.height);
      const gap = b.left - rightOf(a);
      if (areLevel(a, b) && gap >= -0.5 * lineHeight && gap < lineHeight) {
        absorb(piece, other);
        if (group.indexOf(other.segmentType) < group.indexOf(piece.segmentType)) piece.segmentType = other.segmentType;
        absorbed.add(other);
      }
    }
  }
  return absorbed;
}

/** Types of running text a line fragment may be cut from. */
const LINE_TYPES = ['Text', 'Title', 'SectionHeader', 'ListItem', 'Caption', 'Footnote'];
/** A fragment: at most this many words on one line. */
const FRAGMENT_WORDS = 3;
/** A fragment and a line one of them this many times as tall as the other are set in other type: a masthead beside a column. */
const FRAGMENT_TYPE_RATIO = 1.6;

const lineCount = (segment: Segment): number => new Set(segment.words.map((w) => w.lineIndex)).size;

/** A segment's lines: their boxes and their text. */
function linesOf(segment: Segment): { box: BBox; text: string }[] {
  return wordsByLine(segment.words).map((words) => ({
    box: unionBox(words.map((w) => w.bbox ?? EMPTY_BOX)),
    text: words.map((w) => w.text).join(' '),
  }));
}

/**
 * Gives a fragment of a line its own detection made ("This" beside "document was obtained from
 * ...") to the segment it continues, which keeps its type: a one-line segment it is level with and
 * less than a line height from, or a line of a longer segment it is level with and less than half
 * a line height from, a word space ("the" cut off the end of a list item's first line; a column
 * gutter is wider), in type of about its size (FRAGMENT_TYPE_RATIO). Chinese, Japanese and Korean set no space between words, so a fragment in
 * them beside a longer segment's line is taken for the next column's.
 */
function joinFragments(segments: Segment[]): Set<Segment> {
  const absorbed = new Set<Segment>();
  const lineSegments = segments.filter((s) => LINE_TYPES.includes(s.segmentType) && s.words.length > 0);
  const continues = (fragment: Segment, other: Segment): boolean => {
    if (other === fragment || absorbed.has(other) || other.words.length <= fragment.words.length) return false;
    const a = fragment.bbox ?? EMPTY_BOX;
    const beside = (line: BBox, reach: number): boolean => {
      const lineHeight = Math.min(a.height, line.height);
      const gap = gapAcross(a, line);
      const sameType = Math.max(a.height, line.height) <= FRAGMENT_TYPE_RATIO * lineHeight;
      return sameType && areLevel(a, line) && gap >= -0.5 * lineHeight && gap < reach * lineHeight;
    };
    if (lineCount(other) === 1) return beside(other.bbox ?? EMPTY_BOX, 1);
    if (hasIdeograph(textOf(fragment))) return false;
    return linesOf(other).some((line) => !hasIdeograph(line.text) && beside(line.box, 0.5));
  };
  for (const fragment of lineSegments.filter((s) => s.words.length <= FRAGMENT_WORDS && lineCount(s) === 1)) {
    const host = lineSegments.find((other) => continues(fragment, other));
    if (!host) continue;
    absorb(host, fragment);
    absorbed.add(fragment);
  }
  return absorbed;
}

/**
 * Joins the pieces of a line the detector cut in two: a running head or foot ("Comparative art
 * COMPARATIVE ART" read as two blocks; a page number stays its own segment), and a heading
 * ("Chapter" as Title and "II." as SectionHeader become the Title "Chapter II."), a fragment
 * of up to three words beside a one-line segment (joinFragments), and a heading cut at a line
 * break (joinBrokenHeadings).
 */
export function joinLinePieces(segments: Segment[]): Segment[] {
  const absorbed = new Set<Segment>();
  for (const group of [['PageHeader'], ['PageFooter'], ['Title', 'SectionHeader']]) {
    for (const segment of joinLevelPieces(
      segments.filter((s) => !absorbed.has(s)),
      group,
    ))
      absorbed.add(segment);
  }
  for (const segment of joinFragments(segments.filter((s) => !absorbed.has(s)))) absorbed.add(segment);
  for (const segment of joinBrokenHeadings(segments.filter((s) => !absorbed.has(s)))) absorbed.add(segment);
  return segments.filter((s) => !absorbed.has(s));
}

/** A heading line that ends so goes on in the next line: a comma, a dash, an ampersand or a joining word. */
const GOES_ON = /(?:[,;&–—-]|\b(?:and|or|of|the|for|to|with|und|oder|der|die|das|et|ou|de|y|del|la|el))$/iu;
/** Type sizes of two lines of one heading differ by at most this ratio (their boxes' heights). */
const SAME_SIZE = 1.25;

/**
 * Joins a heading the detector cut at a line break ("## Sesión FT3.40," over "## Domingo 19 marzo,
 * 11:00 am"): a Title or SectionHeader whose text goes on (GOES_ON) and the heading of its type
 * right under it, less than a line apart, of the same size and across the same part of the page.
 */
function joinBrokenHeadings(segments: Segment[]): Set<Segment> {
  const absorbed = new Set<Segment>();
  const headings = segments.filter((s) => (s.segmentType === 'Title' || s.segmentType === 'SectionHeader') && s.bbox);
  for (const heading of headings) {
    if (absorbed.has(heading) || !GOES_ON.test(textOf(heading).trim())) continue;
    const box = heading.bbox!;
    const lineHeight = median(heading.words.map((w) => (w.bbox ?? EMPTY_BOX).height));
    const next = headings.find((other) => {
      if (other === heading || absorbed.has(other) || other.segmentType !== heading.segmentType) return false;
      const o = other.bbox!;
      const otherHeight = median(other.words.map((w) => (w.bbox ?? EMPTY_BOX).height));
      const gap = gapDown(box, o);
      const across = Math.min(rightOf(box), rightOf(o)) - Math.max(box.left, o.left);
      return (
        gap >= -0.25 * lineHeight &&
        gap < lineHeight &&
        across > 0 &&
        Math.max(lineHeight, otherHeight) <= SAME_SIZE * Math.min(lineHeight, otherHeight)
      );
    });
    if (!next) continue;
    absorb(heading, next);
    absorbed.add(next);
  }
  return absorbed;
}

/**
 * Joins a caption the detector cut in two: a bare "Table 3" label and the text that goes on
 * beside or below it become one Caption with the label's score, its words in reading order. A
 * label typed as text or a heading is joined only when the two are set against a Table or
 * Picture (againstVisual).
 * Returns the segments without the absorbed ones, in their order.
 */
export function joinSplitCaptions(segments: Segment[]): Segment[] {
  const absorbed = new Set<Segment>();
  const visuals = segments.filter((s) => s.segmentType === 'Table' || s.segmentType === 'Picture');
  for (const label of segments.filter(isBareLabel)) {
    if (absorbed.has(label)) continue;
    const rest = continuationOf(
      label,
      segments.filter((s) => !absorbed.has(s)),
    );
    if (!rest) continue;
    if (label.segmentType !== 'Caption' && !againstVisual(label, rest, visuals)) continue;
    absorb(label, rest);
    label.segmentType = 'Caption';
    absorbed.add(rest);
  }
  return segments.filter((s) => !absorbed.has(s));
}

/** How close a caption is set to its table or picture, in line heights of its label. */
const CAPTION_GAP = 1.5;

/**
 * Whether a label typed as text or a heading ("Table 3" on a line of its own, which a detector
 * takes for a heading) and the text that carries it on are set against a Table or Picture, above
 * or below it and across it, as a caption is.
 */
function againstVisual(label: Segment, rest: Segment, visuals: readonly Segment[]): boolean {
  const box = unionBox([label.bbox ?? EMPTY_BOX, rest.bbox ?? EMPTY_BOX]);
  const lineHeight = Math.max(1, median(label.words.map((w) => (w.bbox ?? EMPTY_BOX).height)));
  return visuals.some((visual) => {
    const v = visual.bbox ?? EMPTY_BOX;
    const across = Math.min(rightOf(box), rightOf(v)) > Math.max(box.left, v.left);
    const gap = gapDown(box, v);
    return across && gap >= -lineHeight && gap <= CAPTION_GAP * lineHeight;
  });
}

/** A value column's rows hold at most this many words (an amount, a date, "2 pcs"); its labels' rows at most LABEL_ROW_WORDS. */
const VALUE_ROW_WORDS = 3;
const LABEL_ROW_WORDS = 6;
/** Ideographs that count as one word: a line of Chinese, one "word" between spaces, says as much as its characters. */
const IDEOGRAPHS_PER_WORD = 2;

/** How many words a word box holds: one, or for Chinese, Japanese and Korean its ideographs by IDEOGRAPHS_PER_WORD. */
function wordsIn(text: string): number {
  const ideographs = [...text].filter(hasIdeograph).length;
  return Math.max(1, Math.ceil(ideographs / IDEOGRAPHS_PER_WORD));
}

/** Two Text segments side by side, each as its rows (rowsOf), top to bottom. */
interface RowPair {
  left: Segment;
  right: Segment;
  leftRows: Word[][];
  rightRows: Word[][];
  /** Whether another segment stands in the gap between them, over their common rows. */
  between: boolean;
}

/**
 * Joins, into the left one, each Text segment and the Text to its right that has as many rows
 * (two or more), level row for row, where `joins` says the two are one block read across: the
 * joined Text reads row by row (orderWords).
 */
function joinRowPartners(segments: Segment[], joins: (pair: RowPair) => boolean): Segment[] {
  const texts = segments.filter((s) => s.segmentType === 'Text' && s.words.length > 0 && s.bbox);
  const rowsOfSegment = new Map(texts.map((s) => [s, rowsOf(s.words)]));
  const absorbed = new Set<Segment>();
  for (const left of texts) {
    if (absorbed.has(left)) continue;
    const leftRows = rowsOfSegment.get(left)!;
    if (leftRows.length < 2) continue;
    const pairs = (candidate: Segment, rightRows: Word[][]): boolean => {
      if (rightRows.length !== leftRows.length) return false;
      if (!rightRows.every((row, index) => areLevel(boxOfWords(row), boxOfWords(leftRows[index]!)))) return false;
      const between = standsBetween(left.bbox!, candidate.bbox!, segments);
      return joins({ left, right: candidate, leftRows, rightRows, between });
    };
    const isRight = (candidate: Segment): boolean =>
      candidate !== left && !absorbed.has(candidate) && candidate.bbox!.left > rightOf(left.bbox!);
    const right = texts.find((candidate) => isRight(candidate) && pairs(candidate, rowsOfSegment.get(candidate)!));
    const pieces = right ? [right] : stackedPartner(left, leftRows, texts.filter(isRight), rowsOfSegment);
    if (pieces.length > 1) {
      // A stacked column pairs with `left` as one segment would.
      const column: Segment = { ...pieces[0]!, words: pieces.flatMap((piece) => piece.words) };
      column.bbox = unionBox(pieces.map((piece) => piece.bbox!));
      const columnRows = pieces.flatMap((piece) => rowsOfSegment.get(piece)!);
      if (!pairs(column, columnRows)) continue;
    }
    for (const piece of pieces) {
      absorb(left, piece);
      absorbed.add(piece);
    }
  }
  return segments.filter((s) => !absorbed.has(s));
}

/**
 * The Texts a detector boxed one or two rows at a time beside `left` (an invoice's "30064443" and
 * "7. Mai 2014" beside "Rechnungsnr. / Rechnungsdatum"): the nearest column of Texts to its right
 * each of whose rows is level with a row of `left`, top to bottom; empty unless there are two or more.
 */
function stackedPartner(
  left: Segment,
  leftRows: Word[][],
  candidates: Segment[],
  rowsOfSegment: ReadonlyMap<Segment, Word[][]>,
): Segment[] {
  const levelRows = candidates.filter((candidate) =>
    rowsOfSegment
      .get(candidate)!
      .every((row) => leftRows.some((leftRow) => areLevel(boxOfWords(row), boxOfWords(leftRow)))),
  );
  if (levelRows.length < 2) return [];
  const nearest = levelRows.reduce((a, b) => (b.bbox!.left < a.bbox!.left ? b : a));
  const column = levelRows.filter(
    (candidate) =>
      overlapLength(candidate.bbox!.left, rightOf(candidate.bbox!), nearest.bbox!.left, rightOf(nearest.bbox!)) > 0,
  );
  return column.length > 1 ? column.sort((a, b) => a.bbox!.top - b.bbox!.top) : [];
}

/**
 * Joins a column of values to the column of labels it stands beside, where the detector boxed
 * the two apart (a receipt's items and their prices, an invoice's totals: "SUB_TOTAL DISCOUNT
 * TOTAL" and "194,000 19,400 174,600" read as two blocks): the right one of short rows of figures
 * (half of them with a digit), the left one of short rows, nothing between them. The joined Text
 * reads row by row ("DISCOUNT 19,400"); label-value-tables then makes a table of it where it is
 * one. Two columns of prose are never joined: their rows are longer.
 */
export function joinValueColumns(segments: Segment[]): Segment[] {
  const short = (rows: Word[][], most: number): boolean =>
    rows.every((row) => row.reduce((sum, word) => sum + wordsIn(word.text), 0) <= most);
  return joinRowPartners(
    segments,
    ({ leftRows, rightRows, between }) =>
      !between &&
      short(leftRows, LABEL_ROW_WORDS) &&
      short(rightRows, VALUE_ROW_WORDS) &&
      rightRows.filter((row) => row.some((w) => /\d/u.test(w.text))).length >= 0.5 * rightRows.length,
  );
}

/**
 * Joins the two sides of lines that run around a text box or picture set in the middle of a
 * paragraph (Word's "square" wrapping: "acb acc acd ace" left of a pull quote, "acf acg ach aci"
 * right of it): Texts level row for row, with a segment between them that reaches over most of
 * their rows and is not itself a column of the same rows (three boxes of a slide side by side),
 * under or over a paragraph of the full measure they span: the one the box interrupts. Columns of a
 * page have an empty gutter between them, never a box.
 */
export function joinWrappedRows(segments: Segment[]): Segment[] {
  return joinRowPartners(segments, ({ left, right, leftRows, between }) => {
    if (!between) return false;
    const l = left.bbox!;
    const r = right.bbox!;
    const top = Math.max(l.top, r.top);
    const bottom = Math.min(bottomOf(l), bottomOf(r));
    const lineHeight = median(leftRows.map((row) => boxOfWords(row).height));
    const rowLevel = (middle: Segment): boolean =>
      rowsOf(middle.words).filter((row) => leftRows.some((leftRow) => areLevel(boxOfWords(row), boxOfWords(leftRow))))
        .length >= leftRows.length;
    const box = segments.some((middle) => {
      const m = middle.bbox;
      if (!m || middle === left || middle === right) return false;
      const inside = m.left >= rightOf(l) - 1 && rightOf(m) <= r.left + 1;
      return (
        inside && overlapLength(m.top, bottomOf(m), top, bottom) >= WRAP_SHARE * (bottom - top) && !rowLevel(middle)
      );
    });
    const paragraph = segments.some((other) => {
      const o = other.bbox;
      if (!o || other.segmentType !== 'Text' || other === left || other === right) return false;
      const sameMeasure = Math.abs(o.left - l.left) <= lineHeight && Math.abs(rightOf(o) - rightOf(r)) <= lineHeight;
      const near = gapDown(o, l) >= -0.5 * lineHeight && gapDown(o, l) <= 2 * lineHeight;
      return sameMeasure && near;
    });
    return box && paragraph;
  });
}

/** A box lines run around reaches over at least this share of their rows' height. */
const WRAP_SHARE = 0.5;

/** Whether another segment stands in the gap between `left` and `right`, over their common rows. */
function standsBetween(left: BBox, right: BBox, segments: readonly Segment[]): boolean {
  const top = Math.max(left.top, right.top);
  const bottom = Math.min(bottomOf(left), bottomOf(right));
  const between: BBox = { left: rightOf(left), top, width: gapAcross(left, right), height: Math.max(0, bottom - top) };
  return segments.some((s) => {
    const box = s.bbox;
    if (!box || box === left || box === right) return false;
    return (
      box.left < rightOf(between) &&
      rightOf(box) > between.left &&
      box.top < bottomOf(between) &&
      bottomOf(box) > between.top
    );
  });
}
