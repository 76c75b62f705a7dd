import { Chunkr } from 'chunkr-ai';
import exceljs from 'exceljs';
import { describe, expect, inject, it } from 'vitest';
import { waitForTask } from '../src/api.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Two sheets: a bold-headed table with formulas and a link beside a second region, and a small list. */
async function workbook(): Promise<Buffer> {
  const book = new exceljs.Workbook();
  const sales = book.addWorksheet('Sales');
  sales.addRow(['Region', 'Q1', 'Q2', 'Total']);
  sales.getRow(1).font = { bold: true };
  sales.addRow(['North', 10, 20, { formula: 'B2+C2', result: 30 }]);
  sales.addRow(['South', 5, 7, { formula: 'B3+C3', result: 12 }]);
  sales.getCell('A4').value = { text: 'Source', hyperlink: 'https://example.com/sales' };
  sales.mergeCells('F1:G1');
  sales.getCell('F1').value = 'Notes';
  sales.getCell('F2').value = 'Preliminary';
  const staff = book.addWorksheet('Staff');
  staff.addRow(['Name', 'Age']);
  staff.addRow(['Zoë', 41]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('spreadsheets read from their cells', () => {
  it('an XLSX through the current SDK: a Table per region with ss_cells, ss_range, ss_sheet_name, header <th>, a page per sheet', async () => {
    const client = new Chunkr({
      apiKey: inject('apiKey'),
      baseURL: `${inject('baseUrl')}/api/v1`,
      maxRetries: 0,
      timeout: 30_000,
    });
    const created = await client.tasks.parse.create({
      file: `data:${XLSX};base64,${(await workbook()).toString('base64')}`,
      chunk_processing: { target_length: 0 },
    });
    const done = await waitForTask(created.task_id);
    expect(done.status, done.message).toBe('Succeeded');
    const task = await client.tasks.parse.get(created.task_id);
    const output = task.output;
    expect(output?.page_count).toBe(2);
    expect(output?.pages?.map((page) => [page.page_number, page.ss_sheet_name])).toEqual([
      [1, 'Sales'],
      [2, 'Staff'],
    ]);
    const segments = (output?.chunks ?? []).flatMap((chunk) => chunk.segments);
    expect(
      segments.map((segment) => [segment.segment_type, segment.page_number, segment.ss_sheet_name, segment.ss_range]),
    ).toEqual([
      ['Table', 1, 'Sales', 'A1:D4'],
      ['Table', 1, 'Sales', 'F1:G2'],
      ['Table', 2, 'Staff', 'A1:B2'],
    ]);
    const [sales, notes, staff] = segments;
    expect(sales?.ss_header_range).toBe('A1:D1');
    expect(sales?.ss_cells?.find((cell) => cell.range === 'D2')).toMatchObject({
      text: '30',
      value: '30',
      formula: 'B2+C2',
    });
    expect(sales?.ss_cells?.find((cell) => cell.range === 'A4')).toMatchObject({
      text: 'Source',
      hyperlink: 'https://example.com/sales',
    });
    expect(sales?.ss_cells?.find((cell) => cell.range === 'A1')?.style).toMatchObject({ is_bold: true });
    const html = sales?.content ?? '';
    expect(html).toContain('<thead><tr><th>Region</th><th>Q1</th><th>Q2</th><th>Total</th></tr></thead>');
    expect(html).toContain('<tr><td>North</td><td>10</td><td>20</td><td>30</td></tr>');
    expect(notes?.ss_cells?.map((cell) => cell.range)).toEqual(['F1:G1', 'F2']);
    expect(notes?.content).toContain('colspan="2"');
    expect(staff?.content).toContain('<td>Zoë</td>');
    // Boxes lie on the sheet's page image, and the regions of a sheet do not overlap.
    const page = output?.pages?.[0];
    expect(sales?.bbox.left).toBe(0);
    expect((notes?.bbox.left ?? 0) + (notes?.bbox.width ?? 0)).toBeCloseTo(page?.page_width ?? 0, 0);
    expect(notes?.bbox.left).toBeGreaterThan((sales?.bbox.left ?? 0) + (sales?.bbox.width ?? 0) - 1);
  }, 180_000);
});
