import type { BBox } from '@folio/proto/common/v1';
import { Segment, type Word } from '@folio/proto/documents/v1';
import { describe, expect, it } from 'vitest';
import { chooseTableHtml, readTables } from './table-model.js';
import type { TableStructure, TableStructureCell, TableStructureEngine } from './table-structure-engine.js';

function word(text: string, left: number, top: number): Word {
  return { text, bbox: { left, top, width: 8 * text.length, height: 12 }, confidence: 1, blockIndex: 0, lineIndex: 0 };
}

function cell(left: number, top: number, width: number, options: Partial<TableStructureCell> = {}): TableStructureCell {
  return { bbox: { left, top, width, height: 16 }, colspan: 1, rowspan: 1, header: false, ...options };
}

// A header over two columns (no rules, so whitespace alone cannot say where "2024" belongs), and two body rows.
const words = [
  word('Sales', 200, 100),
  word('2024', 250, 100),
  word('Q1', 100, 120),
  word('5', 200, 120),
  word('7', 300, 120),
  word('Q2', 100, 140),
  word('6', 200, 140),
  word('8', 300, 140),
];
const structure: TableStructure = {
  complete: true,
  rows: [
    [cell(90, 98, 100, { header: true }), cell(190, 98, 200, { colspan: 2, header: true })],
    [cell(90, 118, 100), cell(190, 118, 100), cell(290, 118, 100)],
    [cell(90, 138, 100), cell(190, 138, 100), cell(290, 138, 100)],
  ],
};

