import type { BBox } from '@folio/proto/common/v1';
import type { Word } from '@folio/proto/documents/v1';
import { EMPTY_BOX, bottomOf, centerOf, median, rightOf } from './geometry.js';

const boxOf = (word: Word): BBox => word.bbox ?? EMPTY_BOX;

/** One cell of a ruled grid: its words and the grid columns it spans, [first, last]. */
export interface GridCell {
  words: Word[];
  first: number;
  last: number;
}

/** Positions of rule lines along one axis, rules closer than `tolerance` merged into one. */
function linePositions(centres: number[], tolerance: number): number[] {
  const lines: number[] = [];
  for (const centre of [...centres].sort((a, b) => a - b)) {
    const last = lines[lines.length - 1];
    if (last === undefined || centre - last > tolerance) lines.push(centre);
  }
  return lines;
}

/** Whether some vertical rule at x `line` covers height `y`. */
function crosses(verticals: BBox[], line: number, y: number, tolerance: number): boolean {
  return verticals.some(
    (rule) =>
      Math.abs(rule.left + rule.width / 2 - line) <= tolerance &&
      rule.top - tolerance <= y &&
      bottomOf(rule) + tolerance >= y,
  );
}

/**
 * Adds a line before the first of `lines` (rule positions along `axis`) when some word's centre
 * lies before it, and one after the last when some centre lies after it, each just outside the
 * farthest such word's edge.
 */
function enclose(lines: number[], words: Word[], axis: 'x' | 'y'): void {
  const spans = words.map((word): [number, number] => {
    const box = boxOf(word);
    return axis === 'x' ? [box.left, rightOf(box)] : [box.top, bottomOf(box)];
  });
  const [first, last] = [lines[0]!, lines[lines.length - 1]!];
  const before = spans.filter(([start, end]) => (start + end) / 2 <= first);
  const after = spans.filter(([start, end]) => (start + end) / 2 >= last);
  if (before.length > 0) lines.unshift(Math.min(...before.map(([start]) => start)) - 1);
  if (after.length > 0) lines.push(Math.max(...after.map(([, end]) => end)) + 1);
}

/** Words of a cell in reading order: lines top to bottom, words left to right. */
export function readingOrder(words: Word[], lineHeight: number): Word[] {
  return [...words].sort((a, b) => {
    const dy = boxOf(a).top - boxOf(b).top;
    return Math.abs(dy) > 0.5 * lineHeight ? dy : boxOf(a).left - boxOf(b).left;
  });
}

/**
 * The cells of a fully ruled table, row by row, from the rules drawn inside its box: rows are the
 * bands between horizontal rules, columns the strips between vertical rules, and a cell spans the
 * columns whose separating rule does not cross its band (a header over a column group). Returns
 * null when the rules do not make a grid of at least two rows and two columns holding most of the
 * words (a table ruled only above and below, say): the caller reads the structure from word
 * positions then. Words outside the grid (a title inside the detected box, a form's section labels
 * left of its first rule) make an outer row or column of their own.
 */
export function gridCells(words: Word[], rules: BBox[], box: BBox): GridCell[][] | null {
  if (words.length === 0) return null;
  const lineHeight = median(words.map((w) => boxOf(w).height)) || 1;
  const tolerance = 0.3 * lineHeight;
  const inBox = (rule: BBox): boolean => {
    const c = centerOf(rule);
    return (
      c.x >= box.left - tolerance &&
      c.x <= rightOf(box) + tolerance &&
      c.y >= box.top - tolerance &&
      c.y <= bottomOf(box) + tolerance
    );
  };
  const verticals = rules.filter((rule) => rule.height > rule.width && inBox(rule));
  const horizontals = rules.filter((rule) => rule.width >= rule.height && inBox(rule));
  const xs = linePositions(
    verticals.map((rule) => rule.left + rule.width / 2),
    tolerance,
  );
  const ys = linePositions(
    horizontals.map((rule) => rule.top + rule.height / 2),
    tolerance,
  );
  if (xs.length < 3 || ys.length < 3) return null;
  const [left, right, top, bottom] = [xs[0]!, xs[xs.length - 1]!, ys[0]!, ys[ys.length - 1]!];
  const centres = words.map((word) => centerOf(boxOf(word)));
  const inside = centres.filter((c) => c.x > left && c.x < right && c.y > top && c.y < bottom);
  if (inside.length < 0.7 * words.length) return null;
  // Words outside the rules (a form's section labels left of its first rule, a title above the
  // grid, a note under it) get a column or a row of their own on that side: left out, they would
  // be lost from the output, since the table's words are no other segment's.
  enclose(xs, words, 'x');
  enclose(ys, words, 'y');

  const rows: GridCell[][] = [];
  for (let band = 0; band + 1 < ys.length; band += 1) {
    const [bandTop, bandBottom] = [ys[band]!, ys[band + 1]!];
    const bandWords = words.filter((word) => {
      const y = centerOf(boxOf(word)).y;
      return y > bandTop && y < bandBottom;
    });
    if (bandWords.length === 0) continue;
    const middle = (bandTop + bandBottom) / 2;
    // Interior lines that cross this band separate its cells; the outer two always do.
    const separators = xs.map(
      (x, index) => index === 0 || index === xs.length - 1 || crosses(verticals, x, middle, tolerance),
    );
    const cells: GridCell[] = [];
    let first = 0;
    for (let index = 1; index < xs.length; index += 1) {
      if (!separators[index]) continue;
      const [cellLeft, cellRight] = [xs[first]!, xs[index]!];
      const cellWords = bandWords.filter((word) => {
        const x = centerOf(boxOf(word)).x;
        return x > cellLeft && x < cellRight;
      });
      cells.push({ words: readingOrder(cellWords, lineHeight), first, last: index - 1 });
      first = index;
    }
    rows.push(cells);
  }
  return rows.length >= 2 ? rows : null;
}
