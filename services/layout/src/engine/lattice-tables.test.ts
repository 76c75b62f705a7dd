import type { Word } from '@folio/proto/documents/v1';
import { describe, expect, it } from 'vitest';
import type { DetectedRegion, Lattice } from './layout-engine.js';
import { tablesFromLattices } from './lattice-tables.js';
import { suppressOverlaps } from './suppress-overlaps.js';

function word(text: string, left: number, top: number, height = 12): Word {
  return { text, bbox: { left, top, width: 8 * text.length, height }, confidence: 0.9, blockIndex: 0, lineIndex: 0 };
}

/** Four rows 30 pixels high between rules at 60..180, three columns between rules at 50..350. */
const lattice: Lattice = {
  rows: [60, 90, 120, 150, 180],
  columns: [50, 150, 250, 350],
  bbox: { left: 50, top: 60, width: 300, height: 120 },
};
const picture: DetectedRegion = {
  segmentType: 'Picture',
  bbox: { left: 30, top: 40, width: 340, height: 160 },
  confidence: 0.5,
  lattice,
};
/** A word in the middle of each cell of the rows given. */
const cellWords = (rows: number[]): Word[] =>
  rows.flatMap((row) => [60, 160, 260].map((x) => word(`r${row}`, x, 69 + 30 * row)));

describe('tablesFromLattices', () => {
  it('types a Picture whose ruled cells hold words a Table boxed by its rules', () => {
    const [region] = tablesFromLattices([picture], cellWords([0, 1, 2, 3]));
    expect(region).toEqual({ segmentType: 'Table', bbox: lattice.bbox, confidence: 0.5 });
  });

  it('keeps a Picture whose words stand outside its cells (a chart on a full grid, labelled at its axes)', () => {
    const axes = [word('40%', 10, 55), word('20%', 10, 115), word('0', 60, 190), word('5', 160, 190)];
    const [region] = tablesFromLattices([picture], axes);
    expect(region).toEqual({ segmentType: 'Picture', bbox: picture.bbox, confidence: 0.5 });
  });

  it('keeps a Picture with words in too few of its rows or columns', () => {
    expect(tablesFromLattices([picture], cellWords([0]))[0]!.segmentType).toBe('Picture');
    // Tick labels inside a plot's frame, and words in a column that is not the first.
    const ticks = [0, 1, 2, 3].map((row) => word(`${40 - 10 * row}`, 60, 69 + 30 * row));
    expect(tablesFromLattices([picture], ticks)[0]!.segmentType).toBe('Picture');
    const middle = [0, 1, 2, 3].map((row) => word('label', 160, 69 + 30 * row));
    expect(tablesFromLattices([picture], middle)[0]!.segmentType).toBe('Picture');
  });

  it('types a checklist a Table: items in the first column, empty cells to tick beside them', () => {
    const items = [0, 1, 2, 3].flatMap((row) => [word('is', 60, 69 + 30 * row), word('sport?', 80, 69 + 30 * row)]);
    expect(tablesFromLattices([picture], items)[0]!.segmentType).toBe('Table');
    expect(tablesFromLattices([picture], items.slice(0, 6))[0]!.segmentType).toBe('Picture');
  });

  it('keeps a chart on horizontal gridlines: its axis splits it into two columns only', () => {
    const gridlines = { ...picture, lattice: { ...lattice, columns: [50, 120, 350] } };
    const labelled = [0, 1, 2, 3].flatMap((row) => [word('10%', 60, 69 + 30 * row), word('2012', 300, 69 + 30 * row)]);
    expect(tablesFromLattices([gridlines], labelled)[0]!.segmentType).toBe('Picture');
  });

  it('keeps a framed plot: one row many word heights high takes most of the lattice', () => {
    const plot = { ...picture, lattice: { ...lattice, rows: [60, 75, 165, 180] } };
    const words = [0, 1, 2].flatMap((row) => [60, 160, 260].map((x) => word('t', x, [64, 110, 169][row]!, 8)));
    expect(tablesFromLattices([plot], words)[0]!.segmentType).toBe('Picture');
  });

  it('gives one Table where the detector also boxed the lattice as a Table, whichever it scored higher', () => {
    for (const confidence of [0.9, 0.4]) {
      const table: DetectedRegion = { segmentType: 'Table', bbox: lattice.bbox, confidence };
      const regions = suppressOverlaps(tablesFromLattices([table, picture], cellWords([0, 1, 2, 3])));
      expect(regions.map((r) => r.segmentType)).toEqual(['Table']);
    }
  });
});
