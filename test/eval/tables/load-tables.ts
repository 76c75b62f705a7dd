// The table set of `npm run eval -- --set tables`: small PDFs cut from real documents (docs/*.pdf), a
// few office files (docs/*.docx, *.pptx, *.xlsx: issue 41 item 6, a check per format) and beside each
// its truth (docs/*.json): every table as rows of cell strings, with its pages and kinds.
// Where each file comes from, and what was changed, is in sources.md.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { mimeTypeOf } from '../mime-types.js';

/** The formats a document of the set may be in; an office format is also the kind of its tables. */
export const DOCUMENT_FORMATS = ['pdf', 'docx', 'pptx', 'xlsx'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];
export const OFFICE_FORMATS = ['docx', 'pptx', 'xlsx'] as const satisfies readonly DocumentFormat[];

/**
 * What a table is like; a table has one or more. `docx`, `pptx` and `xlsx` are not written in the
 * truth: a table gets its document's format as a kind when it comes from an office file.
 */
export const TABLE_KINDS = [
  'rotated',
  'borderless',
  'wrapped',
  'continued',
  'scanned',
  'ruled',
  ...OFFICE_FORMATS,
] as const;
export type TableKind = (typeof TABLE_KINDS)[number];

/** A cell that covers more than its own grid position; 0-based, in grid positions. */
export interface TruthSpan {
  row: number;
  col: number;
  rowspan: number;
  colspan: number;
}

/** One table of the truth. */
export interface TruthTable {
  /** `<document>#<n>`, n counting from 1 in file order. */
  id: string;
  /** 1-based pages the table is on: one, or two for a table continued on the next page. */
  pages: number[];
  kinds: TableKind[];
  /**
   * The cells on a rectangular grid, rows in reading order; a position covered by a span is ''.
   * A cell may mark superscripts and subscripts as `<sup>…</sup>` / `<sub>…</sub>`.
   */
  rows: string[][];
  spans: TruthSpan[];
  /** A born-digital page rasterized to look scanned, not a scan (sources.md says which). */
  simulatedScan: boolean;
}

export interface TableDocument {
  name: string;
  /** The document's file: `<name>.<format>` beside its truth. */
  filePath: string;
  format: DocumentFormat;
  /** What it is sent as: the service's accepted type of its extension (mimeTypeOf). */
  mimeType: string;
  /** The document this one was made from (turned on the page, or rasterized), if any. */
  derivedFrom: string | null;
  tables: TruthTable[];
}

function isKind(value: unknown): value is TableKind {
  return typeof value === 'string' && (TABLE_KINDS as readonly string[]).includes(value);
}

function isStringGrid(value: unknown): value is string[][] {
  return (
    Array.isArray(value) && value.every((row) => Array.isArray(row) && row.every((cell) => typeof cell === 'string'))
  );
}

/** Reads one truth file; throws with the file's name on anything malformed. */
export function parseTruth(name: string, json: string): Omit<TableDocument, 'filePath' | 'format' | 'mimeType'> {
  const data = JSON.parse(json) as { derivedFrom?: unknown; tables?: unknown };
  const fail = (why: string): never => {
    throw new Error(`${name}.json: ${why}`);
  };
  if (!Array.isArray(data.tables) || data.tables.length === 0) fail('no tables');
  const tables = (data.tables as Record<string, unknown>[]).map((table, index): TruthTable => {
    const pages = table.pages;
    const kinds = table.kinds;
    const rows = table.rows;
    if (!Array.isArray(pages) || pages.length === 0 || !pages.every((page) => Number.isInteger(page) && page > 0))
      fail(`table ${index + 1}: pages must be 1-based page numbers`);
    if (!Array.isArray(kinds) || !kinds.every(isKind)) fail(`table ${index + 1}: unknown kind in ${String(kinds)}`);
    if ((kinds as TableKind[]).some((kind) => (OFFICE_FORMATS as readonly string[]).includes(kind)))
      fail(`table ${index + 1}: a format kind comes from the document's extension, not the truth`);
    if (!isStringGrid(rows) || rows.length === 0) fail(`table ${index + 1}: rows must be rows of strings`);
    const grid = rows as string[][];
    const width = grid[0]!.length;
    if (grid.some((row) => row.length !== width)) fail(`table ${index + 1}: rows differ in length`);
    const spans = ((table.spans ?? []) as TruthSpan[]).map((span) => ({ ...span }));
    for (const span of spans)
      if (span.row + span.rowspan > grid.length || span.col + span.colspan > width)
        fail(`table ${index + 1}: span ${JSON.stringify(span)} leaves the grid`);
    return {
      id: `${name}#${index + 1}`,
      pages: pages as number[],
      kinds: kinds as TableKind[],
      rows: grid,
      spans,
      simulatedScan: table.simulatedScan === true,
    };
  });
  return { name, derivedFrom: typeof data.derivedFrom === 'string' ? data.derivedFrom : null, tables };
}

/** The document of truth `name` in `dir`: the one file `<name>.<format>` beside it. */
function documentFile(dir: string, name: string): { filePath: string; format: DocumentFormat } {
  const found = DOCUMENT_FORMATS.filter((format) => existsSync(join(dir, `${name}.${format}`)));
  if (found.length !== 1)
    throw new Error(
      `${name}.json: expected one document beside it (${DOCUMENT_FORMATS.join(', ')}), found ${found.length}`,
    );
  const format = found[0]!; // length checked above
  return { filePath: join(dir, `${name}.${format}`), format };
}

/** Every document of the set in `dir` (a document and its truth JSON of the same name), sorted by name. */
export function loadTableSet(dir: string): TableDocument[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const name = basename(file, '.json');
      const truth = parseTruth(name, readFileSync(join(dir, file), 'utf8'));
      const { filePath, format } = documentFile(dir, name);
      const tables =
        format === 'pdf' ? truth.tables : truth.tables.map((table) => ({ ...table, kinds: [...table.kinds, format] }));
      return { ...truth, tables, filePath, format, mimeType: mimeTypeOf(filePath) };
    });
}
