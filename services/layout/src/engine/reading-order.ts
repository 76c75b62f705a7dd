import type { BBox } from '@folio/proto/common/v1';
import type { Word } from '@folio/proto/documents/v1';
import { EMPTY_BOX, bottomOf, overlapLength, rightOf, unionBox } from './geometry.js';
import { inReadingOrder, readsRightToLeft } from './direction.js';
import { wordsByLine } from './lines.js';

/**
 * Whether a box shares a row with the anchor: it overlaps more than half the smaller height, and
 * stands beside it rather than under it (a subtitle line the title's box reaches over shares less
 * than half the narrower width with it).
 */
function sameRow(anchor: BBox, box: BBox): boolean {
  return (
    overlapLength(anchor.top, bottomOf(anchor), box.top, bottomOf(box)) > 0.5 * Math.min(anchor.height, box.height) &&
    overlapLength(anchor.left, rightOf(anchor), box.left, rightOf(box)) <= 0.5 * Math.min(anchor.width, box.width)
  );
}

/**
 * Orders boxes top-to-bottom in rows, left-to-right within a row (right to left on a page of
 * Hebrew or Arabic). A row is the topmost box not yet placed plus every box level with it (see
 * sameRow); boxes that merely touch it wait for a later row, so a paragraph that overlaps the
 * formula above it by a pixel still comes after it.
 */
export function orderByPosition<T>(items: T[], boxOf: (item: T) => BBox, rightToLeft = false): T[] {
  let rest = [...items].sort((a, b) => boxOf(a).top - boxOf(b).top || boxOf(a).left - boxOf(b).left);
  const ordered: T[] = [];
  while (rest.length > 0) {
    const anchor = boxOf(rest[0]!);
    const row = rest.filter((item, index) => index === 0 || sameRow(anchor, boxOf(item)));
    // A stable sort keeps top-to-bottom order among boxes with the same left (right) edge.
    ordered.push(
      ...[...row].sort((a, b) => (rightToLeft ? rightOf(boxOf(b)) - rightOf(boxOf(a)) : boxOf(a).left - boxOf(b).left)),
    );
    rest = rest.filter((item) => !row.includes(item));
  }
  return ordered;
}

/** An empty stretch along one axis, [start, end). */
export interface Gap {
  start: number;
  end: number;
}

/** Gaps of at least `minGap` between the projections of the intervals, inside their span. */
export function gapsOf(intervals: [number, number][], minGap: number): Gap[] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const gaps: Gap[] = [];
  let reach = sorted[0]?.[1] ?? 0;
  for (const [start, end] of sorted.slice(1)) {
    if (start - reach >= minGap) gaps.push({ start: reach, end: start });
    reach = Math.max(reach, end);
  }
  return gaps;
}

/**
 * A box's sides are trimmed by this share of its width (at most the least gap) before columns are
 * looked for: a column's detected box may reach a few pixels over the gutter into the next one's.
 */
const COLUMN_TRIM = 0.02;
/**
 * A gutter that some box reaches into is one only between columns of at least this many boxes
 * each: two boxes that merely touch (a word before a display formula) are no columns.
 */
const MIN_OVERREACHED_COLUMN = 2;

function columnGaps<T>(items: T[], boxOf: (item: T) => BBox, minGap: number): Gap[] {
  const gaps = gapsOf(
    items.map((item) => {
      const box = boxOf(item);
      const trim = Math.min(COLUMN_TRIM * box.width, minGap);
      return [box.left + trim, rightOf(box) - trim];
    }),
    minGap,
  );
  if (gaps.length === 0) return gaps;
  const exact = gapsOf(
    items.map((item) => [boxOf(item).left, rightOf(boxOf(item))]),
    minGap,
  );
  const centres = items.map((item) => boxOf(item).left + boxOf(item).width / 2);
  return gaps.filter(
    (gap) =>
      exact.some((other) => other.start < gap.end && other.end > gap.start) ||
      (centres.filter((x) => x < gap.start).length >= MIN_OVERREACHED_COLUMN &&
        centres.filter((x) => x > gap.end).length >= MIN_OVERREACHED_COLUMN),
  );
}

/** Splits items at the gaps of one axis by their centres, in axis order. */
function splitAt<T>(items: T[], gaps: Gap[], centerOf: (item: T) => number): T[][] {
  const parts: T[][] = gaps.map(() => []);
  parts.push([]);
  for (const item of items) {
    const index = gaps.filter((gap) => centerOf(item) >= gap.end).length;
    parts[index]!.push(item);
  }
  return parts.filter((part) => part.length > 0);
}

