import type { BBox } from '@folio/proto/common/v1';
import { describe, expect, it } from 'vitest';
import type { DetectedRegion } from './layout-engine.js';
import {
  ruledGrids,
  tablesFromRuledGrids,
  tablesGrownToGrids,
  tablesSplitAtGrids,
  tablesTrimmedToGrids,
} from './ruled-grids.js';
import { word } from '../testing/fixtures.js';

const h = (left: number, top: number, width: number): BBox => ({ left, top, width, height: 1 });
const v = (left: number, top: number, height: number): BBox => ({ left, top, width: 1, height });

/** A two-column grid of `rows` rows 20 px high from (100, 100): labels from x = 100, values from x = 300. */
function grid(rows: number): BBox[] {
  const lines = Array.from({ length: rows + 1 }, (_, row) => h(100, 100 + 20 * row, 400));
  return [...lines, v(100, 100, 20 * rows), v(300, 100, 20 * rows), v(500, 100, 20 * rows)];
}

const profile = [
  ['Country', 'China'],
  ['Factory', '01001523B'],
  ['Workers', '243'],
].flatMap(([label, value], row) => [
  word(label!, 105, 104 + 20 * row, 0, row),
  word(value!, 305, 104 + 20 * row, 0, row),
]);

const region = (segmentType: DetectedRegion['segmentType'], bbox: BBox): DetectedRegion => ({
  segmentType,
  bbox,
  confidence: 0.6,
});

describe('ruledGrids', () => {
  it('finds a grid of three or more lines each way, and not a frame or rules between rows alone', () => {
    expect(ruledGrids(grid(3))).toEqual([{ left: 100, top: 100, width: 401, height: 61 }]);
    expect(ruledGrids([h(0, 0, 100), h(0, 50, 100), v(0, 0, 50), v(99, 0, 50)])).toEqual([]);
    expect(ruledGrids([h(0, 0, 100), h(0, 20, 100), h(0, 40, 100), h(0, 60, 100)])).toEqual([]);
  });
});

describe('tablesFromRuledGrids', () => {
  it('makes one Table of the text detections in a ruled grid, or of its words the detector left out', () => {
    const columns = [
      region('Text', { left: 102, top: 102, width: 90, height: 56 }),
      region('Text', { left: 302, top: 102, width: 90, height: 56 }),
    ];
    const tables = tablesFromRuledGrids(columns, profile, grid(3));
    expect(tables.map((r) => r.segmentType)).toEqual(['Table']);
    expect(tables[0]!.bbox).toEqual({ left: 100, top: 100, width: 401, height: 61 });
    expect(tablesFromRuledGrids([], profile, grid(3)).map((r) => r.segmentType)).toEqual(['Table']);
  });

  it('leaves a grid a Table or Picture was detected over, and one without words in its cells', () => {
    const picture = [region('Picture', { left: 95, top: 95, width: 410, height: 70 })];
    expect(tablesFromRuledGrids(picture, profile, grid(3))).toEqual(picture);
    expect(tablesFromRuledGrids([], [], grid(3))).toEqual([]);
  });
});

describe('tablesTrimmedToGrids', () => {
  // The detector's Table over the grid and two lines above it: a summary 30 px (three word heights) over the grid.
  const detected = region('Table', { left: 95, top: 40, width: 410, height: 125 });
  const summary = [word('Presentes', 105, 50, 0, 10), word('217', 305, 50, 0, 10), word('Ausentes', 105, 66, 0, 11)];

  it('boxes a Table by its grid when the lines above the grid stand apart from it', () => {
    const [table] = tablesTrimmedToGrids([detected], [...summary, ...profile], grid(3));
    expect(table!.bbox).toEqual({ left: 97, top: 97, width: 407, height: 67 });
  });

  it('boxes a Table by its grid when a rule divides the lines above from it, however close', () => {
    const close = [word('Presentes', 105, 80, 0, 10), word('217', 305, 80, 0, 10)];
    const [table] = tablesTrimmedToGrids([detected], [...close, ...profile], [...grid(3), h(100, 95, 400)]);
    expect(table!.bbox).toEqual({ left: 97, top: 97, width: 407, height: 67 });
    expect(tablesTrimmedToGrids([detected], [...close, ...profile], grid(3))).toEqual([detected]);
  });

  it('keeps a heading row set close over the grid, and a table with no grid or nothing outside it', () => {
    const heading = [word('Label', 105, 88, 0, 10), word('Value', 305, 88, 0, 10)];
    expect(tablesTrimmedToGrids([detected], [...heading, ...profile], grid(3))).toEqual([detected]);
    expect(tablesTrimmedToGrids([detected], profile, grid(3))).toEqual([detected]);
    expect(tablesTrimmedToGrids([detected], [...summary, ...profile], [])).toEqual([detected]);
  });

  it('keeps a Table whose words mostly lie outside the grid (a ruled header over an unruled body)', () => {
    const body = Array.from({ length: 8 }, (_, row) => word(`${row}`, 105, 200 + 14 * row, 0, 20 + row));
    const tall = region('Table', { left: 95, top: 95, width: 410, height: 230 });
    expect(tablesTrimmedToGrids([tall], [...profile, ...body], grid(3))).toEqual([tall]);
  });
});

