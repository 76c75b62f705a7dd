import JSZip from 'jszip';
import { escapeHtml, htmlText, shareFoundIn, wordTokens } from '@folio/runtime';
import { zipEntrySizes } from './sheets/zip-limits.js';

/**
 * The tables of a Word or PowerPoint file as its XML states them: each cell's text as typed (not as
 * drawn: a slide's table styled in capitals still says "Strategy") and its spans. The pages
 * LibreOffice draws lose both (a merged title row read as a heading, a shape's text laid over a
 * cell), so the render stage gives these to the pages they are drawn on (render-pages) and the
 * layout stage takes a Table segment's HTML from the one it shows (layout's source-tables pass).
 */

/** The dialects read: WordprocessingML (w:) and DrawingML tables in PresentationML (a:). */
interface Dialect {
  prefix: 'w' | 'a';
  /** The parts holding tables, in document order. */
  parts: RegExp;
}

const DIALECTS: Record<string, Dialect> = {
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    prefix: 'w',
    parts: /^word\/document\.xml$/u,
  },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': {
    prefix: 'a',
    parts: /^ppt\/slides\/slide\d+\.xml$/u,
  },
};

/** One cell while reading: its text and spans; `merged` when it is covered by a span (not written). */
interface ReadCell {
  text: string;
  colspan: number;
  rowspan: number;
  /** Word's vMerge: 'restart' opens a vertical span, 'continue' goes on with the one above. */
  vMerge: 'restart' | 'continue' | null;
  merged: boolean;
}

interface ReadTable {
  rows: ReadCell[][];
  headerRows: number;
}

