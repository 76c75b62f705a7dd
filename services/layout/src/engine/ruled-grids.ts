import type { BBox } from '@folio/proto/common/v1';
import type { Word } from '@folio/proto/documents/v1';
import {
  EMPTY_BOX,
  areaOf,
  bottomOf,
  centerOf,
  containsPoint,
  intersect,
  median,
  padBox,
  unionBox,
} from './geometry.js';
import type { DetectedRegion } from './layout-engine.js';
import { gridCells, type GridCell } from './table-grid.js';
import { textOrientation } from './table-orientation.js';

/** Rules closer than this many pixels touch (a cell border drawn as its own short segment). */
const TOUCH = 3;
/** Rule positions closer than this many pixels are one line of the grid. */
const SAME_LINE = 3;
/** A page with more rules than this is a drawing, not a set of tables: no grid is looked for. */
const MAX_RULES = 3000;
/** Types a detector gives the cells of a ruled table it did not see as one. */
const CELL_TYPES: ReadonlySet<string> = new Set(['Text', 'SectionHeader', 'ListItem', 'Title', 'Caption']);
/** A detection lies in a grid when this share of its area does. */
const INSIDE = 0.8;
/** Another detection claims the grid when it covers this share of it. */
const CLAIMED = 0.2;

/** Whether a rule, already grown by TOUCH, touches another. */
function touches(grownRule: BBox, other: BBox): boolean {
  const overlap = intersect(grownRule, other);
  return overlap.width > 0 && overlap.height > 0;
}

/** Distinct positions, positions within SAME_LINE of each other counting once. */
function distinctLines(positions: number[]): number {
  const sorted = [...positions].sort((a, b) => a - b);
  return sorted.filter((value, index) => index === 0 || value - sorted[index - 1]! > SAME_LINE).length;
}

/**
 * The boxes of the ruled grids a page draws: sets of horizontal and vertical rules that touch one
 * another, with at least three horizontal and three vertical lines (two rows of two cells or
 * more). A frame around a paragraph (two and two) or a table ruled only between its rows is none.
 */
export function ruledGrids(rules: readonly BBox[]): BBox[] {
  if (rules.length > MAX_RULES) return [];
  const parent = rules.map((_, index) => index);
  const root = (index: number): number => {
    let at = index;
    while (parent[at] !== at) at = parent[at] = parent[parent[at]!]!;
    return at;
  };
  // Each rule grown once: the pairs are many (a spreadsheet's cell borders), the boxes few.
  const reach = rules.map((rule) => padBox(rule, TOUCH));
  for (let a = 0; a < rules.length; a += 1)
    for (let b = a + 1; b < rules.length; b += 1) if (touches(reach[a]!, rules[b]!)) parent[root(a)] = root(b);
  const groups = new Map<number, BBox[]>();
  rules.forEach((rule, index) => {
    const group = groups.get(root(index));
    if (group) group.push(rule);
    else groups.set(root(index), [rule]);
  });
  return [...groups.values()].flatMap((group) => {
    const horizontal = group.filter((rule) => rule.width > rule.height);
    const vertical = group.filter((rule) => rule.height >= rule.width);
    const rows = distinctLines(horizontal.map((rule) => rule.top + rule.height / 2));
    const columns = distinctLines(vertical.map((rule) => rule.left + rule.width / 2));
    return rows >= 3 && columns >= 3 ? [unionBox(group)] : [];
  });
}

/** The words whose middle lies in the box. */
const wordsIn = (box: BBox, words: readonly Word[]): Word[] =>
  words.filter((word) => containsPoint(box, centerOf(word.bbox ?? EMPTY_BOX)));

/** The regions with `absorbed` replaced by one Table boxed by the grid, scored as the best of `scored`. */
function withGridTable(
  regions: DetectedRegion[],
  absorbed: readonly DetectedRegion[],
  grid: BBox,
  scored: readonly DetectedRegion[],
): DetectedRegion[] {
  const table: DetectedRegion = {
    segmentType: 'Table',
    bbox: grid,
    confidence: Math.max(...scored.map((region) => region.confidence)),
  };
  return [...regions.filter((region) => !absorbed.includes(region)), table];
}

/** Regions not among `inside` that cover part of the grid (CLAIMED of it: not the edge of a neighbour's box). */
function claimants(
  regions: readonly DetectedRegion[],
  inside: readonly DetectedRegion[],
  grid: BBox,
): DetectedRegion[] {
  return regions.filter(
    (region) => !inside.includes(region) && areaOf(intersect(region.bbox, grid)) > CLAIMED * areaOf(grid),
  );
}

