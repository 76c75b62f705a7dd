import exceljs from 'exceljs';
import type { Cell, CellValue, Worksheet } from 'exceljs';
import { parse as parseCsv } from 'csv-parse/sync';
import { InvalidDocumentError } from '@folio/runtime';
import type { SheetCellStyle } from '@folio/proto/documents/v1';
import { formatNumber } from './number-format.js';
import { checkZipSizes } from './zip-limits.js';

/** Bounds on one spreadsheet, so that a hostile file costs a bounded amount of memory and time. */
export interface SheetLimits {
  /** Sum of the XLSX members' declared uncompressed sizes. */
  maxUncompressedBytes: number;
  /** Non-empty cells over all sheets. */
  maxCells: number;
  /** Reading the file (inflate + XML parse, or CSV parse). */
  timeoutMs: number;
}

export const DEFAULT_SHEET_LIMITS: SheetLimits = {
  maxUncompressedBytes: 256 * 2 ** 20,
  maxCells: 200_000,
  timeoutMs: 60_000,
};

/** A non-empty cell (a merged cell once, at its top-left, spanning its merge). 1-based row/col. */
export interface GridCell {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  text: string;
  value?: string;
  formula?: string;
  hyperlink?: string;
  style: SheetCellStyle;
  /** The value is a number (or a formula's numeric result): a data cell for header detection. */
  numeric: boolean;
}

/** One sheet as read from the file. */
export interface SheetGrid {
  name: string;
  cells: GridCell[];
  /** Width in points of column `col` (1-based): 0 when hidden. */
  columnWidth: (col: number) => number;
  /** Height in points of row `row` (1-based): 0 when hidden. */
  rowHeight: (row: number) => number;
}

/** Which reader a spreadsheet needs. */
export type SheetKind = 'xlsx' | 'csv';

/**
 * Widths as LibreOffice lays them out when it exports a sheet as one PDF page: a column of the
 * file's default width is 59.78 pt, and a width in characters is about 5 pt each. Only the
 * proportions matter (boxes are fractions of the page).
 */
const DEFAULT_COLUMN_PT = 59.78;
const POINTS_PER_WIDTH_CHAR = 5.0;
const DEFAULT_ROW_PT = 15;

function cellsOver(limits: SheetLimits, count: number): InvalidDocumentError {
  return new InvalidDocumentError(
    `The spreadsheet has more than ${limits.maxCells.toLocaleString('en-US')} cells (${count.toLocaleString('en-US')} read)`,
  );
}

/** Runs `read` within the time budget and the call's signal; a late reader's result is dropped. */
async function withinBudget<T>(read: () => Promise<T>, timeoutMs: number, signal?: AbortSignal): Promise<T> {
  signal?.throwIfAborted();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new InvalidDocumentError(`Reading the spreadsheet took longer than ${Math.round(timeoutMs / 1000)} s`)),
      timeoutMs,
    );
  });
  const aborted = new Promise<never>((_, reject) => {
    signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });
  try {
    return await Promise.race([read(), timeout, aborted]);
  } finally {
    clearTimeout(timer);
  }
}

function hexColor(color: { argb?: string } | undefined): string | undefined {
  const argb = color?.argb;
  if (typeof argb !== 'string' || !/^[0-9a-f]{6,8}$/i.test(argb)) return undefined;
  return `#${argb.slice(-6).toUpperCase()}`;
}

const ALIGN: Record<string, SheetCellStyle['align']> = {
  left: 'Left',
  center: 'Center',
  right: 'Right',
  justify: 'Justify',
  centerContinuous: 'Center',
  distributed: 'Justify',
};
const VALIGN: Record<string, SheetCellStyle['valign']> = {
  top: 'Top',
  middle: 'Middle',
  bottom: 'Bottom',
  justify: 'Middle',
  distributed: 'Middle',
};