/** A tag or a run of text of an XML part. */
const TOKEN = /<(\/?)([\w:]+)((?:\s+[\w:]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|<[?!][^>]*>|([^<]+)/gu;

function attribute(attributes: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'u').exec(attributes);
  return match ? (match[1] ?? match[2] ?? '') : null;
}

function decodeXml(text: string): string {
  return text.replace(/&(?:#x([\da-f]+)|#(\d+)|(amp|lt|gt|quot|apos));/giu, (_, hex, dec, name) => {
    if (hex) return String.fromCodePoint(parseInt(hex as string, 16));
    if (dec) return String.fromCodePoint(parseInt(dec as string, 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[name as string]!;
  });
}

/** A table being read, with the row and cell open in it. */
interface Frame {
  table: ReadTable;
  row: ReadCell[] | null;
  cell: ReadCell | null;
}

/**
 * The tables of one XML part, a table set inside another's cell (Word's layout tables) as well as
 * the one around it, in the order they open. A nested table's text is also its outer cell's; a
 * paragraph break, a tab or a line break inside a cell is a space.
 */
function tablesOfPart(xml: string, prefix: 'w' | 'a'): ReadTable[] {
  const tables: { table: ReadTable; order: number }[] = [];
  const open: (Frame & { order: number })[] = [];
  let opened = 0;
  let inText = false;
  const cells = (): ReadCell[] => open.flatMap((frame) => (frame.cell ? [frame.cell] : []));
  const space = (): void => {
    for (const cell of cells()) if (cell.text !== '' && !cell.text.endsWith(' ')) cell.text += ' ';
  };
  for (const match of xml.matchAll(TOKEN)) {
    const [, closing, name, attributes = '', selfClosing, text] = match;
    if (text !== undefined) {
      if (inText) for (const cell of cells()) cell.text += decodeXml(text);
      continue;
    }
    if (!name?.startsWith(`${prefix}:`)) continue;
    const local = name.slice(prefix.length + 1);
    if (local === 'tbl') {
      if (closing) {
        const frame = open.pop();
        if (frame) tables.push({ table: frame.table, order: frame.order });
      } else if (!selfClosing) {
        space();
        open.push({ table: { rows: [], headerRows: 0 }, row: null, cell: null, order: opened++ });
      }
      continue;
    }
    const frame = open[open.length - 1];
    if (!frame) continue;
    const { table } = frame;
    switch (local) {
      case 'tr':
        if (!closing) frame.row = [];
        else if (frame.row) {
          table.rows.push(frame.row);
          frame.row = null;
        }
        break;
      case 'tblPr': // PowerPoint: the table's style sets its first row apart as the header.
        if (attribute(attributes, 'firstRow') === '1') table.headerRows = Math.max(table.headerRows, 1);
        break;
      case 'tblHeader': // Word: the row repeats as the table's header.
        if (frame.row && table.rows.length === table.headerRows) table.headerRows += 1;
        break;
      case 'tc':
        if (!closing && !selfClosing) {
          frame.cell = {
            text: '',
            colspan: Number(attribute(attributes, 'gridSpan') ?? 1) || 1,
            rowspan: Number(attribute(attributes, 'rowSpan') ?? 1) || 1,
            vMerge: null,
            merged: attribute(attributes, 'hMerge') === '1' || attribute(attributes, 'vMerge') === '1',
          };
        } else if (closing && frame.cell && frame.row) {
          // A soft hyphen marks where a word may break; it is no character of the text.
          frame.cell.text = frame.cell.text
            .replace(/\u00ad/gu, '')
            .replace(/\s+/gu, ' ')
            .trim();
          frame.row.push(frame.cell);
          frame.cell = null;
          space();
        }
        break;
      case 'gridSpan': // Word states spans in the cell's properties.
        if (frame.cell) frame.cell.colspan = Number(attribute(attributes, 'w:val') ?? 1) || 1;
        break;
      case 'vMerge':
        if (frame.cell) frame.cell.vMerge = attribute(attributes, 'w:val') === 'restart' ? 'restart' : 'continue';
        break;
      case 't':
        inText = !closing && !selfClosing;
        break;
      case 'p':
        if (closing) space();
        break;
      case 'tab':
      case 'br':
        space();
        break;
    }
  }
  return tables.sort((a, b) => a.order - b.order).map(({ table }) => table);
}

/** Word's vertical merges as rowspans: a restart cell spans the continue cells under it. */
function resolveWordMerges(table: ReadTable): void {
  const startColumn = (row: ReadCell[], index: number): number =>
    row.slice(0, index).reduce((sum, cell) => sum + cell.colspan, 0);
  table.rows.forEach((row, rowIndex) => {
    row.forEach((cell, index) => {
      if (cell.vMerge !== 'restart') return;
      const column = startColumn(row, index);
      for (let below = rowIndex + 1; below < table.rows.length; below += 1) {
        const under = table.rows[below]!.find(
          (other, at) => startColumn(table.rows[below]!, at) === column && other.vMerge === 'continue',
        );
        if (!under) break;
        under.merged = true;
        if (under.text !== '') cell.text = `${cell.text} ${under.text}`.trim();
        cell.rowspan += 1;
      }
    });
  });
}

function tableHtml(table: ReadTable): string {
  const rows = table.rows.map((row, index) => {
    const tag = index < table.headerRows ? 'th' : 'td';
    const cells = row
      .filter((cell) => !cell.merged)
      .map((cell) => {
        const spans = `${cell.colspan > 1 ? ` colspan="${cell.colspan}"` : ''}${cell.rowspan > 1 ? ` rowspan="${cell.rowspan}"` : ''}`;
        return `<${tag}${spans}>${escapeHtml(cell.text)}</${tag}>`;
      });
    return `<tr>${cells.join('')}</tr>`;
  });
  const head = rows.slice(0, table.headerRows).join('');
  const body = rows.slice(table.headerRows).join('');
  return head ? `<table><thead>${head}</thead><tbody>${body}</tbody></table>` : `<table><tbody>${body}</tbody></table>`;
}

/** The part names in document order: slide2 before slide10. */
function byNumber(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

/**
 * The parts read may inflate to this many bytes in all, by the sizes the zip's directory declares:
 * past it (a zip bomb, or a document far beyond any page limit) no table is read, and the pages
 * keep what is read from them.
 */
const MAX_PARTS_BYTES = 64 * 2 ** 20;

/**
 * The HTML of each table of a Word (DOCX) or PowerPoint (PPTX) file with at least two rows or two
 * cells, in document order; none for another type, a file that is not a readable zip, or one
 * whose parts would inflate past `maxPartsBytes` (MAX_PARTS_BYTES).
 */
export async function sourceTables(
  bytes: Uint8Array,
  mimeType: string,
  maxPartsBytes = MAX_PARTS_BYTES,
): Promise<string[]> {
  const dialect = DIALECTS[mimeType];
  if (!dialect) return [];
  const declared = zipEntrySizes(bytes);
  const partsBytes = (declared ?? [])
    .filter((entry) => dialect.parts.test(entry.name))
    .reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (declared === null || partsBytes > maxPartsBytes) return [];
  try {
    return await tablesOfZip(await JSZip.loadAsync(bytes), dialect);
  } catch {
    return [];
  }
}

async function tablesOfZip(zip: JSZip, dialect: Dialect): Promise<string[]> {
  const names = Object.keys(zip.files)
    .filter((name) => dialect.parts.test(name))
    .sort(byNumber);
  const html: string[] = [];
  for (const name of names) {
    const xml = await zip.file(name)!.async('string');
    for (const table of tablesOfPart(xml, dialect.prefix)) {
      if (dialect.prefix === 'w') resolveWordMerges(table);
      const cells = table.rows.flat().filter((cell) => !cell.merged);
      if (table.rows.length < 2 && cells.length < 2) continue;
      html.push(tableHtml(table));
    }
  }
  return html;
}

/** A table is drawn on a page holding at least this share of its distinct words. */
const ON_PAGE_SHARE = 0.5;

/** The tables (HTML) whose words the page's text shows: ON_PAGE_SHARE of their distinct words. */
export function tablesOnPage(tables: readonly string[], pageWords: readonly string[]): string[] {
  const page = new Set(pageWords.flatMap(wordTokens));
  return tables.filter((html) => {
    const words = new Set(wordTokens(htmlText(html)));
    return words.size >= 2 && shareFoundIn(words, page) >= ON_PAGE_SHARE;
  });
}
