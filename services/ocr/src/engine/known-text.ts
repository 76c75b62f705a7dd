import type { BBox } from '@folio/proto/common/v1';

/** A box by its edges, in page pixels. */
export interface Bounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * A detected line counts as known when the words of the page's text layer cover at least this
 * share of its width. Word boxes leave the gaps between words and the detector's margin uncovered
 * (about 10-20% of a line of body text), and a line the text layer lacks has no words on it at all.
 */
export const KNOWN_LINE_COVERAGE = 0.5;

/** Share of a word's height that must lie inside the line for the word to count on that line. */
export const SAME_LINE_OVERLAP = 0.5;

/**
 * Whether the text-layer words `known` already hold the detected line `line`: the words that sit on
 * the line (most of their height inside it) cover at least KNOWN_LINE_COVERAGE of its width, their
 * spans merged so that overlapping words do not count twice.
 */
export function isKnownLine(line: Bounds, known: readonly BBox[]): boolean {
  const width = line.right - line.left;
  if (width <= 0) return true;
  const spans: [number, number][] = [];
  for (const word of known) {
    const overlapY = Math.min(line.bottom, word.top + word.height) - Math.max(line.top, word.top);
    if (word.height <= 0 || overlapY < SAME_LINE_OVERLAP * word.height) continue;
    const start = Math.max(line.left, word.left);
    const end = Math.min(line.right, word.left + word.width);
    if (end > start) spans.push([start, end]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  let covered = 0;
  let reach = line.left;
  for (const [start, end] of spans) {
    if (end <= reach) continue;
    covered += end - Math.max(start, reach);
    reach = end;
  }
  return covered >= KNOWN_LINE_COVERAGE * width;
}
