import type { BBox } from '@folio/proto/common/v1';
import type { SheetCell, SheetRegion } from '@folio/proto/documents/v1';
import type { GridCell, SheetGrid } from './read-workbook.js';

/** A region's place in its sheet, 1-based and inclusive. */
export interface CellRect {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** One Table segment's worth of a sheet. */
export interface SheetTable {
  rect: CellRect;
  /** Box as fractions (0..1) of the sheet's page: the used area, as LibreOffice exports it. */
  box: BBox;
  region: SheetRegion;
  html: string;
  /** The region's cells in reading order (row by row), for the segment's words. */
  cells: GridCell[];
  /** Each cell's box, fractions of the page, in the order of `cells`. */
  cellBoxes: BBox[];
}

/** Column number -> letters (1 -> A, 27 -> AA). */
export function columnName(col: number): string {
  let name = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A1 notation of a rectangle; a single cell as `B3`. */
export function rangeName(rect: CellRect): string {
  const start = `${columnName(rect.left)}${rect.top}`;
  return rect.top === rect.bottom && rect.left === rect.right
    ? start
    : `${start}:${columnName(rect.right)}${rect.bottom}`;
}

const cellRect = (cell: GridCell): CellRect => ({
  top: cell.row,
  left: cell.col,
  bottom: cell.row + cell.rowSpan - 1,
  right: cell.col + cell.colSpan - 1,
});

/** Rectangles that overlap or touch (no empty row or column between them, diagonals included). */
function touches(a: CellRect, b: CellRect): boolean {
  return a.left <= b.right + 1 && b.left <= a.right + 1 && a.top <= b.bottom + 1 && b.top <= a.bottom + 1;
}

function union(a: CellRect, b: CellRect): CellRect {
  return {
    top: Math.min(a.top, b.top),
    left: Math.min(a.left, b.left),
    bottom: Math.max(a.bottom, b.bottom),
    right: Math.max(a.right, b.right),
  };
}

/**
 * The regions of a sheet: rectangular blocks of non-empty cells separated from each other by at
 * least one empty row or column. Cells are swept in row order and joined to every block they
 * touch; blocks that grow into each other are merged until none touch, so the result is a set of
 * rectangles with empty rows or columns between them. Ordered top to bottom, then left to right.
 */
export function findRegions(cells: readonly GridCell[]): { rect: CellRect; cells: GridCell[] }[] {
  let blocks: { rect: CellRect; cells: GridCell[] }[] = [];
  // Blocks that end above the previous row: no later cell can touch them.
  const done: { rect: CellRect; cells: GridCell[] }[] = [];
  const sorted = [...cells].sort((a, b) => a.row - b.row || a.col - b.col);
  let currentRow = 0;
  for (const cell of sorted) {
    const rect = cellRect(cell);
    if (rect.top !== currentRow) {
      currentRow = rect.top;
      done.push(...blocks.filter((block) => block.rect.bottom + 1 < currentRow));
      blocks = blocks.filter((block) => block.rect.bottom + 1 >= currentRow);
    }
    const joined = blocks.filter((block) => touches(block.rect, rect));
    if (joined.length === 0) {
      blocks.push({ rect, cells: [cell] });
      continue;
    }
    const merged = joined.reduce(
      (into, block) => ({ rect: union(into.rect, block.rect), cells: into.cells.concat(block.cells) }),
      {
        rect,
        cells: [cell],
      },
    );
    blocks = blocks.filter((block) => !joined.includes(block));
    blocks.push(merged);
  }
  blocks.push(...done);
  // A block that grew sideways may now touch one it had not before.
  for (let changed = true; changed;) {
    changed = false;
    outer: for (let i = 0; i < blocks.length; i++) {
      for (let j = i + 1; j < blocks.length; j++) {
        const a = blocks[i];
        const b = blocks[j];
        if (a === undefined || b === undefined || !touches(a.rect, b.rect)) continue;
        blocks[i] = { rect: union(a.rect, b.rect), cells: a.cells.concat(b.cells) };
        blocks.splice(j, 1);
        changed = true;
        break outer;
      }
    }
  }
  for (const block of blocks) block.cells.sort((a, b) => a.row - b.row || a.col - b.col);
  return blocks.sort((a, b) => a.rect.top - b.rect.top || a.rect.left - b.rect.left);
}

/**
 * How many of a region's first rows are its header: leading rows that hold only text, all of it
 * bold, while the region has rows below that are not; else the first row alone when it is all
 * text over a column whose cells below are mostly numbers. 0 when neither holds.
 */
export function headerRowCount(rect: CellRect, cells: readonly GridCell[]): number {
  if (rect.bottom === rect.top) return 0;
  const byRow = new Map<number, GridCell[]>();
  for (const cell of cells) byRow.set(cell.row, [...(byRow.get(cell.row) ?? []), cell]);
  const isTextRow = (row: number): boolean =>
    (byRow.get(row) ?? []).every((cell) => !cell.numeric && cell.formula === undefined);
  const isBoldRow = (row: number): boolean => {
    const rowCells = byRow.get(row) ?? [];
    return rowCells.length > 0 && rowCells.every((cell) => cell.style.isBold === true);
  };
  let bold = 0;
  while (rect.top + bold < rect.bottom && bold < 3 && isTextRow(rect.top + bold) && isBoldRow(rect.top + bold)) bold++;
  if (bold > 0) return bold;
  const firstRow = byRow.get(rect.top) ?? [];
  if (firstRow.length === 0 || !isTextRow(rect.top)) return 0;
  const overNumbers = firstRow.some((head) => {
    const below = cells.filter((cell) => cell.row > rect.top && cell.col === head.col);
    return below.length > 0 && below.filter((cell) => cell.numeric).length * 2 >= below.length;
  });
  return overNumbers ? 1 : 0;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] ?? char);
}

