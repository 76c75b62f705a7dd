import { randomUUID } from 'node:crypto';
import type { PageSegments, Segment } from '@folio/proto/documents/v1';
import type { SheetGrid } from './read-workbook.js';
import { sheetTables } from './sheet-regions.js';

/**
 * One PageSegments per sheet, in workbook order (LibreOffice's one-page-per-sheet export puts
 * sheet i on page i): a Table segment per region, boxed as fractions of the page (width and
 * height 1), its words one per cell so that `text` and `ocr` read the cells row by row.
 */
export function sheetPageSegments(grids: readonly SheetGrid[]): PageSegments[] {
  return grids.map((grid, pageIndex) => {
    const segments: Segment[] = sheetTables(grid, pageIndex).map((table) => ({
      segmentId: randomUUID(),
      segmentType: 'Table',
      bbox: table.box,
      words: table.cells.map((cell, index) => ({
        text: cell.text,
        bbox: table.cellBoxes[index],
        confidence: 1,
        blockIndex: 0,
        lineIndex: cell.row - table.rect.top,
      })),
      tableHtml: table.html,
      sheet: table.region,
    }));
    return { pageIndex, width: 1, height: 1, segments, image: undefined, sheetName: grid.name };
  });
}