/**
 * Ruled tables a detector split into text or missed: on a page whose text layer draws a ruled
 * grid with no Table, Picture or Formula detected over it, whose rules hold most of its words in
 * two rows of two cells or more (gridCells), the text detections lying in it (Text, SectionHeader,
 * ListItem, Title, Caption) are one Table boxed by the grid (an audit report's profile table of
 * labels and values, which the detector left to the leftover text as its two columns).
 */
export function tablesFromRuledGrids(
  regions: DetectedRegion[],
  words: readonly Word[],
  rules: readonly BBox[],
  grids: readonly BBox[] = ruledGrids(rules),
): DetectedRegion[] {
  let result = regions;
  for (const grid of grids) {
    const inside = result.filter((region) => liesInBox(region.bbox, grid));
    if (inside.some((region) => !CELL_TYPES.has(region.segmentType))) continue;
    // A table or picture over part of the grid claims it.
    if (claimants(result, inside, grid).some((region) => !CELL_TYPES.has(region.segmentType))) continue;
    const gridWords = wordsIn(grid, words);
    if (gridWords.length === 0 || gridCells(gridWords, [...rules], grid) === null) continue;
    result = withGridTable(result, inside, grid, inside);
  }
  return result;
}

/** A Table is trimmed to a grid across this share of its width... */
const GRID_WIDTH_SHARE = 0.8;
/** ...holding this share of its words... */
const GRID_WORD_SHARE = 0.5;
/** ...from lines set apart from the grid by this many word heights at least (not its header). */
const APART_IN_WORDS = 0.8;
/** ...or from lines a rule across this share of the grid's width divides from it. */
const DIVIDER_SHARE = 0.5;

/**
 * Tables the detector boxed with the lines around their ruled grid: a title, a "Presidente: ..."
 * line and a summary of figures set above the grid of a vote's roll call came back as the table's
 * first rows, their words merged into spanning cells. A Table holding one ruled grid (ruledGrids)
 * across most of its width (GRID_WIDTH_SHARE) with most of its words (GRID_WORD_SHARE) is boxed by
 * that grid when the words above or below the grid are set apart from it by APART_IN_WORDS word
 * heights or more, or a rule across half the grid's width lies between (a vote summary ruled off
 * above the roll call); those words are left to the leftover text. A heading row set close over
 * the grid stays in the table.
 */
export function tablesTrimmedToGrids(
  regions: DetectedRegion[],
  words: readonly Word[],
  rules: readonly BBox[],
  grids: readonly BBox[] = ruledGrids(rules),
): DetectedRegion[] {
  if (grids.length === 0) return regions;
  return regions.map((region) => {
    if (region.segmentType !== 'Table') return region;
    const held = grids.filter((grid) => liesInBox(grid, region.bbox));
    if (held.length !== 1) return region;
    const grid = held[0]!;
    if (grid.width < GRID_WIDTH_SHARE * region.bbox.width) return region;
    const inRegion = wordsIn(region.bbox, words);
    const inGrid = wordsIn(grid, inRegion);
    if (inGrid.length < GRID_WORD_SHARE * inRegion.length || inGrid.length === inRegion.length) return region;
    const apart = APART_IN_WORDS * median(inGrid.map((word) => word.bbox?.height ?? 0));
    // A rule across half the grid drawn between the grid and the words parts them however close.
    const dividers = rules.filter(
      (rule) => rule.width > rule.height && rule.width >= DIVIDER_SHARE * grid.width && !liesInBox(rule, grid),
    );
    const ruledOff = (from: number, to: number): boolean =>
      dividers.some((rule) => rule.top >= from && bottomOf(rule) <= to);
    const above = (box: BBox): boolean =>
      bottomOf(box) <= grid.top - apart || (bottomOf(box) <= grid.top && ruledOff(centerOf(box).y, grid.top));
    const below = (box: BBox): boolean =>
      box.top >= bottomOf(grid) + apart || (box.top >= bottomOf(grid) && ruledOff(bottomOf(grid), centerOf(box).y));
    const outside = inRegion.filter((word) => !inGrid.includes(word)).map((word) => word.bbox ?? EMPTY_BOX);
    const setApart = outside.every((box) => above(box) || below(box));
    return setApart ? { ...region, bbox: padBox(grid, TOUCH) } : region;
  });
}

/** A Table holds a grid for splitting when it covers this share of the grid's area... */
const HELD_SHARE = 0.5;
/** ...and this share of the Table's words lies outside its grids at most (a title over them). */
const LOOSE_WORD_SHARE = 0.1;

/** Whether two boxes stand side by side: apart across, level over half the lower one's height. */
function sideBySide(a: BBox, b: BBox): boolean {
  const apart = a.left + a.width <= b.left || b.left + b.width <= a.left;
  const level = Math.min(bottomOf(a), bottomOf(b)) - Math.max(a.top, b.top);
  return apart && level >= 0.5 * Math.min(a.height, b.height);
}