describe('tablesGrownToGrids', () => {
  // Five rows of the grid; the detector's Table took the last three, its first two rows went to text.
  const rows = [
    ['Name', 'Amount'],
    ['Hotels', '94.67'],
    ['Taxis', '13.22'],
    ['Rail', '76.00'],
    ['Flights', '169.50'],
  ].flatMap(([label, value], row) => [
    word(label!, 105, 104 + 20 * row, 0, row),
    word(value!, 305, 104 + 20 * row, 0, row),
  ]);
  const cut = region('Table', { left: 100, top: 140, width: 400, height: 60 });
  const text = region('Text', { left: 102, top: 102, width: 300, height: 36 });

  it('grows a Table cut short inside a ruled grid over the rows it left to text', () => {
    const grown = tablesGrownToGrids([cut, text], rows, grid(5));
    expect(grown).toEqual([
      { segmentType: 'Table', bbox: { left: 100, top: 100, width: 401, height: 101 }, confidence: 0.6 },
    ]);
  });

  it('leaves a Table whose grid goes on over a title ruled in with it (one cell across)', () => {
    const titled = [
      ...Array.from({ length: 6 }, (_, row) => h(100, 100 + 20 * row, 400)),
      v(100, 100, 100),
      v(500, 100, 100),
      v(300, 120, 80),
    ];
    const words = [word('Expenditures', 105, 104, 0, 0), ...rows.slice(2)];
    const body = region('Table', { left: 100, top: 120, width: 400, height: 80 });
    expect(
      tablesGrownToGrids([body, region('Text', { left: 102, top: 102, width: 130, height: 14 })], words, titled),
    ).toHaveLength(2);
  });

  it('leaves a Table that fills its grid, and one beside a picture in the grid', () => {
    const whole = region('Table', { left: 98, top: 98, width: 405, height: 105 });
    expect(tablesGrownToGrids([whole], rows, grid(5))).toEqual([whole]);
    const picture = region('Picture', { left: 102, top: 102, width: 100, height: 36 });
    expect(tablesGrownToGrids([cut, picture], rows, grid(5))).toEqual([cut, picture]);
  });
});

describe('tablesSplitAtGrids', () => {
  const shifted = (boxes: BBox[], dx: number, dy: number): BBox[] =>
    boxes.map((box) => ({ ...box, left: box.left + dx, top: box.top + dy }));
  const moved = (dx: number, dy: number) =>
    profile.map((w) => ({ ...w, bbox: { ...w.bbox!, left: w.bbox!.left + dx, top: w.bbox!.top + dy } }));
  // The detector's Table over the second of two ruled tables side by side and half of the first.
  const detected = region('Table', { left: 260, top: 95, width: 750, height: 70 });

  it('gives each of the ruled tables side by side a Table boxed by its grid', () => {
    const rules = [...grid(3), ...shifted(grid(3), 500, 0)];
    const tables = tablesSplitAtGrids([detected], [...profile, ...moved(500, 0)], rules);
    expect(tables.map((table) => table.bbox)).toEqual([
      { left: 97, top: 97, width: 407, height: 67 },
      { left: 597, top: 97, width: 407, height: 67 },
    ]);
    expect(tables.every((table) => table.segmentType === 'Table' && table.confidence === 0.6)).toBe(true);
  });

  it('leaves grids stacked one over another, and a Table with lines of its own outside the grids', () => {
    const stacked = region('Table', { left: 95, top: 95, width: 410, height: 170 });
    const rules = [...grid(3), ...shifted(grid(3), 0, 100)];
    expect(tablesSplitAtGrids([stacked], [...profile, ...moved(0, 100)], rules)).toEqual([stacked]);
    const sideBySide = [...grid(3), ...shifted(grid(3), 500, 0)];
    // A line of four words over the grids, inside the detector's box.
    const titled = region('Table', { left: 260, top: 70, width: 750, height: 95 });
    const note = [0, 1, 2, 3].map((index) => word(`note${index}`, 300 + 80 * index, 78, 1, 9));
    const words = [...profile, ...moved(500, 0), ...note];
    expect(tablesSplitAtGrids([titled], words, sideBySide)).toEqual([titled]);
  });
});