function cellStyle(cell: Cell): SheetCellStyle {
  const { font, fill, alignment } = cell.style;
  const style: SheetCellStyle = {};
  if (alignment?.horizontal !== undefined) style.align = ALIGN[alignment.horizontal];
  if (alignment?.vertical !== undefined) style.valign = VALIGN[alignment.vertical];
  if (fill?.type === 'pattern' && fill.pattern === 'solid') style.bgColor = hexColor(fill.fgColor);
  if (font?.color !== undefined) style.textColor = hexColor(font.color);
  if (font?.name !== undefined) style.fontFace = font.name;
  if (font?.bold !== undefined) style.isBold = font.bold;
  return style;
}

/** A plain value as text: numbers at full precision, dates as ISO 8601, errors as their code. */
function valueText(value: CellValue): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if ('error' in value) return value.error;
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('text' in value && 'hyperlink' in value)
    return typeof value.text === 'string' ? value.text : valueText(value.text);
  if ('formula' in value || 'sharedFormula' in value) return valueText(value.result);
  return undefined;
}

/**
 * What a cell shows: a number under its number format ("17,500" for 17500 under `#,##0`), a
 * date's day, TRUE/FALSE (exceljs writes 'true'), else its text.
 */
function shownText(cell: Cell, value: string | undefined): string {
  const result = cell.type === exceljs.ValueType.Formula ? (cell.result as CellValue) : cell.value;
  if (result instanceof Date) return result.toISOString().replace(/T00:00:00\.000Z$/, '');
  if (typeof result === 'boolean') return result ? 'TRUE' : 'FALSE';
  if (typeof result === 'number') {
    const formatted = formatNumber(result, cell.numFmt);
    if (formatted !== null) return formatted;
  }
  return (cell.text ?? value ?? '').toString();
}

function readCell(cell: Cell, rowSpan: number, colSpan: number): GridCell | null {
  const value = valueText(cell.value);
  const text = shownText(cell, value);
  const formula = cell.type === exceljs.ValueType.Formula ? cell.formula : undefined;
  if (text.trim() === '' && formula === undefined) return null;
  const result = cell.type === exceljs.ValueType.Formula ? (cell.result as CellValue) : cell.value;
  const hyperlink = cell.type === exceljs.ValueType.Hyperlink ? cell.hyperlink : undefined;
  return {
    row: Number(cell.row),
    col: Number(cell.col),
    rowSpan,
    colSpan,
    text,
    ...(value === undefined ? {} : { value }),
    ...(formula === undefined ? {} : { formula }),
    ...(hyperlink ? { hyperlink } : {}),
    style: cellStyle(cell),
    numeric: typeof result === 'number',
  };
}