/**
 * Recursive XY-cut. A set with a vertical whitespace gap from its top to its bottom is split into
 * columns, read left to right (right to left with `rightToLeft`). Otherwise it is cut into
 * horizontal bands at its horizontal gaps, except that a band that continues the columns of the
 * band above is kept with it (else the
 * paragraphs of two columns would interleave wherever their gaps happen to line up; see
 * sharesColumns). A band of headings alone goes with what follows it: under two columns, a heading
 * over a full-width section starts that section rather than closing the column it stands under.
 * What cannot be cut (overlapping boxes) falls back to rows by position.
 */
function xyCut<T>(
  items: T[],
  boxOf: (item: T) => BBox,
  minGap: number,
  isHeading: (item: T) => boolean,
  rightToLeft = false,
): T[] {
  if (items.length <= 1) return items;
  const columns = columnGaps(items, boxOf, minGap);
  if (columns.length > 0) {
    const parts = splitAt(items, columns, (item) => boxOf(item).left + boxOf(item).width / 2);
    return (rightToLeft ? parts.reverse() : parts).flatMap((part) =>
      xyCut(part, boxOf, minGap, isHeading, rightToLeft),
    );
  }
  // Detector boxes of consecutive elements often overlap by a few pixels: trim them before
  // looking for horizontal gaps.
  const rowGaps = gapsOf(
    items.map((item) => {
      const box = boxOf(item);
      const trim = Math.min(0.1 * box.height, 6);
      return [box.top + trim, bottomOf(box) - trim];
    }),
    1,
  );
  if (rowGaps.length === 0) return orderByPosition(items, boxOf, rightToLeft);
  const bands = splitAt(items, rowGaps, (item) => boxOf(item).top + boxOf(item).height / 2);
  const merged: T[][] = [];
  bands.forEach((band, index) => {
    const previous = merged[merged.length - 1];
    const next = bands[index + 1];
    const opensNext =
      next !== undefined &&
      band.every(isHeading) &&
      !sharesColumns([...(previous ?? []), ...band], next, boxOf, minGap);
    if (previous && !opensNext && sharesColumns(previous, band, boxOf, minGap))
      merged[merged.length - 1] = [...previous, ...band];
    else merged.push(band);
  });
  // Merging can leave one band holding everything; it then has a common column gap, so it splits.
  if (merged.length === 1 && columnGaps(merged[0]!, boxOf, minGap).length === 0)
    return orderByPosition(items, boxOf, rightToLeft);
  return merged.flatMap((band) => xyCut(band, boxOf, minGap, isHeading, rightToLeft));
}

/**
 * Whether band `b` continues the columns of band `a` above it: every box of `b` lies under some
 * box of `a` (overlaps it horizontally), and together they still have a full-height column gap.
 * A band of boxes off to one side of everything above (a heading at the left margin under a
 * centred title, a date box in the corner) starts anew instead of forming "columns" with it.
 */
function sharesColumns<T>(a: T[], b: T[], boxOf: (item: T) => BBox, minGap: number): boolean {
  const under = (item: T): boolean => {
    const box = boxOf(item);
    return a.some((above) => overlapLength(box.left, rightOf(box), boxOf(above).left, rightOf(boxOf(above))) > 0);
  };
  return b.every(under) && columnGaps([...a, ...b], boxOf, minGap).length > 0;
}

/** What reading order reads of a segment. */
export interface OrderableSegment {
  // Any type name orders (unknown ones read as body text); the 12 known ones get their places.
  segmentType: string;
  bbox?: BBox;
  /** Its words: a page whose words are mostly Hebrew or Arabic reads right to left. */
  words?: readonly Word[];
}

const boxOfSegment = (segment: OrderableSegment): BBox => segment.bbox ?? EMPTY_BOX;

/**
 * Reading order of a page's segments: page headers first, then the body by XY-cut (column by
 * column on multi-column pages), then footnotes, then page footers; and every Caption moved next
 * to the Table or Picture it describes (just before a visual it sits above, just after one it sits
 * below) and every equation number just after its Formula, so the chunker keeps the pair together.
 * On a page whose words are mostly in a right-to-left script or in columns of vertical Chinese or
 * Japanese, columns and rows read right to left.
 */
