import type { BBox } from '@folio/proto/common/v1';
import type { Segment } from '@folio/proto/documents/v1';
import { EMPTY_BOX, areLevel, bottomOf, gapAcross, gapDown, median, rightOf, unionBox } from './geometry.js';
import { orderWords } from './reading-order.js';
import { isPageNumberText } from './furniture-evidence.js';
import { wordsByLine } from './lines.js';
import { CAPTION_START, hasIdeograph } from './refine-types.js';

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
 * gutter is wider). Chinese, Japanese and Korean set no space between words, so a fragment in
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
      return areLevel(a, line) && gap >= -0.5 * lineHeight && gap < reach * lineHeight;
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
 * ("Chapter" as Title and "II." as SectionHeader become the Title "Chapter II."), and a fragment
 * of up to three words beside a one-line segment (joinFragments).
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
  return segments.filter((s) => !absorbed.has(s));
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
