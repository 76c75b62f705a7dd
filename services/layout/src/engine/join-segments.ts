import type { Segment } from '@folio/proto/documents/v1';
import { EMPTY_BOX, areLevel, bottomOf, median, rightOf, unionBox } from './geometry.js';
import { orderWords } from './reading-order.js';
import { CAPTION_START, PAGE_NUMBER } from './refine-types.js';

/** How far right of a bare label its text may start, in line heights ("表 7      美人蕉植株高度"). */
const BESIDE_REACH = 15;

const textOf = (segment: Segment): string => segment.words.map((w) => w.text).join(' ');

/** A Caption that is a label alone: "Table 3", "图 5", nothing after the number. */
function isBareLabel(segment: Segment): boolean {
  if (segment.segmentType !== 'Caption') return false;
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
 * Joins the pieces of a running head or foot: PageHeader (or PageFooter) segments level with
 * each other and less than a line height apart are one line ("Comparative art  COMPARATIVE ART"
 * read as two blocks). A page number stays its own segment. The leftmost piece keeps its score.
 */
export function joinRunningPieces(segments: Segment[]): Segment[] {
  const absorbed = new Set<Segment>();
  for (const type of ['PageHeader', 'PageFooter']) {
    const pieces = segments
      .filter((s) => s.segmentType === type && !PAGE_NUMBER.test(textOf(s).trim()))
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
          absorbed.add(other);
        }
      }
    }
  }
  return segments.filter((s) => !absorbed.has(s));
}

/**
 * Joins a caption the detector cut in two: a bare "Table 3" label and the text that goes on
 * beside or below it become one Caption with the label's score, its words in reading order.
 * Returns the segments without the absorbed ones, in their order.
 */
export function joinSplitCaptions(segments: Segment[]): Segment[] {
  const absorbed = new Set<Segment>();
  for (const label of segments.filter(isBareLabel)) {
    if (absorbed.has(label)) continue;
    const rest = continuationOf(
      label,
      segments.filter((s) => !absorbed.has(s)),
    );
    if (!rest) continue;
    absorb(label, rest);
    absorbed.add(rest);
  }
  return segments.filter((s) => !absorbed.has(s));
}