export function orderSegments<T extends OrderableSegment>(segments: T[], pageWidth: number): T[] {
  const rightToLeft = readsRightToLeft(wordsByLine(segments.flatMap((segment) => segment.words ?? [])));
  // Newspaper gutters are narrow: 0.7-0.9% of the page between the text boxes of neighbouring
  // columns (an OmniDocBench page, at both render scales).
  const minGap = Math.max(4, pageWidth * 0.005);
  const of = (...types: string[]): T[] => segments.filter((s) => types.includes(s.segmentType));
  const headers = orderByPosition(of('PageHeader'), boxOfSegment, rightToLeft);
  const footnotes = xyCut(of('Footnote'), boxOfSegment, minGap, () => false, rightToLeft);
  const footers = orderByPosition(of('PageFooter'), boxOfSegment, rightToLeft);
  const body = xyCut(
    segments.filter((s) => !['PageHeader', 'Footnote', 'PageFooter'].includes(s.segmentType)),
    boxOfSegment,
    minGap,
    (s) => s.segmentType === 'Title' || s.segmentType === 'SectionHeader',
    rightToLeft,
  );
  return [...headers, ...placeCaptions(body), ...footnotes, ...footers];
}

/** The Table or Picture a caption belongs to: the nearest one above or below that it lines up with. */
function visualOf<T extends OrderableSegment>(caption: T, visuals: T[]): { visual: T; above: boolean } | undefined {
  const box = boxOfSegment(caption);
  let best: { visual: T; above: boolean; distance: number } | undefined;
  for (const visual of visuals) {
    const other = boxOfSegment(visual);
    if (overlapLength(box.left, rightOf(box), other.left, rightOf(other)) <= 0) continue;
    const above = bottomOf(box) <= other.top + other.height / 2;
    const distance = above ? other.top - bottomOf(box) : box.top - bottomOf(other);
    // A caption sits close to its visual: within a third of the visual's height or 2 caption heights.
    if (distance > Math.max(other.height / 3, 2 * box.height)) continue;
    if (!best || distance < best.distance) best = { visual, above, distance };
  }
  return best;
}

/** The Formula an equation number belongs to: the nearest one level with it, on its left. */
function formulaOf<T extends OrderableSegment>(caption: T, formulas: T[]): T | undefined {
  const box = boxOfSegment(caption);
  const beside = formulas.filter((formula) => {
    const other = boxOfSegment(formula);
    return sameRow(other, box) && other.left + other.width / 2 < box.left;
  });
  return beside.sort((a, b) => rightOf(boxOfSegment(b)) - rightOf(boxOfSegment(a)))[0];
}

function placeCaptions<T extends OrderableSegment>(ordered: T[]): T[] {
  const visuals = ordered.filter((s) => s.segmentType === 'Table' || s.segmentType === 'Picture');
  const formulas = ordered.filter((s) => s.segmentType === 'Formula');
  const captions = ordered.filter((s) => s.segmentType === 'Caption');
  const moves = new Map<T, { visual: T; above: boolean }>();
  for (const caption of captions) {
    const formula = formulaOf(caption, formulas);
    const found = formula ? { visual: formula, above: false } : visualOf(caption, visuals);
    if (found) moves.set(caption, found);
  }
  const result = ordered.filter((s) => !moves.has(s));
  for (const [caption, { visual, above }] of moves) {
    const at = result.indexOf(visual);
    // Several captions of one visual keep their relative order: insert after those already placed.
    let index = above ? at : at + 1;
    while (!above && index < result.length && moves.get(result[index]!)?.visual === visual) index += 1;
    result.splice(index, 0, caption);
  }
  return result;
}

/**
 * Puts words in reading order: lines (by `lineIndex`) in rows top to bottom and left to right
 * within a row (orderByPosition: the cells of an OCR'd table row are separate lines a few pixels
 * apart in height; right to left among Hebrew or Arabic lines and columns of vertical writing,
 * readsRightToLeft), words in each line's reading order (inReadingOrder).
 */
export function orderWords(words: Word[]): Word[] {
  const lines = wordsByLine(words);
  const boxed = lines.map((line) => ({
    words: inReadingOrder(line),
    box: unionBox(line.map((w) => w.bbox ?? EMPTY_BOX)),
  }));
  return orderByPosition(boxed, (line) => line.box, readsRightToLeft(lines)).flatMap((line) => line.words);
}
