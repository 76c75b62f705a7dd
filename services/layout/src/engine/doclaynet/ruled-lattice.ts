import { luma, sampledMedian, type RgbImage } from '@folio/imaging';
import type { BBox } from '@folio/proto/common/v1';
import type { Lattice } from '../layout-engine.js';
import type { LayoutDetection } from './doclaynet-engine.js';
import { rectOf } from '../pixel-rect.js';

/** How dark a rule is and how many a lattice needs. */
interface RuleInk {
  /** A pixel is ink when it is this much darker (luminance, 0..255) than the box's paper. */
  contrast: number;
  /** Horizontal rules a lattice needs at least. */
  minRows: number;
  /** Vertical rules a lattice needs at least. */
  minColumns: number;
}
/** Rules in ink. */
const DARK_RULES: RuleInk = { contrast: 50, minRows: 3, minColumns: 2 };
/**
 * Rules in a light tint (a printed form's brown lines on peach paper, 35-50 levels under it):
 * faint lines also come from image edges and shading, so only a fuller grid counts.
 */
const FAINT_RULES: RuleInk = { contrast: 35, minRows: 4, minColumns: 3 };
/** A rule may break for this many pixels (a crossing stroke, a scanner's dropout) and go on. */
const MAX_BREAK = 3;
/** Neighbouring lines of pixels looked at together, so that a rule drawn slightly askew still runs on. */
const BAND = 3;
/** A horizontal rule runs over at least this share of the box's width. */
const MIN_ROW_RULE = 0.5;
/** A vertical rule runs over at least this share of the height between the first and last horizontal rule. */
const MIN_COLUMN_RULE = 0.7;
/** Smaller boxes are not looked at: no table is ruled inside them. */
const MIN_SIDE = 40;
/** A rule is at most this share of the box's side thick (and at least MIN_THICK_RULE pixels): thicker ink is a fill. */
const MAX_RULE_THICKNESS = 0.015;
const MIN_THICK_RULE = 6;
/** Cells are paper: past this share of ink in the lattice's box it is a picture (a painted banner). */
const MAX_INK_SHARE = 0.3;

/** The longest run of true values in `line`, bridging breaks of up to MAX_BREAK: [start, end). */
function longestRun(line: Uint8Array): { start: number; end: number } {
  let best = { start: 0, end: 0 };
  let start = -1;
  let lastInk = -1;
  for (let i = 0; i <= line.length; i += 1) {
    const ink = i < line.length && line[i] === 1;
    if (ink) {
      if (start < 0 || i - lastInk - 1 > MAX_BREAK) start = i;
      lastInk = i;
      if (lastInk + 1 - start > best.end - best.start) best = { start, end: lastInk + 1 };
    }
  }
  return best;
}

/** Consecutive indexes grouped into runs; the middle of each run at most `maxLength` long. */
function middlesOfRuns(indexes: readonly number[], maxLength: number): number[] {
  const middles: number[] = [];
  let first = -1;
  let previous = -2;
  for (const index of [...indexes, Number.POSITIVE_INFINITY]) {
    if (index !== previous + 1) {
      if (first >= 0 && previous + 1 - first <= maxLength) middles.push((first + previous) / 2);
      first = index;
    }
    previous = index;
  }
  return middles;
}

/** The thickest a rule across `side` pixels may be (rows of ink in a band of BAND count once more each). */
const thickest = (side: number): number => Math.max(MIN_THICK_RULE, MAX_RULE_THICKNESS * side) + BAND - 1;

/**
 * The ruled lattice inside `box` of `image`, or null: at least three horizontal rules (runs of ink
 * over half the box's width, allowing small breaks) and at least two vertical rules running over
 * most of the height between the first and last of them. Text lines never make a rule: their ink
 * breaks at every word space, and a painted fill is too thick for a rule and too much ink for a
 * table. A chart with a full grid has a lattice too; whether the lattice is a table is for its
 * words to say (see tablesFromLattices). Rules are looked for in ink (DARK_RULES) and in a light
 * tint, where the lattice must be fuller (FAINT_RULES); the tint's lattice is taken when it has
 * more rows and no fewer columns.
 */
export function findLattice(image: RgbImage, box: BBox): Lattice | null {
  const rect = rectOf(image, box);
  if (!rect) return null;
  const width = rect.x1 - rect.x0;
  const height = rect.y1 - rect.y0;
  if (width < MIN_SIDE || height < MIN_SIDE) return null;
  // Whole levels: an integer threshold splits them as it splits the exact luma.
  const levels = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    let index = ((rect.y0 + y) * image.width + rect.x0) * 3;
    for (let x = 0; x < width; x += 1, index += 3) levels[y * width + x] = Math.floor(luma(image.rgb, index));
  }
  const paper = sampledMedian(rect, (x, y) => Math.round(luma(image.rgb, (y * image.width + x) * 3)));
  const boxLevels: BoxLevels = { levels, width, height, paper };
  const dark = latticeInInk(boxLevels, DARK_RULES);
  const faint = latticeInInk(boxLevels, FAINT_RULES);
  if (!faint || !dark) return offset(faint ?? dark, rect.x0, rect.y0);
  // Dark column rules over a row rule in a tint: the tint's lattice holds the rows the ink's lacks.
  const better = faint.rows.length > dark.rows.length && faint.columns.length >= dark.columns.length ? faint : dark;
  return offset(better, rect.x0, rect.y0);
}

