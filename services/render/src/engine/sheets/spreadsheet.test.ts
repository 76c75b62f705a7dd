import { deflateRawSync } from 'node:zlib';
import exceljs from 'exceljs';
import { InvalidDocumentError } from '@folio/runtime';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHEET_LIMITS, detectDelimiter, readSpreadsheet, type SheetGrid } from './read-workbook.js';
import { sheetPageSegments } from './sheet-pages.js';
import { columnName, findRegions, sheetTables } from './sheet-regions.js';

/** A workbook as a spreadsheet program would save it: two sheets, formulas, a merge, a link, two regions. */
async function salesWorkbook(): Promise<Uint8Array> {
  const workbook = new exceljs.Workbook();
  const sales = workbook.addWorksheet('Sales');
  sales.addRow(['Region', 'Q1', 'Q2', 'Total']);
  sales.getRow(1).font = { bold: true, name: 'Arial' };
  sales.getCell('A1').fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDAE3F3' } };
  sales.getCell('D1').alignment = { horizontal: 'right', vertical: 'middle' };
  sales.addRow(['North', 10, 20, { formula: 'B2+C2', result: 30 }]);
  sales.addRow(['South', 5, 7.125, { formula: 'B3+C3', result: 12.125 }]);
  sales.getCell('A2').value = { text: 'North', hyperlink: 'https://example.com/north' };
  // A second region: an empty column (E) and rows apart.
  sales.getCell('G6').value = 'Notes';
  sales.mergeCells('G7:H7');
  sales.getCell('G7').value = 'Merged note';
  sales.getCell('G8').value = 'x';
  sales.getCell('H8').value = 'y';
  const second = workbook.addWorksheet('Second');
  second.getCell('B2').value = 'Name';
  second.getCell('C2').value = 'Score';
  second.getCell('B3').value = 'Zoë';
  second.getCell('C3').value = 9.5;
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

const cellsOf = (grid: SheetGrid | undefined): Map<string, SheetGrid['cells'][number]> =>
  new Map((grid?.cells ?? []).map((cell) => [`${columnName(cell.col)}${cell.row}`, cell]));

describe('reading an XLSX from its cells', () => {
  it('reads formulas with their cached values, hyperlinks, merges and styles of every sheet', async () => {
    const grids = await readSpreadsheet({ bytes: await salesWorkbook(), kind: 'xlsx' });
    expect(grids.map((grid) => grid.name)).toEqual(['Sales', 'Second']);
    const cells = cellsOf(grids[0]);
    expect(cells.get('D3')).toMatchObject({ text: '12.125', value: '12.125', formula: 'B3+C3', numeric: true });
    expect(cells.get('A2')).toMatchObject({ text: 'North', hyperlink: 'https://example.com/north' });
    expect(cells.get('A1')?.style).toMatchObject({ isBold: true, fontFace: 'Arial', bgColor: '#DAE3F3' });
    expect(cells.get('D1')?.style).toMatchObject({ align: 'Right', valign: 'Middle', isBold: true });
    expect(cells.get('G7')).toMatchObject({ text: 'Merged note', rowSpan: 1, colSpan: 2 });
    // The cell under the merge is read once, through its master.
    expect(cells.has('H7')).toBe(false);
  });

  it('shows numbers under their cell number format, General ones as stored', async () => {
    const workbook = new exceljs.Workbook();
    const sheet = workbook.addWorksheet('Budget');
    sheet.addRow([17500, 435.84, { formula: 'A1/B1', result: 0.0489 }, 12.125]);
    sheet.getCell('A1').numFmt = '#,##0';
    sheet.getCell('B1').numFmt = '#,##0';
    sheet.getCell('C1').numFmt = '0.0%';
    const grids = await readSpreadsheet({ bytes: new Uint8Array(await workbook.xlsx.writeBuffer()), kind: 'xlsx' });
    const cells = cellsOf(grids[0]);
    expect(cells.get('A1')).toMatchObject({ text: '17,500', value: '17500', numeric: true });
    expect(cells.get('B1')).toMatchObject({ text: '436', value: '435.84' });
    expect(cells.get('C1')).toMatchObject({ text: '4.9%', formula: 'A1/B1' });
    expect(cells.get('D1')).toMatchObject({ text: '12.125' });
  });

  it('cuts a sheet into one Table per region with A1 ranges, header rows as <th> and merges as spans', async () => {
    const grids = await readSpreadsheet({ bytes: await salesWorkbook(), kind: 'xlsx' });
    const [sales, second] = sheetPageSegments(grids);
    expect(sales?.sheetName).toBe('Sales');
    expect(sales?.segments.map((segment) => segment.sheet?.range)).toEqual(['A1:D3', 'G6:H8']);
    const [table, notes] = sales?.segments ?? [];
    expect(table?.segmentType).toBe('Table');
    expect(table?.sheet).toMatchObject({
      sheetName: 'Sales',
      headerRange: 'A1:D1',
      headerText: 'Region | Q1 | Q2 | Total',
    });
    expect(table?.tableHtml).toBe(
      '<table><thead><tr><th>Region</th><th>Q1</th><th>Q2</th><th>Total</th></tr></thead><tbody>' +
        '<tr><td>North</td><td>10</td><td>20</td><td>30</td></tr><tr><td>South</td><td>5</td><td>7.125</td><td>12.125</td></tr></tbody></table>',
    );
    expect(table?.sheet?.cells.find((cell) => cell.range === 'D2')).toMatchObject({
      cellId: '0-D2',
      text: '30',
      value: '30',
      formula: 'B2+C2',
    });
    expect(notes?.tableHtml).toContain('<td colspan="2">Merged note</td>');
    expect(notes?.sheet?.cells.map((cell) => cell.range)).toEqual(['G6', 'G7:H7', 'G8', 'H8']);
    // Boxes are fractions of the used area G..A / 1..8: the first region starts at the top left.
    expect(table?.bbox).toMatchObject({ left: 0, top: 0 });
    expect((notes?.bbox?.left ?? 0) + (notes?.bbox?.width ?? 0)).toBeCloseTo(1);
    expect(table?.words.map((word) => word.text).slice(0, 4)).toEqual(['Region', 'Q1', 'Q2', 'Total']);
    expect(second?.sheetName).toBe('Second');
    // Text over a numeric column is a header even without bold.
    expect(second?.segments[0]?.sheet).toMatchObject({ range: 'B2:C3', headerRange: 'B2:C2' });
    expect(second?.segments[0]?.tableHtml).toContain('<th>Name</th><th>Score</th>');
    expect(second?.segments[0]?.tableHtml).toContain('<td>Zoë</td>');
  });

  it('refuses a zip bomb by its declared sizes before inflating it', async () => {
    const bytes = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(2 * 2 ** 20, 0x20) }]);
    const limits = { ...DEFAULT_SHEET_LIMITS, maxUncompressedBytes: 2 ** 20 };
    const error = await readSpreadsheet({ bytes, kind: 'xlsx' }, limits).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidDocumentError);
    expect((error as Error).message).toBe('The spreadsheet inflates to 2 MiB, over the limit of 1 MiB');
  });

  it('refuses a workbook over the cell limit and one that is not an XLSX', async () => {
    const limits = { ...DEFAULT_SHEET_LIMITS, maxCells: 10 };
    const tooMany = await readSpreadsheet({ bytes: await salesWorkbook(), kind: 'xlsx' }, limits).catch(
      (e: unknown) => e,
    );
    expect(tooMany).toBeInstanceOf(InvalidDocumentError);
    expect((tooMany as Error).message).toBe('The spreadsheet has more than 10 cells (11 read)');
    const garbage = await readSpreadsheet({ bytes: new Uint8Array([0x50, 0x4b, 3, 4, 1, 2]), kind: 'xlsx' }).catch(
      (e: unknown) => e,
    );
    expect(garbage).toBeInstanceOf(InvalidDocumentError);
  });

  it('gives up on a read that runs past its time budget', async () => {
    const limits = { ...DEFAULT_SHEET_LIMITS, timeoutMs: 1 };
    const big = new exceljs.Workbook();
    const sheet = big.addWorksheet('Big');
    for (let row = 1; row <= 3000; row++) sheet.addRow([row, `r${row}`, row * 2, row / 3]);
    const bytes = new Uint8Array(await big.xlsx.writeBuffer());
    const error = await readSpreadsheet({ bytes, kind: 'xlsx' }, limits).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidDocumentError);
    expect((error as Error).message).toMatch(/^Reading the spreadsheet took longer than/);
  });
});

