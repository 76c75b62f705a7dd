import exceljs from 'exceljs';
import type { SheetGrid } from './read-workbook.js';

/**
 * An XLSX holding the grids' cells as they were read (numbers as numbers), for LibreOffice to draw
 * pages from: used for CSV, whose parsing (delimiter, quotes, encoding) is ours, not LibreOffice's.
 */
export async function gridsAsXlsx(grids: readonly SheetGrid[]): Promise<Uint8Array> {
  const workbook = new exceljs.Workbook();
  for (const grid of grids) {
    const sheet = workbook.addWorksheet(grid.name);
    for (const cell of grid.cells) {
      const number = Number(cell.text.trim());
      sheet.getCell(cell.row, cell.col).value = cell.numeric && Number.isFinite(number) ? number : cell.text;
    }
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