describe('chooseTableHtml', () => {
  it("takes the model's spans and header with the words in its cells", () => {
    const chosen = chooseTableHtml(words, structure, () => 'fallback');
    expect(chosen.source).toBe('model');
    expect(chosen.html).toBe(
      '<table><thead><tr><th></th><th colspan="2">Sales 2024</th></tr></thead><tbody>' +
        '<tr><td>Q1</td><td>5</td><td>7</td></tr><tr><td>Q2</td><td>6</td><td>8</td></tr></tbody></table>',
    );
  });

  it('keeps the word-based table when the model stopped at its length limit', () => {
    expect(chooseTableHtml(words, { ...structure, complete: false }, () => 'fallback')).toEqual({
      html: 'fallback',
      source: 'words',
    });
  });

  it('keeps the word-based table when the model read many rows of the text into one and left the rest empty', () => {
    // Eight rows of three names, 14 px apart (set close: no gap between records); the model's first
    // row is tall enough to take them all, its seven other rows lie below the text.
    const list = Array.from({ length: 8 }, (_, row) =>
      [0, 1, 2].map((column) => word(`name${row}x${column}`, 100 + 100 * column, 100 + 14 * row)),
    ).flat();
    const tall = (left: number): TableStructureCell => ({
      ...cell(left, 98, 100),
      bbox: { left, top: 98, width: 100, height: 116 },
    });
    const lost: TableStructure = {
      complete: true,
      rows: [
        [tall(90), tall(190), tall(290)],
        ...Array.from({ length: 7 }, (_, row) =>
          [0, 1, 2].map((column) => cell(90 + 100 * column, 300 + 20 * row, 100)),
        ),
      ],
    };
    expect(chooseTableHtml(list, lost, () => 'fallback').source).toBe('words');
  });

  it('keeps the word-based table when the model put one text row into rows that lie apart', () => {
    // The model's second row holds "Q1" alone; "5" and "7", level with it, went to a row below it.
    const shifted: TableStructure = {
      complete: true,
      rows: [structure.rows[0]!, [cell(90, 118, 100)], [cell(190, 160, 100), cell(290, 160, 100)]],
    };
    const half = [word('Q1', 100, 120), word('5', 200, 120), word('7', 300, 120)];
    expect(chooseTableHtml(half, shifted, () => 'fallback').source).toBe('words');
  });

  it("keeps the word-based table when most words stand outside the model's cells (its boxes drifted)", () => {
    // The same grid drawn 10 px high and half a row above the text: every word mostly outside.
    const drifted: TableStructure = {
      complete: true,
      rows: structure.rows.map((row) =>
        row.map((c) => ({ ...c, bbox: { ...c.bbox, top: c.bbox.top - 6, height: 10 } })),
      ),
    };
    expect(chooseTableHtml(words, drifted, () => 'fallback').source).toBe('words');
  });

  it('keeps the word-based table when the model merged two columns (words a column gap apart in its cells)', () => {
    // Two body columns, "5"/"7" and "6"/"8", read as one: 92 px (7.7 word heights) between them.
    const merged: TableStructure = {
      complete: true,
      rows: [
        [cell(90, 98, 100, { header: true }), cell(190, 98, 200, { header: true })],
        [cell(90, 118, 100), cell(190, 118, 200)],
        [cell(90, 138, 100), cell(190, 138, 200)],
      ],
    };
    expect(chooseTableHtml(words, merged, () => 'fallback').source).toBe('words');
  });

  it('keeps the word-based table when the model merged two columns of figures set a word space apart', () => {
    // Counts and changes in two right-aligned columns, "1 -100.0" 4 px apart; the model reads one
    // column; a date among words in a cell ("May 21, 2009") is no such merge.
    const figures = [
      ['1', '-100.0'],
      ['13', '7.7'],
      ['100', '-15.0'],
    ];
    const rows = figures.map(([count, change], index) => {
      const top = 120 + 20 * index;
      return [word(`Crime${index}`, 100, top), word(count!, 230 - 8 * count!.length, top), word(change!, 234, top)];
    });
    const tight: TableStructure = {
      complete: true,
      rows: [
        [cell(90, 98, 100, { header: true }), cell(190, 98, 120, { header: true })],
        ...rows.map((_, index) => [cell(90, 118 + 20 * index, 100), cell(190, 118 + 20 * index, 120)]),
      ],
    };
    const header = [word('Offense', 100, 100), word('Since', 200, 100), word('May', 240, 100)];
    expect(chooseTableHtml([...header, ...rows.flat()], tight, () => 'fallback').source).toBe('words');
    const dated = [word('May', 200, 120), word('21,', 232, 120), word('2009', 260, 120)];
    const oneRow = [...header, word('Total', 100, 120), ...dated, word('Total', 100, 140), word('47', 200, 140)];
    expect(chooseTableHtml(oneRow, tight, () => 'fallback').source).toBe('model');
  });

  it('keeps the word-based table when the model merged rows the page sets apart (its rows slipped a record)', () => {
    // Four records 30 px apart (lines 12 px high, 18 px of white between records); the model's rows
    // take two records each, so each figure sits with its neighbour's label.
    const records = [0, 1, 2, 3].flatMap((n) => [
      word(`ID${n}`, 100, 100 + 30 * n),
      word(`${n}.00`, 300, 100 + 30 * n),
    ]);
    const twoRecordsHigh = (left: number, top: number): TableStructureCell => ({
      ...cell(left, top, 100),
      bbox: { left, top, width: 100, height: 46 },
    });
    const slipped: TableStructure = {
      complete: true,
      rows: [
        [twoRecordsHigh(90, 98), twoRecordsHigh(290, 98)],
        [twoRecordsHigh(90, 158), twoRecordsHigh(290, 158)],
      ],
    };
    expect(chooseTableHtml(records, slipped, () => 'fallback').source).toBe('words');
    // The same rows, one record each: the model is kept.
    const aligned: TableStructure = {
      complete: true,
      rows: [0, 1, 2, 3].map((n) => [cell(90, 98 + 30 * n, 100), cell(290, 98 + 30 * n, 100)]),
    };
    expect(chooseTableHtml(records, aligned, () => 'fallback').source).toBe('model');
  });

  it("keeps the word-based table when the model's rows cut the sentences of wrapped cells (its rows slipped a line)", () => {
    // Four modules, each with a two-line description (lines 16 px apart, records 32 px apart); the
    // model's rows start a line late in the description column: each cell ends the sentence above.
    const lines = [
      [
        'lFormula',
        'Accepts a mixed-model formula and returns a list of objects required',
        'to fit a linear mixed model.',
      ],
      [
        'mkDevfun',
        'Accepts the results of lFormula and returns a function to calculate',
        'the deviance as a function of theta.',
      ],
      [
        'optimize',
        'Accepts a deviance function returned by mkDevfun and returns the results of',
        'the optimization of that function.',
      ],
      ['mkMerMod', 'Accepts an optimized deviance function and packages the results into', 'a useful object.'],
    ];
    /** A line of words from x = 200, each 4 px after the one before. */
    const line = (text: string, top: number): Word[] => {
      let left = 200;
      return text.split(' ').map((part) => {
        const placed = word(part, left, top);
        left += 8 * part.length + 4;
        return placed;
      });
    };
    const described = lines.flatMap(([name, first, second], n) => [
      word(name!, 100, 100 + 32 * n),
      ...line(first!, 100 + 32 * n),
      ...line(second!, 116 + 32 * n),
    ]);
    const rowAt = (n: number, late: number): TableStructureCell[] => [
      { ...cell(90, 98 + 32 * n, 100), bbox: { left: 90, top: 98 + 32 * n, width: 100, height: 30 } },
      { ...cell(190, 98 + 32 * n + late, 700), bbox: { left: 190, top: 98 + 32 * n + late, width: 700, height: 30 } },
    ];
    const slipped: TableStructure = { complete: true, rows: [0, 1, 2, 3].map((n) => rowAt(n, 16)) };
    expect(chooseTableHtml(described, slipped, () => 'fallback').source).toBe('words');
    const aligned: TableStructure = { complete: true, rows: [0, 1, 2, 3].map((n) => rowAt(n, 0)) };
    expect(chooseTableHtml(described, aligned, () => 'fallback').source).toBe('model');
  });

  it("keeps the word-based table when the model's rows cut a word broken at a hyphen", () => {
    // Two records; the first's name wraps at "co-" / "variance factor", and the model's second row
    // starts a line early, taking "variance factor" with "Response vector".
    const named = [
      word('Mapping', 100, 100),
      word('to', 164, 100),
      word('co-', 184, 100),
      word('mapping', 300, 100),
      word('variance', 100, 116),
      word('factor', 172, 116),
      word('Response', 100, 140),
      word('vector', 172, 140),
      word('y', 300, 140),
    ];
    const rowAt = (top: number, height: number): TableStructureCell[] => [
      { ...cell(90, top, 200), bbox: { left: 90, top, width: 200, height } },
      { ...cell(290, top, 100), bbox: { left: 290, top, width: 100, height } },
    ];
    const slipped: TableStructure = { complete: true, rows: [rowAt(98, 16), rowAt(114, 40)] };
    expect(chooseTableHtml(named, slipped, () => 'fallback').source).toBe('words');
    const aligned: TableStructure = { complete: true, rows: [rowAt(98, 34), rowAt(138, 16)] };
    expect(chooseTableHtml(named, aligned, () => 'fallback').source).toBe('model');
  });

  it('keeps the word-based table when the model reads one column where the words stand in several', () => {
    const oneColumn: TableStructure = { complete: true, rows: [[cell(90, 98, 320)], [cell(90, 118, 320)]] };
    const fallback = '<table><tbody><tr><td>Q1</td><td>5</td></tr></tbody></table>';
    expect(chooseTableHtml(words, oneColumn, () => fallback).source).toBe('words');
  });
});