describe('reading a CSV', () => {
  it('reads quoted fields, embedded delimiters, quotes and newlines, UTF-8 with a BOM', async () => {
    const csv = '\uFEFFname,city,amount\n"Müller, Jörg","Zürich ""Altstadt""",12.5\n"multi\nline",東京,3\n';
    const grids = await readSpreadsheet({ bytes: new TextEncoder().encode(csv), kind: 'csv' });
    expect(grids).toHaveLength(1);
    const cells = cellsOf(grids[0]);
    expect(cells.get('A1')?.text).toBe('name');
    expect(cells.get('A2')?.text).toBe('Müller, Jörg');
    expect(cells.get('B2')?.text).toBe('Zürich "Altstadt"');
    expect(cells.get('A3')?.text).toBe('multi\nline');
    expect(cells.get('B3')?.text).toBe('東京');
    expect(cells.get('C2')).toMatchObject({ numeric: true, value: '12.5' });
    const [page] = sheetPageSegments(grids);
    expect(page?.segments[0]?.sheet).toMatchObject({ range: 'A1:C3', headerRange: 'A1:C1' });
    expect(page?.segments[0]?.tableHtml).toContain('<td>Zürich &quot;Altstadt&quot;</td>');
  });

  it('detects semicolon and tab delimiters and reads Windows-1252 bytes', async () => {
    expect(detectDelimiter('a;b;"c;d"\n1;2;3')).toBe(';');
    expect(detectDelimiter('a\tb\n1\t2')).toBe('\t');
    expect(detectDelimiter('one column\n')).toBe(',');
    const grids = await readSpreadsheet({ bytes: new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x3b, 0x31]), kind: 'csv' });
    expect(grids[0]?.cells.map((cell) => cell.text)).toEqual(['café', '1']);
  });

  it('refuses a CSV over the cell limit', async () => {
    const csv = Array.from({ length: 20 }, (_, row) => `${row},${row}`).join('\n');
    const error = await readSpreadsheet(
      { bytes: new TextEncoder().encode(csv), kind: 'csv' },
      { ...DEFAULT_SHEET_LIMITS, maxCells: 30 },
    ).catch((e: unknown) => e);
    expect((error as Error).message).toBe('The spreadsheet has more than 30 cells (31 read)');
  });
});