/** The region as an HTML table: header rows as <th> in <thead>, merges as spans, empty cells kept. */
function tableHtml(rect: CellRect, cells: readonly GridCell[], headerRows: number): string {
  const at = new Map<string, GridCell>();
  const covered = new Set<string>();
  for (const cell of cells) {
    at.set(`${cell.row}:${cell.col}`, cell);
    for (let r = cell.row; r < cell.row + cell.rowSpan; r++)
      for (let c = cell.col; c < cell.col + cell.colSpan; c++)
        if (r !== cell.row || c !== cell.col) covered.add(`${r}:${c}`);
  }
  const rows: string[] = [];
  for (let row = rect.top; row <= rect.bottom; row++) {
    const tag = row < rect.top + headerRows ? 'th' : 'td';
    let html = '';
    for (let col = rect.left; col <= rect.right; col++) {
      if (covered.has(`${row}:${col}`)) continue;
      const cell = at.get(`${row}:${col}`);
      const spans = `${cell && cell.colSpan > 1 ? ` colspan="${cell.colSpan}"` : ''}${cell && cell.rowSpan > 1 ? ` rowspan="${cell.rowSpan}"` : ''}`;
      html += `<${tag}${spans}>${cell ? escapeHtml(cell.text) : ''}</${tag}>`;
    }
    rows.push(`<tr>${html}</tr>`);
  }
  const head = rows.slice(0, headerRows);
  const body = rows.slice(headerRows);
  return `<table>${head.length > 0 ? `<thead>${head.join('')}</thead>` : ''}<tbody>${body.join('')}</tbody></table>`;
}

/** Offsets in points of every row or column from `first` to `last` + 1, from `first`'s start. */
function offsets(first: number, last: number, size: (index: number) => number): number[] {
  const result = [0];
  for (let index = first; index <= last; index++) result.push((result[result.length - 1] ?? 0) + size(index));
  return result;
}

/** The sheet cut into Table regions, each with its cells, header, HTML and box on the page. */
export function sheetTables(grid: SheetGrid, sheetIndex: number): SheetTable[] {
  if (grid.cells.length === 0) return [];
  const regions = findRegions(grid.cells);
  const used = regions.map((region) => region.rect).reduce(union);
  const xs = offsets(used.left, used.right, grid.columnWidth);
  const ys = offsets(used.top, used.bottom, grid.rowHeight);
  const width = xs[xs.length - 1] || 1;
  const height = ys[ys.length - 1] || 1;
  const boxOf = (rect: CellRect): BBox => {
    const left = xs[rect.left - used.left] ?? 0;
    const top = ys[rect.top - used.top] ?? 0;
    return {
      left: left / width,
      top: top / height,
      width: ((xs[rect.right - used.left + 1] ?? width) - left) / width,
      height: ((ys[rect.bottom - used.top + 1] ?? height) - top) / height,
    };
  };
  return regions.map(({ rect, cells }) => {
    const headerRows = headerRowCount(rect, cells);
    const headerRect = { ...rect, bottom: rect.top + headerRows - 1 };
    const headerCells = cells.filter((cell) => cell.row < rect.top + headerRows);
    const sheetCells: SheetCell[] = cells.map((cell) => {
      const range = rangeName(cellRect(cell));
      return {
        cellId: `${sheetIndex}-${range}`,
        range,
        text: cell.text,
        value: cell.value,
        formula: cell.formula,
        hyperlink: cell.hyperlink,
        style: cell.style,
      };
    });
    return {
      rect,
      box: boxOf(rect),
      region: {
        sheetName: grid.name,
        range: rangeName(rect),
        cells: sheetCells,
        headerRange: headerRows > 0 ? rangeName(headerRect) : '',
        headerText: headerRows > 0 ? headerCells.map((cell) => cell.text).join(' | ') : '',
      },
      html: tableHtml(rect, cells, headerRows),
      cells,
      cellBoxes: cells.map((cell) => boxOf(cellRect(cell))),
    };
  });
}