/** An engine that answers `structure` for every table and records the boxes it was asked about. */
function recordingEngine(): { engine: TableStructureEngine; asked: BBox[][] } {
  const asked: BBox[][] = [];
  const engine: TableStructureEngine = {
    name: 'fake',
    recognize: (_page, tables) => {
      asked.push(tables);
      return Promise.resolve(tables.map(() => structure));
    },
    close: () => Promise.resolve(),
  };
  return { engine, asked };
}

describe('readTables', () => {
  it('asks the engine about every Table segment of the page at once and rewrites their HTML', async () => {
    const { engine, asked } = recordingEngine();
    const box = { left: 90, top: 98, width: 300, height: 60 };
    const segments = [
      Segment.fromPartial({ segmentId: 't', segmentType: 'Table', bbox: box, words, tableHtml: 'old' }),
      Segment.fromPartial({ segmentId: 'x', segmentType: 'Text', bbox: box, words, tableHtml: '' }),
    ];
    const fromModel = await readTables(segments, {
      engine,
      page: { image: new Uint8Array(), width: 600, height: 800 },
    });
    expect(fromModel).toBe(1);
    expect(asked).toEqual([[box]]);
    expect(segments[0]!.tableHtml).toContain('<th colspan="2">Sales 2024</th>');
    expect(segments[1]!.tableHtml).toBe('');
  });

  it('reads a table the page rules completely from its rules, without asking the engine', async () => {
    const { engine, asked } = recordingEngine();
    // Two rows of two columns, each row and column between rules of its own.
    const gridWords = [word('Name', 100, 104), word('Amount', 200, 104), word('Rent', 100, 124), word('500', 200, 124)];
    const box = { left: 90, top: 100, width: 220, height: 40 };
    const horizontal = [100, 120, 140].map((top) => ({ left: 90, top, width: 220, height: 1 }));
    const vertical = [90, 190, 310].map((left) => ({ left, top: 100, width: 1, height: 40 }));
    const ruled = Segment.fromPartial({ segmentId: 'r', segmentType: 'Table', bbox: box, words: gridWords });
    // The header spans two columns: the same rules cannot say where its words belong, the model is asked.
    const spanning = Segment.fromPartial({ segmentId: 's', segmentType: 'Table', bbox: box, words });
    const page = { image: new Uint8Array(), width: 600, height: 800 };
    await readTables([ruled], { engine, page, rules: [...horizontal, ...vertical] });
    expect(asked).toEqual([]);
    expect(ruled.tableHtml).toBe(
      '<table><thead><tr><th>Name</th><th>Amount</th></tr></thead><tbody><tr><td>Rent</td><td>500</td></tr></tbody></table>',
    );
    await readTables([spanning], { engine, page, rules: [...horizontal, ...vertical] });
    expect(asked).toHaveLength(1);
  });
});