describe('regions', () => {
  const cell = (row: number, col: number, text = 'v'): SheetGrid['cells'][number] => ({
    row,
    col,
    rowSpan: 1,
    colSpan: 1,
    text,
    style: {},
    numeric: false,
  });

  it('keeps diagonal neighbours together and splits at an empty row or column', () => {
    const regions = findRegions([cell(1, 1), cell(2, 2), cell(1, 4), cell(5, 1), cell(5, 2)]);
    expect(regions.map((region) => region.rect)).toEqual([
      { top: 1, left: 1, bottom: 2, right: 2 },
      { top: 1, left: 4, bottom: 1, right: 4 },
      { top: 5, left: 1, bottom: 5, right: 2 },
    ]);
  });

  it('merges blocks that grow into each other', () => {
    // Two columns that meet only through the row at the bottom.
    const regions = findRegions([cell(1, 1), cell(2, 1), cell(1, 3), cell(2, 3), cell(3, 1), cell(3, 2), cell(3, 3)]);
    expect(regions).toHaveLength(1);
    expect(regions[0]?.rect).toEqual({ top: 1, left: 1, bottom: 3, right: 3 });
  });

  it('finds no header in a table of text alone without bold', () => {
    const grid: SheetGrid = {
      name: 'S',
      cells: [cell(1, 1, 'a'), cell(2, 1, 'b')],
      columnWidth: () => 10,
      rowHeight: () => 10,
    };
    expect(sheetTables(grid, 0)[0]?.region.headerRange).toBe('');
  });

  it('names columns past Z', () => {
    expect([1, 26, 27, 52, 703].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'AAA']);
  });
});

/** A ZIP with stored sizes as declared, members deflated (what a zip bomb looks like to a reader). */
function zipOf(entries: { name: string; data: Buffer }[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const body = deflateRawSync(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}
