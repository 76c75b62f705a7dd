import { describe, expect, it } from 'vitest';
import { parseTruth } from './load-tables.js';
import {
  cellText,
  continuationHasHeader,
  joinTables,
  matchTable,
  rowsFromHtml,
  scoreTable,
  truthHeaderRows,
  truthHtml,
  type PredictedTable,
} from './score-tables.js';

function html(rows: string[][]): PredictedTable {
  return {
    rows,
    html: `<table>${rows.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('')}</table>`,
  };
}

const truth = {
  rows: [
    ['State', '2011', '2012'],
    ['Andhra Pradesh', '1,204', '1,377'],
    ['Bihar', '310', ''],
  ],
  spans: [],
  pages: [1],
};

describe('rows whole', () => {
  it('counts a row whose non-empty cells all appear in order in one row of ours', () => {
    const figures = scoreTable(
      truth,
      html([
        ['State', '2011', '2012'],
        ['Andhra Pradesh', '1,204', '1,377'],
        ['Bihar', '310', ''],
      ]),
    );
    expect(figures.rows).toBe(3);
    expect(figures.rowsWhole).toBe(3);
  });

  it('does not count a row split over two rows of ours, nor one read out of order', () => {
    const figures = scoreTable(
      truth,
      html([
        ['State', '2012', '2011'],
        ['Andhra Pradesh', '1,204', ''],
        ['', '', '1,377'],
        ['Bihar', '310', ''],
      ]),
    );
    expect(figures.rowsWhole).toBe(1);
  });

  it('still counts a row whose cells ours splits with extra cells between them', () => {
    expect(scoreTable(truth, html([['Andhra', 'Andhra Pradesh', 'x', '1,204', '1,377']])).rowsWhole).toBe(1);
  });

  it('does not count a row whose two cells ours merged into one', () => {
    expect(scoreTable(truth, html([['Andhra Pradesh 1,204', '1,377']])).rowsWhole).toBe(0);
  });
});

describe('cells exact', () => {
  it('is the share of non-empty truth cells equal to a cell of ours, whitespace aside', () => {
    const figures = scoreTable(
      truth,
      html([
        ['State', '2011', '2012'],
        ['Andhra  \n Pradesh', '1,204', '1 377'],
        ['Bihar', '310'],
      ]),
    );
    expect(figures.cells).toBe(8);
    expect(figures.cellsExact).toBe(7);
  });

  it('uses each cell of ours once', () => {
    const twice = { rows: [['310', '310']], spans: [], pages: [1] };
    expect(scoreTable(twice, html([['310']])).cellsExact).toBe(1);
  });

  it('drops leader dots and folds compatibility forms', () => {
    expect(cellText('Total . . . . . .').plain).toBe('Total');
    expect(cellText('REGISTERED VOTERS - TOTAL.......').plain).toBe('REGISTERED VOTERS - TOTAL');
    expect(cellText('ﬁnal').plain).toBe('final');
    expect(cellText('持分法の適用範囲 の変動').plain).toBe('持分法の適用範囲の変動');
  });

  it('scores every figure 0 when no table of ours matched', () => {
    expect(scoreTable(truth, null)).toEqual({
      rows: 3,
      rowsWhole: 0,
      cells: 8,
      cellsExact: 0,
      teds: 0,
      tedsStructure: 0,
    });
  });
});

describe('superscripts', () => {
  it('reads a superscript as its text when the truth does not mark one', () => {
    const plain = { rows: [['Total', '1,2041']], spans: [], pages: [1] };
    expect(scoreTable(plain, html([['Total', '1,204<sup>1</sup>']])).cellsExact).toBe(2);
  });

  it('requires a marked superscript to come back marked, not glued to the number', () => {
    const marked = { rows: [['Total', '1,204<sup>1</sup>']], spans: [], pages: [1] };
    expect(scoreTable(marked, html([['Total', '1,2041']])).cellsExact).toBe(1);
    expect(scoreTable(marked, html([['Total', '1,204<sup>1</sup>']])).cellsExact).toBe(2);
    expect(scoreTable(marked, html([['Total', '1,204<sup>1</sup>']])).rowsWhole).toBe(1);
  });

  it('keeps a cell’s sup markup when reading our HTML', () => {
    expect(rowsFromHtml('<table><tr><td>12.5<sup>a</sup></td><td>x &amp; y</td></tr></table>')).toEqual([
      ['12.5<sup>a</sup>', 'x &amp; y'],
    ]);
  });
});