/** The lattice moved from the box's pixels to the page's. */
function offset(lattice: Lattice | null, x0: number, y0: number): Lattice | null {
  if (!lattice) return null;
  return {
    rows: lattice.rows.map((y) => y0 + y),
    columns: lattice.columns.map((x) => x0 + x),
    bbox: { ...lattice.bbox, left: x0 + lattice.bbox.left, top: y0 + lattice.bbox.top },
  };
}

/** A box's pixels as whole luminance levels, row by row, and its paper's level. */
interface BoxLevels {
  levels: Uint8Array;
  width: number;
  height: number;
  paper: number;
}

/**
 * The lattice in the box's own pixel coordinates. Bands of rows (columns) whose ink together falls
 * short of a rule's length are passed over without looking for a run in them.
 */
function latticeInInk({ levels, width, height, paper }: BoxLevels, rules: RuleInk): Lattice | null {
  const inkBelow = paper - rules.contrast;
  if (inkBelow <= 0) return null;
  const ink = new Uint8Array(width * height);
  const rowInk = new Uint32Array(height);
  for (let y = 0, index = 0; y < height; y += 1) {
    let count = 0;
    for (let x = 0; x < width; x += 1, index += 1) {
      const isInk = levels[index]! < inkBelow ? 1 : 0;
      ink[index] = isInk;
      count += isInk;
    }
    rowInk[y] = count;
  }

  const rowStarts: number[] = [];
  const rowSpans: { start: number; end: number }[] = [];
  const band = new Uint8Array(width);
  for (let y = 0; y + BAND <= height; y += 1) {
    let bandInk = 0;
    for (let dy = 0; dy < BAND; dy += 1) bandInk += rowInk[y + dy]!;
    if (bandInk < MIN_ROW_RULE * width) continue;
    band.fill(0);
    for (let dy = 0; dy < BAND; dy += 1) {
      for (let x = 0; x < width; x += 1) band[x] = band[x]! | ink[(y + dy) * width + x]!;
    }
    const run = longestRun(band);
    if (run.end - run.start >= MIN_ROW_RULE * width) {
      rowStarts.push(y);
      rowSpans.push(run);
    }
  }
  const rows = middlesOfRuns(rowStarts, thickest(height)).map((y) => y + (BAND - 1) / 2);
  if (rows.length < rules.minRows) return null;
  const top = Math.floor(rows[0]!);
  const bottom = Math.ceil(rows[rows.length - 1]!);
  const left = Math.min(...rowSpans.map((span) => span.start));
  const right = Math.max(...rowSpans.map((span) => span.end));

  const columnStarts: number[] = [];
  const column = new Uint8Array(bottom - top + 1);
  const columnInk = new Uint32Array(width);
  for (let y = top; y <= bottom; y += 1) {
    const row = y * width;
    for (let x = 0; x < width; x += 1) columnInk[x] = columnInk[x]! + ink[row + x]!;
  }
  // Bands reaching BAND - 1 pixels past the rows' ends, so that a frame's side is seen whole.
  const scanEnd = Math.min(width, right + BAND - 1);
  for (let x = Math.max(0, left - BAND + 1); x + BAND <= scanEnd; x += 1) {
    let bandInk = 0;
    for (let dx = 0; dx < BAND; dx += 1) bandInk += columnInk[x + dx]!;
    if (bandInk < MIN_COLUMN_RULE * column.length) continue;
    column.fill(0);
    for (let dx = 0; dx < BAND; dx += 1) {
      for (let y = top; y <= bottom; y += 1) column[y - top] = column[y - top]! | ink[y * width + x + dx]!;
    }
    const run = longestRun(column);
    if (run.end - run.start >= MIN_COLUMN_RULE * column.length) columnStarts.push(x);
  }
  const columns = middlesOfRuns(columnStarts, thickest(width)).map((x) => x + (BAND - 1) / 2);
  if (columns.length < rules.minColumns) return null;
  const latticeLeft = Math.min(left, columns[0]!);
  const latticeRight = Math.max(right, columns[columns.length - 1]!);
  let inked = 0;
  for (let y = top; y <= bottom; y += 1) {
    for (let x = Math.floor(latticeLeft); x < latticeRight; x += 1) inked += ink[y * width + x]!;
  }
  if (inked > MAX_INK_SHARE * (bottom - top + 1) * (latticeRight - latticeLeft)) return null;
  return { rows, columns, bbox: { left: latticeLeft, top, width: latticeRight - latticeLeft, height: bottom - top } };
}

/** Pictures with the lattice of a ruled table found in their pixels (findLattice). */
export function markLattices(detections: LayoutDetection[], image: RgbImage): LayoutDetection[] {
  return detections.map((detection) => {
    if (detection.segmentType !== 'Picture') return detection;
    const lattice = findLattice(image, detection.bbox);
    return lattice ? { ...detection, lattice } : detection;
  });
}