/** `A1:C3` -> rows and columns, 1-based. */
function decodeRange(range: string): { top: number; left: number; bottom: number; right: number } | null {
  const match = /^([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?$/.exec(range.replace(/\$/g, '').toUpperCase());
  if (!match) return null;
  const column = (letters: string): number =>
    [...letters].reduce((sum, letter) => sum * 26 + letter.charCodeAt(0) - 64, 0);
  const left = column(match[1] ?? 'A');
  const top = Number(match[2]);
  return { top, left, bottom: Number(match[4] ?? top), right: match[3] ? column(match[3]) : left };
}

function readWorksheet(sheet: Worksheet, budget: { cells: number }, limits: SheetLimits): SheetGrid {
  const spans = new Map<string, { rowSpan: number; colSpan: number }>();
  // exceljs keeps the merges on the model only; this is its documented shape.
  for (const merge of (sheet.model as { merges?: string[] }).merges ?? []) {
    const range = decodeRange(merge);
    if (range === null) continue;
    const master = sheet.getCell(range.top, range.left).address;
    spans.set(master, { rowSpan: range.bottom - range.top + 1, colSpan: range.right - range.left + 1 });
  }
  const cells: GridCell[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    if (row.hidden) return;
    row.eachCell({ includeEmpty: false }, (cell) => {
      // Cells covered by a merge are read through their master.
      if (cell.isMerged && cell.master.address !== cell.address) return;
      const span = spans.get(cell.address) ?? { rowSpan: 1, colSpan: 1 };
      const read = readCell(cell, span.rowSpan, span.colSpan);
      if (read === null) return;
      if (++budget.cells > limits.maxCells) throw cellsOver(limits, budget.cells);
      cells.push(read);
    });
  });
  const defaultColumn = sheet.properties.defaultColWidth
    ? sheet.properties.defaultColWidth * POINTS_PER_WIDTH_CHAR
    : DEFAULT_COLUMN_PT;
  const defaultRow = sheet.properties.defaultRowHeight || DEFAULT_ROW_PT;
  return {
    name: sheet.name,
    cells,
    columnWidth: (col) => {
      const column = sheet.getColumn(col);
      if (column.hidden) return 0;
      return column.width ? column.width * POINTS_PER_WIDTH_CHAR : defaultColumn;
    },
    rowHeight: (row) => {
      const line = sheet.findRow(row);
      if (line?.hidden) return 0;
      return line?.height || defaultRow;
    },
  };
}

async function readXlsx(bytes: Uint8Array, limits: SheetLimits): Promise<SheetGrid[]> {
  checkZipSizes(bytes, limits.maxUncompressedBytes);
  const workbook = new exceljs.Workbook();
  try {
    // exceljs types its input as Node's Buffer; a view over the same memory, no copy.
    await workbook.xlsx.load(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as exceljs.Buffer,
    );
  } catch (error) {
    throw new InvalidDocumentError('The spreadsheet cannot be read', { cause: error });
  }
  const budget = { cells: 0 };
  // Every sheet in workbook order, hidden ones too: LibreOffice exports each as a page.
  return workbook.worksheets.map((sheet) => readWorksheet(sheet, budget, limits));
}

/** UTF-8 when the bytes are UTF-8 (BOM dropped), else Windows-1252, what spreadsheet programs write. */
function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The delimiter of a CSV: the one of , ; and tab found most often outside quotes in its first line. */
export function detectDelimiter(text: string): string {
  const firstLine = text.slice(0, 64 * 1024).split(/\r?\n/, 1)[0] ?? '';
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t'].map((delimiter) => ({ delimiter, count: unquoted.split(delimiter).length - 1 }));
  counts.sort((a, b) => b.count - a.count);
  return counts[0]?.count ? counts[0].delimiter : ',';
}

const NUMBER = /^[+-]?(\d+([.,]\d+)?|\d{1,3}(,\d{3})+(\.\d+)?)([eE][+-]?\d+)?$/;

function readCsv(bytes: Uint8Array, limits: SheetLimits): SheetGrid[] {
  if (bytes.length > limits.maxUncompressedBytes) {
    throw new InvalidDocumentError(
      `The CSV file is over the limit of ${Math.floor(limits.maxUncompressedBytes / 2 ** 20)} MiB`,
    );
  }
  const text = decodeText(bytes);
  let rows: string[][];
  try {
    rows = parseCsv(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      bom: true,
      skip_empty_lines: false,
    });
  } catch (error) {
    throw new InvalidDocumentError('The CSV file cannot be read', { cause: error });
  }
  const cells: GridCell[] = [];
  rows.forEach((fields, rowIndex) => {
    fields.forEach((field, colIndex) => {
      if (field.trim() === '') return;
      if (cells.length >= limits.maxCells) throw cellsOver(limits, cells.length + 1);
      cells.push({
        row: rowIndex + 1,
        col: colIndex + 1,
        rowSpan: 1,
        colSpan: 1,
        text: field,
        value: field,
        style: {},
        numeric: NUMBER.test(field.trim()),
      });
    });
  });
  return [{ name: 'Sheet1', cells, columnWidth: () => DEFAULT_COLUMN_PT, rowHeight: () => DEFAULT_ROW_PT }];
}

/**
 * Reads every sheet of a spreadsheet from its cells: values, cached formula results, formulas,
 * hyperlinks, merges and styles (exceljs for XLSX, csv-parse for CSV). Refuses files over the
 * limits with an InvalidDocumentError that says which.
 */
export function readSpreadsheet(
  input: { bytes: Uint8Array; kind: SheetKind; signal?: AbortSignal },
  limits: SheetLimits = DEFAULT_SHEET_LIMITS,
): Promise<SheetGrid[]> {
  const read =
    input.kind === 'xlsx' ? () => readXlsx(input.bytes, limits) : () => Promise.resolve(readCsv(input.bytes, limits));
  return withinBudget(read, limits.timeoutMs, input.signal);
}
