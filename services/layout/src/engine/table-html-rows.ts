import { normalizedEditDistance } from '@folio/runtime';
import { isHeaderRow } from './table-structure.js';

// The rows of a Table segment's HTML as the layout stage writes it, read back: for the passes that
// work on finished tables (continued-tables, table-columns).

/** Two rows are the same (a repeated header) when their texts are this close (normalized edit distance; OCR noise). */
const MAX_ROW_DISTANCE = 0.15;

/** One `<tr>` of a table's HTML: its source, its cells, and whether it is in the `<thead>`. */
export interface HtmlRow {
  html: string;
  cells: { text: string; colspan: number; rowspan: number }[];
  inHead: boolean;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

function cellTextOf(inner: string): string {
  return inner
    .replace(/<[^>]*>/gu, ' ')
    .replace(/&(?:amp|lt|gt|quot|#39);/gu, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/gu, ' ')
    .trim();
}

function spanOf(attributes: string, name: 'colspan' | 'rowspan'): number {
  const value = new RegExp(`${name}\\s*=\\s*["']?(\\d+)`, 'iu').exec(attributes)?.[1];
  return value === undefined ? 1 : Math.max(1, Number.parseInt(value, 10));
}

/** The rows of a table's HTML as the layout stage writes it (`<thead>` first, closed tags). */
export function rowsOf(html: string): HtmlRow[] {
  const head = /<thead\b[^>]*>([\s\S]*?)<\/thead>/iu.exec(html);
  const headStart = head?.index ?? -1;
  const headEnd = head ? head.index + head[0].length : -1;
  return [...html.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/giu)].map((row) => ({
    html: row[0],
    cells: [...(row[1] ?? '').matchAll(/<t[dh]\b([^>]*)>([\s\S]*?)<\/t[dh]>/giu)].map((cell) => ({
      text: cellTextOf(cell[2] ?? ''),
      colspan: spanOf(cell[1] ?? '', 'colspan'),
      rowspan: spanOf(cell[1] ?? '', 'rowspan'),
    })),
    inHead: row.index > headStart && row.index < headEnd,
  }));
}

/** Columns of a table: its widest row's colspans summed. */
export function columnCountOf(rows: readonly HtmlRow[]): number {
  return Math.max(0, ...rows.map((row) => row.cells.reduce((sum, cell) => sum + cell.colspan, 0)));
}

/** A row of one cell over every column: a title or a note set over the table, not a column's heading. */
export function isTitleRow(row: HtmlRow, columns: number): boolean {
  const filled = row.cells.filter((cell) => cell.text !== '');
  return columns > 1 && filled.length === 1 && filled[0]!.colspan === columns; // length checked
}

const textsOf = (rows: readonly HtmlRow[]): string[] =>
  rows.flatMap((row) => row.cells.map((cell) => cell.text)).filter((text) => text !== '');

/**
 * The rows that head a table's columns: its `<thead>` rows after any title rows over it; without
 * those, its first row after the title rows when that row is obviously a header (isHeaderRow: words
 * over a body of figures). Empty when the table has no header.
 */
export function headerRowsOf(rows: readonly HtmlRow[]): HtmlRow[] {
  const columns = columnCountOf(rows);
  let start = 0;
  while (start < rows.length && isTitleRow(rows[start]!, columns)) start += 1;
  const inHead: HtmlRow[] = [];
  for (let index = start; index < rows.length && rows[index]!.inHead; index += 1) inHead.push(rows[index]!);
  if (inHead.length > 0) return inHead;
  const first = rows[start];
  if (!first) return [];
  return isHeaderRow(textsOf([first]), textsOf(rows.slice(start + 1)), false) ? [first] : [];
}

/** A row's cells as text, lower case, ' | ' between them. */
export const rowText = (row: HtmlRow): string => row.cells.map((cell) => cell.text.toLowerCase()).join(' | ');

export function sameRow(a: HtmlRow, b: HtmlRow): boolean {
  return normalizedEditDistance(rowText(a), rowText(b)) <= MAX_ROW_DISTANCE;
}
