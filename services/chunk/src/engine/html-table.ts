import type { Word } from '@folio/proto/documents/v1';
import { decodeEntities, escapeHtml, flowText, groupLines } from './text.js';

/** One table cell as written in the HTML, before spans are expanded. */
export interface TableCell {
  text: string;
  colspan: number;
  rowspan: number;
}

/** The most rows/columns a span may claim; guards against `colspan="100000"` blowing up the grid. */
const MAX_SPAN = 1000;

/**
 * Reads the rows and cells of the first HTML table in `html`. Deliberately tolerant (regex, not a
 * DOM): the input is the layout stage's or a language model's table, which may omit `<tbody>` or
 * closing tags. Cell text loses its inner markup and has its entities decoded.
 */
export function parseHtmlTable(html: string): TableCell[][] {
  const rows: TableCell[][] = [];
  // A row runs to the next <tr> or the end of the table when </tr> is missing.
  const rowPattern = /<tr\b[^>]*>([\s\S]*?)(?=<tr\b|<\/table>|$)/gi;
  for (const rowMatch of html.matchAll(rowPattern)) {
    const cells: TableCell[] = [];
    const cellPattern = /<t([dh])\b([^>]*)>([\s\S]*?)(?=<t[dh]\b|<\/tr>|$)/gi;
    for (const cellMatch of (rowMatch[1] ?? '').matchAll(cellPattern)) {
      const attributes = cellMatch[2] ?? '';
      const inner = (cellMatch[3] ?? '').replace(/<\/t[dh]>\s*$/i, '');
      cells.push({
        text: flowText(decodeEntities(inner.replace(/<br\s*\/?>/gi, ' ').replace(/<[^>]*>/g, ''))),
        colspan: spanAttribute(attributes, 'colspan'),
        rowspan: spanAttribute(attributes, 'rowspan'),
      });
    }
    rows.push(cells);
  }
  return rows;
}

function spanAttribute(attributes: string, name: string): number {
  const match = new RegExp(`${name}\\s*=\\s*["']?(\\d+)`, 'i').exec(attributes);
  const value = match?.[1] === undefined ? 1 : Number.parseInt(match[1], 10);
  return Math.min(Math.max(value, 1), MAX_SPAN);
}

/** Expands spans into a rectangular grid; a spanned cell's text is repeated in every slot it covers. */
export function toGrid(rows: readonly TableCell[][]): string[][] {
  const grid: (string | undefined)[][] = [];
  rows.forEach((cells, rowIndex) => {
    const row = (grid[rowIndex] ??= []);
    let column = 0;
    for (const cell of cells) {
      while (row[column] !== undefined) column++;
      for (let r = 0; r < cell.rowspan && rowIndex + r < rows.length; r++) {
        const target = (grid[rowIndex + r] ??= []);
        for (let c = 0; c < cell.colspan; c++) target[column + c] = cell.text;
      }
      column += cell.colspan;
    }
  });
  const width = Math.max(0, ...grid.map((row) => row.length));
  return grid.map((row) => Array.from({ length: width }, (_, index) => row[index] ?? ''));
}

function markdownCell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** A Markdown pipe table from an HTML table: the first row is the header. Empty string when there are no rows. */
export function htmlTableToMarkdown(html: string): string {
  const grid = toGrid(parseHtmlTable(html));
  const header = grid[0];
  if (!header || header.length === 0) return '';
  const line = (row: readonly string[]): string => `| ${row.map(markdownCell).join(' | ')} |`;
  return [line(header), `| ${header.map(() => '---').join(' | ')} |`, ...grid.slice(1).map(line)].join('\n');
}

/**
 * A table built from word positions when no table structure was recognised: one row per text
 * line, a new cell wherever the horizontal gap between two words is wider than the line's height.
 */
export function tableFromWords(words: readonly Word[]): string {
  const rows = groupLines(words).map((line) => {
    const cells: string[][] = [];
    let previous: Word | undefined;
    for (const word of line) {
      const gap = previous?.bbox && word.bbox ? word.bbox.left - (previous.bbox.left + previous.bbox.width) : 0;
      const lineHeight = Math.max(previous?.bbox?.height ?? 0, word.bbox?.height ?? 0);
      if (!previous || (lineHeight > 0 && gap > lineHeight)) cells.push([]);
      cells[cells.length - 1]?.push(word.text.trim());
      previous = word;
    }
    return cells.map((cell) => cell.filter(Boolean).join(' '));
  });
  if (rows.length === 0) return '';
  const body = rows.map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`).join('');
  return `<table>${body}</table>`;
}
