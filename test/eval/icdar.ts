// Ground truth of the ICDAR 2013 table competition set: table regions (`-reg.xml`) and cell
// structure (`-str.xml`), in PDF points with the origin at the bottom left of the page.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { findAll, parseMarkup, textContent, type MarkupNode } from './markup.js';

/** A rectangle in PDF points, origin bottom-left (y1 < y2 in the files, not relied on). */
export interface PdfRect {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** One cell of a reference table; rows and columns 0-based, `end*` inclusive. */
export interface ReferenceCell {
  startRow: number;
  startCol: number;
  endRow: number;
  endCol: number;
  content: string;
}

/** One table region on one page (a table that runs across pages has one region per page). */
export interface ReferenceTable {
  tableId: string;
  regionId: string;
  /** 1-based, as in the files and as the API's `page_number`. */
  pageNumber: number;
  rect: PdfRect;
  cells: ReferenceCell[];
}

/** A document of the set: its PDF and every table region in it. */
export interface IcdarDocument {
  name: string;
  pdfPath: string;
  tables: ReferenceTable[];
}

function numberAttribute(node: MarkupNode, name: string, fallback?: number): number {
  const value = node.attributes[name];
  const parsed = value === undefined ? Number.NaN : Number(value);
  if (Number.isFinite(parsed)) return parsed;
  if (fallback !== undefined) return fallback;
  throw new Error(`<${node.tag}> lacks a numeric ${name}`);
}

function rectOf(node: MarkupNode): PdfRect {
  const bbox = findAll(node, 'bounding-box')[0];
  if (!bbox) throw new Error(`<${node.tag}> has no bounding-box`);
  return {
    x1: numberAttribute(bbox, 'x1'),
    y1: numberAttribute(bbox, 'y1'),
    x2: numberAttribute(bbox, 'x2'),
    y2: numberAttribute(bbox, 'y2'),
  };
}

/** Regions of `xml`, keyed `tableId/regionId`, with the `<table>` they belong to. */
function regions(xml: string): { key: string; tableId: string; regionId: string; region: MarkupNode }[] {
  return findAll(parseMarkup(xml), 'table').flatMap((table) =>
    findAll(table, 'region').map((region) => {
      const tableId = table.attributes.id ?? '';
      const regionId = region.attributes.id ?? '';
      return { key: `${tableId}/${regionId}`, tableId, regionId, region };
    }),
  );
}

/** Joins a document's region and structure files into one table per region. */
export function parseIcdarTables(regXml: string, strXml: string): ReferenceTable[] {
  const structure = new Map(regions(strXml).map((entry) => [entry.key, entry.region]));
  return regions(regXml).map(({ key, tableId, regionId, region }) => {
    const cells = findAll(structure.get(key) ?? region, 'cell').map((cell) => {
      const startRow = numberAttribute(cell, 'start-row');
      const startCol = numberAttribute(cell, 'start-col');
      const content = findAll(cell, 'content')[0];
      return {
        startRow,
        startCol,
        endRow: numberAttribute(cell, 'end-row', startRow),
        endCol: numberAttribute(cell, 'end-col', startCol),
        content: content ? textContent(content) : '',
      };
    });
    return { tableId, regionId, pageNumber: numberAttribute(region, 'page'), rect: rectOf(region), cells };
  });
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The reference table as HTML on the full grid: one `<tr>` per row index, one `<td>` per cell
 * where it starts (spans from the inclusive end indices), and an empty `<td>` for every grid
 * position no cell covers. The ICDAR files annotate only non-empty cells (the blank corner of a
 * header row is absent), while HTML, the service's and PubTabNet's alike, writes blank cells out.
 */
export function referenceHtml(annotated: readonly ReferenceCell[]): string {
  // The grid starts at the first row and column any cell starts in. The files number from 0, but
  // us-019 numbers two header cells row -1, and from us-017 on most number rows (and columns) from 1
  // (47 of the 167 regions): read as given, those tables gained an empty first row and column
  // that no table has, and every answer paid for them (0.67 TEDS for a perfect us-039).
  const rowShift = -Math.min(...annotated.map((cell) => cell.startRow));
  const colShift = -Math.min(...annotated.map((cell) => cell.startCol));
  const cells = annotated.map((cell) => ({
    ...cell,
    startRow: cell.startRow + rowShift,
    endRow: cell.endRow + rowShift,
    startCol: cell.startCol + colShift,
    endCol: cell.endCol + colShift,
  }));
  const rowCount = cells.reduce((max, cell) => Math.max(max, cell.endRow + 1), 0);
  const colCount = cells.reduce((max, cell) => Math.max(max, cell.endCol + 1), 0);
  const covered = Array.from({ length: rowCount }, () => new Array<boolean>(colCount).fill(false));
  const startingAt = new Map<string, ReferenceCell>();
  for (const cell of cells) {
    startingAt.set(`${cell.startRow}/${cell.startCol}`, cell);
    for (let row = cell.startRow; row <= cell.endRow; row++)
      for (let col = cell.startCol; col <= cell.endCol; col++) covered[row]![col] = true;
  }
  const rows: string[] = [];
  for (let row = 0; row < rowCount; row++) {
    let tds = '';
    for (let col = 0; col < colCount; col++) {
      const cell = startingAt.get(`${row}/${col}`);
      if (cell) {
        const colspan = cell.endCol - cell.startCol + 1;
        const rowspan = cell.endRow - cell.startRow + 1;
        const attributes = `${colspan > 1 ? ` colspan="${colspan}"` : ''}${rowspan > 1 ? ` rowspan="${rowspan}"` : ''}`;
        tds += `<td${attributes}>${escapeHtml(cell.content)}</td>`;
      } else if (!covered[row]![col]) {
        tds += '<td></td>';
      }
    }
    rows.push(`<tr>${tds}</tr>`);
  }
  return `<table>${rows.join('')}</table>`;
}

/**
 * Every document of the set under `root` (its `competition-dataset-*` folders), sorted by name.
 * Ground-truth files without a PDF beside them (alternative annotations such as `eu-009b`) are
 * skipped.
 */
export function loadIcdarSet(root: string): IcdarDocument[] {
  const documents: IcdarDocument[] = [];
  for (const folder of readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(root, entry.name))) {
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.pdf'))) {
      const stem = join(folder, basename(file, '.pdf'));
      documents.push({
        name: basename(file, '.pdf'),
        pdfPath: `${stem}.pdf`,
        tables: parseIcdarTables(readFileSync(`${stem}-reg.xml`, 'utf8'), readFileSync(`${stem}-str.xml`, 'utf8')),
      });
    }
  }
  return documents.sort((a, b) => a.name.localeCompare(b.name));
}