/**
 * Tables the detector boxed over ruled tables set side by side: three tables of countries and
 * enquiries ruled apart on one page came back as a Table over the second and half the first. A
 * Table covering most (HELD_SHARE) of two or more ruled grids that stand side by side, each of
 * them holding its words in cells of two columns or more (gridCells), with its words in those grids
 * (all but LOOSE_WORD_SHARE), is one Table per grid, boxed by it and scored as the Table. Grids
 * stacked one over another are left alone: a header ruled apart from its body is one table.
 */
export function tablesSplitAtGrids(
  regions: DetectedRegion[],
  words: readonly Word[],
  rules: readonly BBox[],
  grids: readonly BBox[] = ruledGrids(rules),
): DetectedRegion[] {
  if (grids.length < 2) return regions;
  return regions.flatMap((region) => {
    if (region.segmentType !== 'Table') return [region];
    const held = grids.filter(
      (grid) => areaOf(intersect(grid, region.bbox)) >= HELD_SHARE * areaOf(grid) && grid.width > 0,
    );
    if (held.length < 2 || !held.every((grid, i) => held.every((other, j) => i === j || sideBySide(grid, other))))
      return [region];
    const inRegion = wordsIn(region.bbox, words);
    const loose = inRegion.filter(
      (word) => !held.some((grid) => containsPoint(grid, centerOf(word.bbox ?? EMPTY_BOX))),
    );
    if (inRegion.length === 0 || loose.length > LOOSE_WORD_SHARE * inRegion.length) return [region];
    const tabled = held.every((grid) => {
      const cells = gridCells(wordsIn(grid, words), [...rules], grid);
      return cells !== null && cells.some((row) => row.length >= 2);
    });
    return tabled ? held.map((grid) => ({ ...region, bbox: padBox(grid, TOUCH) })) : [region];
  });
}

/** Whether most of the inner box lies in the outer one. */
function liesInBox(inner: BBox, outer: BBox): boolean {
  return areaOf(intersect(inner, outer)) >= INSIDE * Math.max(areaOf(inner), 1e-6);
}

/** The cells of a grid's rows regrouped by the column they start in. */
function columnsOf(rows: readonly GridCell[][]): GridCell[][] {
  const columns = new Map<number, GridCell[]>();
  for (const cell of rows.flat()) columns.set(cell.first, [...(columns.get(cell.first) ?? []), cell]);
  return [...columns.values()];
}

/** A grid goes on past its Table when it is this much larger than the Table's box. */
const GROWN_AREA = 1.2;

/**
 * Tables the detector cut short inside a ruled grid: a spreadsheet printed with its cell borders,
 * whose first rows the detector left to text (or to a Table of their own). Where a ruled grid
 * (ruledGrids) holds one or more Tables and otherwise only text detections (CELL_TYPES), is larger
 * than those Tables together (GROWN_AREA), holds its words in two rows of two cells or more
 * (gridCells), and the rows the Tables left out each hold two cells or more (records, not a title
 * or a note ruled in with the table), they are one Table boxed by the grid.
 */
export function tablesGrownToGrids(
  regions: DetectedRegion[],
  words: readonly Word[],
  rules: readonly BBox[],
  grids: readonly BBox[] = ruledGrids(rules),
): DetectedRegion[] {
  let result = regions;
  for (const grid of grids) {
    const inside = result.filter((region) => liesInBox(region.bbox, grid));
    const tables = inside.filter((region) => region.segmentType === 'Table');
    if (
      tables.length === 0 ||
      inside.some((region) => region.segmentType !== 'Table' && !CELL_TYPES.has(region.segmentType))
    )
      continue;
    if (areaOf(grid) < GROWN_AREA * areaOf(unionBox(tables.map((table) => table.bbox)))) continue;
    // Another region over part of the grid leaves the grid as it is.
    if (claimants(result, inside, grid).length > 0) continue;
    const gridWords = wordsIn(grid, words);
    const cells = gridWords.length > 0 ? gridCells(gridWords, [...rules], grid) : null;
    if (!cells) continue;
    // The records the Tables left out (rows, or columns of the page for a table set at 90 degrees) hold
    // two cells or more: not a title ruled in with the table.
    const inTables = (word: Word): boolean =>
      tables.some((table) => containsPoint(table.bbox, centerOf(word.bbox ?? EMPTY_BOX)));
    const records = textOrientation(gridWords) === 'upright' ? cells : columnsOf(cells);
    const leftOut = records.filter((record) => !record.some((cell) => cell.words.some(inTables)));
    if (leftOut.length === 0 || leftOut.some((record) => record.filter((cell) => cell.words.length > 0).length < 2))
      continue;
    result = withGridTable(result, inside, grid, tables);
  }
  return result;
}