describe('spans', () => {
  const spanned = {
    rows: [
      ['Region', 'Exports', ''],
      ['', '2011', '2012'],
      ['North', '5', '6'],
    ],
    spans: [
      { row: 0, col: 0, rowspan: 2, colspan: 1 },
      { row: 0, col: 1, rowspan: 1, colspan: 2 },
    ],
    pages: [1],
  };

  it('builds the truth HTML with rowspan and colspan and leaves covered positions out', () => {
    expect(truthHtml(spanned)).toBe(
      '<table><tr><td rowspan="2">Region</td><td colspan="2">Exports</td></tr><tr><td>2011</td><td>2012</td></tr><tr><td>North</td><td>5</td><td>6</td></tr></table>',
    );
  });

  it('gives TEDS 1 to the same table and less when ours drops the spans', () => {
    const same = { rows: rowsFromHtml(truthHtml(spanned)), html: truthHtml(spanned) };
    expect(scoreTable(spanned, same).teds).toBe(1);
    const flat = html([
      ['Region', 'Exports', ''],
      ['', '2011', '2012'],
      ['North', '5', '6'],
    ]);
    const figures = scoreTable(spanned, flat);
    expect(figures.teds).toBeLessThan(1);
    expect(figures.cellsExact).toBe(figures.cells);
  });

  it('rejects a span that leaves the grid', () => {
    expect(() =>
      parseTruth(
        'bad',
        JSON.stringify({
          tables: [
            { pages: [1], kinds: ['ruled'], rows: [['a']], spans: [{ row: 0, col: 0, rowspan: 2, colspan: 1 }] },
          ],
        }),
      ),
    ).toThrow(/leaves the grid/);
  });
});

describe('matching', () => {
  it('picks, among the tables on the page, the one holding the truth’s cells, and ignores other pages', () => {
    const candidates = [
      { page: 1, table: html([['Name', 'Value']]) },
      { page: 1, table: html(truth.rows) },
      { page: 2, table: html(truth.rows) },
    ];
    const match = matchTable(truth, candidates);
    expect(match.used).toEqual([1]);
    expect(match.figures.rowsWhole).toBe(3);
    expect(matchTable({ ...truth, pages: [3] }, candidates).used).toEqual([]);
  });

  it('joins the two pages of a continued table when that scores better than either page', () => {
    const continued = { ...truth, pages: [1, 2] };
    const first = html([truth.rows[0]!, truth.rows[1]!]);
    const second = html([truth.rows[2]!]);
    const match = matchTable(continued, [
      { page: 1, table: first },
      { page: 2, table: second },
    ]);
    expect(match.used).toEqual([0, 1]);
    expect(match.figures.rowsWhole).toBe(3);
    expect(joinTables(first, second).rows).toHaveLength(3);
  });

  it('keeps a header the second page repeats once when it joins the two pages', () => {
    const continued = { ...truth, pages: [1, 2] };
    const first = html([truth.rows[0]!, truth.rows[1]!]);
    const second = html([truth.rows[0]!, truth.rows[2]!]);
    expect(joinTables(first, second).rows).toEqual(truth.rows);
    expect(joinTables(first, second).html).not.toMatch(/State.*State/u);
    const match = matchTable(continued, [
      { page: 1, table: first },
      { page: 2, table: second },
    ]);
    expect(match.used).toEqual([0, 1]);
    expect(match.figures.teds).toBe(1);
    expect(match.secondPart).toBe(1);
  });
});

describe('continued tables joined', () => {
  const warn = {
    rows: [
      ['Notice Date', 'Company', 'No. Of'],
      ['06/22/2015', 'Maxim Integrated Product', '150'],
      ['07/17/2015', 'Boeing Company', '65'],
    ],
  };
  const fiscal = {
    rows: [
      ['', 'Fiscal Year', ''],
      ['', '2013', '2012'],
      ['Revenues:', '', ''],
      ['Real estate taxes', '18,969,610', '18,157,722'],
    ],
  };

  it('reads the header rows of a truth table from its opening rows: words, or years over a label column', () => {
    expect(truthHeaderRows(warn)).toBe(1);
    expect(truthHeaderRows(fiscal)).toBe(2);
    expect(truthHeaderRows({ rows: warn.rows.slice(1) })).toBe(0);
    // The end of a cell cut off the page before is no header row.
    expect(truthHeaderRows({ rows: [warn.rows[0]!, ['', 'Middlesex H47, UK', ''], warn.rows[1]!] })).toBe(1);
  });

  it("counts a second part as joined when it opens with the truth's header rows", () => {
    expect(continuationHasHeader(warn, html([warn.rows[0]!, warn.rows[2]!]))).toBe(true);
    expect(continuationHasHeader(warn, html([warn.rows[2]!]))).toBe(false);
    expect(continuationHasHeader(warn, html([['Publication note'], warn.rows[0]!, warn.rows[2]!]))).toBe(false);
    expect(continuationHasHeader(warn, null)).toBe(false);
    // Two header rows of the truth may come back as one row of ours.
    expect(continuationHasHeader(fiscal, html([['', 'Fiscal Year', '2013', '2012'], fiscal.rows[3]!]))).toBe(true);
    expect(continuationHasHeader(fiscal, html([fiscal.rows[1]!, fiscal.rows[3]!]))).toBe(false);
  });

  it('counts a table without a header as joined when nothing was carried over', () => {
    const headless = { rows: warn.rows.slice(1) };
    expect(continuationHasHeader(headless, html([warn.rows[2]!]))).toBe(true);
    expect(continuationHasHeader(headless, html([warn.rows[1]!, warn.rows[2]!]))).toBe(false);
  });
});
