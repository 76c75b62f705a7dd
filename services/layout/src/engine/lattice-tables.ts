import type { Word } from '@folio/proto/documents/v1';
import { centerOf, containsPoint, EMPTY_BOX, median, rightOf } from './geometry.js';
import type { DetectedRegion, Lattice } from './layout-engine.js';

/** A lattice is a table when words stand in at least this share of its rows... */
const MIN_ROWS_WITH_WORDS = 0.5;
/** ...and in at least this many of its columns... */
const MIN_COLUMNS_WITH_WORDS = 2;
/**
 * ...of at least this many: a chart on horizontal gridlines has two, the tick labels' and the
 * plot's, split by its axis.
 */
const MIN_COLUMNS = 3;
/**
 * A table's rows hold a line or a few of text: rows past this many word heights are the panels of
 * a chart (whose words are tick labels and legends), and they take at most MAX_TALL_SHARE of a
 * table's height (a row of a long cell).
 */
const MAX_ROW_HEIGHT_IN_WORDS = 4;
const MAX_TALL_SHARE = 0.3;
/**
 * A checklist: words in the first column alone (questions or items, ticked in the empty cells to
 * their right) make a table when this many rows hold them and most of their words are words of
 * letters, not a chart's tick labels.
 */
const MIN_CHECKLIST_ROWS = 4;
const MIN_CHECKLIST_WORDY = 0.5;
const WORDY = /\p{L}{2}/u;
/** Column edges closer than this many pixels are one (a frame's rule at the lattice's edge). */
const EDGE_TOLERANCE = 5;

/** The lattice's column edges: its box's sides and the vertical rules between them. */
function columnEdges(lattice: Lattice): number[] {
  const edges = [lattice.bbox.left, ...lattice.columns, rightOf(lattice.bbox)].sort((a, b) => a - b);
  return edges.filter((edge, index) => index === 0 || edge - edges[index - 1]! > EDGE_TOLERANCE);
}

/** How many of a lattice's rows and columns (the bands between its rules) hold some word's centre. */
function bandsWithWords(
  lattice: Lattice,
  words: readonly Word[],
): {
  rows: number;
  columns: number;
  rowCount: number;
  columnCount: number;
  wordHeight: number;
  firstColumnOnly: boolean;
  wordyShare: number;
} {
  const edges = columnEdges(lattice);
  const rows = new Set<number>();
  const columns = new Set<number>();
  const heights: number[] = [];
  let wordy = 0;
  for (const word of words) {
    const centre = centerOf(word.bbox ?? EMPTY_BOX);
    if (!containsPoint(lattice.bbox, centre)) continue;
    const row = lattice.rows.filter((y) => y < centre.y).length - 1;
    const column = edges.filter((x) => x < centre.x).length - 1;
    if (row < 0 || row >= lattice.rows.length - 1 || column < 0 || column >= edges.length - 1) continue;
    rows.add(row);
    columns.add(column);
    heights.push(word.bbox?.height ?? 0);
    if (WORDY.test(word.text)) wordy += 1;
  }
  return {
    rows: rows.size,
    columns: columns.size,
    rowCount: lattice.rows.length - 1,
    columnCount: edges.length - 1,
    wordHeight: median(heights),
    firstColumnOnly: columns.size === 1 && columns.has(0),
    wordyShare: heights.length > 0 ? wordy / heights.length : 0,
  };
}

/** The share of the lattice's height in rows taller than `limit`. */
function tallShare(lattice: Lattice, limit: number): number {
  const heights = lattice.rows.slice(1).map((y, index) => y - lattice.rows[index]!);
  const total = heights.reduce((sum, height) => sum + height, 0);
  return total > 0 ? heights.filter((height) => height > limit).reduce((sum, h) => sum + h, 0) / total : 0;
}

/**
 * Pictures that are ruled tables: a detector takes a table drawn as an image (a scanned or
 * photographed table, a handwritten one, a table pasted into a PDF as a picture) for a Picture.
 * When the engine saw the lattice of a ruled table in its pixels, with at least MIN_COLUMNS
 * columns, words in at least MIN_ROWS_WITH_WORDS of its rows and MIN_COLUMNS_WITH_WORDS of its
 * columns (or, in a checklist, its first column alone: MIN_CHECKLIST_ROWS rows of words of
 * letters), and rows a few lines of text high, it is a Table boxed by its rules. Charts stay
 * Pictures: one on a full grid keeps its words at its axes, outside the cells; one on horizontal
 * gridlines has two columns; a framed plot is a row many word heights high (MAX_ROW_HEIGHT_IN_WORDS)
 * taking most of the lattice's height. A Table the detector also boxed over it, with a lower score
 * than its Picture, is then the same table, and the two are one once overlaps are suppressed
 * (a form's checklist printed in a tint, scored 0.42 as a Table and 0.52 as a Picture).
 */
export function tablesFromLattices(regions: DetectedRegion[], words: readonly Word[]): DetectedRegion[] {
  return regions.map((region) => {
    const { lattice, ...rest } = region;
    if (!lattice) return region;
    if (region.segmentType !== 'Picture') return rest;
    const bands = bandsWithWords(lattice, words);
    const checklist =
      bands.firstColumnOnly && bands.rows >= MIN_CHECKLIST_ROWS && bands.wordyShare >= MIN_CHECKLIST_WORDY;
    const isTable =
      bands.rows >= MIN_ROWS_WITH_WORDS * bands.rowCount &&
      (bands.columns >= MIN_COLUMNS_WITH_WORDS || checklist) &&
      bands.columnCount >= MIN_COLUMNS &&
      tallShare(lattice, MAX_ROW_HEIGHT_IN_WORDS * bands.wordHeight) <= MAX_TALL_SHARE;
    return isTable ? { ...rest, segmentType: 'Table', bbox: lattice.bbox } : rest;
  });
}
