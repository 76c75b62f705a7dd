// The table set (`npm run eval -- --set tables`): every document of docs/ through the service, each
// truth table matched to the Table segments on its pages and scored (score-tables.ts); the same
// figures for PyMuPDF's table finder when it is installed in .tools/tables (pymupdf_tables.py).
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { mapLimit } from '@folio/runtime';
import { figure, table as grid } from '../report.js';
import { runTask, taskConfig, type EvalOptions } from '../tasks.js';
import {
  loadTableSet,
  OFFICE_FORMATS,
  TABLE_KINDS,
  type TableDocument,
  type TableKind,
  type TruthTable,
} from './load-tables.js';
import {
  continuationHasHeader,
  matchTable,
  rowsFromHtml,
  type PredictedTable,
  type TableFigures,
} from './score-tables.js';

const setDir = join(import.meta.dirname, 'docs');
/** Where the comparison's PyMuPDF is installed (`pip install --target .tools/tables pymupdf`). */
export const PYMUPDF_TARGET = resolve(import.meta.dirname, '..', '..', '..', '.tools', 'tables');

/** One truth table after scoring, ours and (when run) PyMuPDF's. */
export interface TableReport {
  id: string;
  pages: number[];
  kinds: TableKind[];
  simulatedScan: boolean;
  ours: TableFigures;
  /** Output indexes of the Table segments compared (two when a continued table was joined from two). */
  segments: number[];
  pymupdf: TableFigures | null;
  /** The HTML of the segments compared (joined by a newline when two), to read a bad table. */
  predictedHtml: string;
  /**
   * A continued table: whether our Table segment on its second page opens with the truth's header
   * rows (or, for a table without a header, with none carried over); null for a table on one page.
   */
  joined: boolean | null;
}

export interface TablesDocumentReport {
  name: string;
  derivedFrom: string | null;
  status: string;
  message: string;
  seconds: number;
  tableSegments: number;
  tables: TableReport[];
}

/** Figures summed over a group of tables: rows and cells pooled, TEDS averaged per table. */
export interface KindSummary {
  tables: number;
  /** Tables for which some Table segment was compared at all. */
  found: number;
  rowsWhole: number | null;
  cellsExact: number | null;
  teds: number | null;
  tedsStructure: number | null;
}

export interface TablesSetReport {
  documents: TablesDocumentReport[];
  /** Per kind and `all`: ours, and PyMuPDF's when it ran (over the PDF tables only: it opens no office file). */
  kinds: Record<TableKind | 'all', { ours: KindSummary; pymupdf: KindSummary | null }>;
  /** Continued tables whose second part carries the header (TableReport.joined), and the ids of those that do not. */
  continuedJoined: { joined: number; of: number; notJoined: string[] };
}

/** PyMuPDF's tables of a PDF; null when it is not installed or the document is an office file it cannot open. */
async function pymupdfTables(document: TableDocument): Promise<{ page: number; table: PredictedTable }[] | null> {
  if (document.format !== 'pdf' || !existsSync(join(PYMUPDF_TARGET, 'pymupdf'))) return null;
  const pdfPath = document.filePath;
  const { stdout } = await promisify(execFile)('python3', [join(import.meta.dirname, 'pymupdf_tables.py'), pdfPath], {
    env: { ...process.env, PYTHONPATH: PYMUPDF_TARGET },
    maxBuffer: 64 * 1024 * 1024,
  });
  const found = JSON.parse(stdout) as { page: number; rows: string[][]; html: string }[];
  return found.map((item) => ({ page: item.page, table: { rows: item.rows, html: item.html } }));
}

/** Sums figures over tables; null figures when there are none. */
export function summarize(figures: readonly { figures: TableFigures; found: boolean }[]): KindSummary {
  const sum = (pick: (item: TableFigures) => number): number =>
    figures.reduce((total, item) => total + pick(item.figures), 0);
  const rows = sum((item) => item.rows);
  const cells = sum((item) => item.cells);
  const n = figures.length;
  return {
    tables: n,
    found: figures.filter((item) => item.found).length,
    rowsWhole: rows > 0 ? sum((item) => item.rowsWhole) / rows : null,
    cellsExact: cells > 0 ? sum((item) => item.cellsExact) / cells : null,
    teds: n > 0 ? sum((item) => item.teds) / n : null,
    tedsStructure: n > 0 ? sum((item) => item.tedsStructure) / n : null,
  };
}

const OFFICE_KINDS: ReadonlySet<TableKind> = new Set(OFFICE_FORMATS);

function kindsOf(tables: readonly TableReport[], kind: TableKind | 'all'): TableReport[] {
  return kind === 'all' ? [...tables] : tables.filter((table) => table.kinds.includes(kind));
}

/** Runs every document of the set (or the first `limit`; `only` filters by name) and scores its tables. */
export async function evaluateTables(
  options: Pick<EvalOptions, 'limit' | 'only' | 'concurrency' | 'highResolution'>,
  log: (line: string) => void,
): Promise<TablesSetReport> {
  // --only may name several documents, comma-separated.
  const only = options.only?.split(',').filter((part) => part !== '') ?? [];
  const documents = loadTableSet(setDir)
    .filter((document) => only.length === 0 || only.some((part) => document.name.includes(part)))
    .slice(0, options.limit ?? undefined);
  const reports = await mapLimit(documents, options.concurrency, async (document): Promise<TablesDocumentReport> => {
    const bytes = readFileSync(document.filePath);
    const fileName = `${document.name}.${document.format}`;
    const run = (): ReturnType<typeof runTask> =>
      runTask(bytes, document.mimeType, taskConfig('Auto', options.highResolution, fileName), 900_000);
    // A connection the stack closed under a request ("fetch failed", seen under load) says nothing
    // about the document: up to two more tries, so the figures measure tables rather than sockets.
    let outcome = await run();
    for (let retry = 0; retry < 2 && outcome.status === 'Error' && outcome.message === 'fetch failed'; retry++)
      outcome = await run();
    const ours = outcome.segments.flatMap((segment, index) =>
      segment.segment_type === 'Table'
        ? [{ page: segment.page_number, index, table: { rows: rowsFromHtml(segment.html), html: segment.html } }]
        : [],
    );
    const theirs = await pymupdfTables(document);
    const tables = document.tables.map((truth: TruthTable): TableReport => {
      const match = matchTable(truth, ours);
      return {
        id: truth.id,
        pages: truth.pages,
        kinds: truth.kinds,
        simulatedScan: truth.simulatedScan,
        ours: match.figures,
        segments: match.used.map((used) => ours[used]!.index), // used indexes come from `ours`
        predictedHtml: match.used.map((used) => ours[used]!.table.html).join('\n'),
        joined:
          truth.pages.length === 2
            ? continuationHasHeader(truth, match.secondPart === null ? null : ours[match.secondPart]!.table) // index from `ours`
            : null,
        pymupdf: theirs ? matchTable(truth, theirs).figures : null,
      };
    });
    log(`tables ${document.name}: ${outcome.status} in ${outcome.seconds.toFixed(1)} s, ${ours.length} Table segments`);
    return {
      name: document.name,
      derivedFrom: document.derivedFrom,
      status: outcome.status,
      message: outcome.message,
      seconds: outcome.seconds,
      tableSegments: ours.length,
      tables,
    };
  });
  const tables = reports.flatMap((report) => report.tables);
  const kinds = Object.fromEntries(
    [...TABLE_KINDS, 'all' as const].map((kind) => {
      const group = kindsOf(tables, kind);
      // PyMuPDF reads PDFs only: its figures cover a kind's PDF tables, and none for an office format.
      const pdfOnly = group.filter((table) => !table.kinds.some((item) => OFFICE_KINDS.has(item)));
      const withPymupdf = pdfOnly.length > 0 && pdfOnly.every((table) => table.pymupdf !== null);
      return [
        kind,
        {
          ours: summarize(group.map((table) => ({ figures: table.ours, found: table.segments.length > 0 }))),
          pymupdf: withPymupdf
            ? summarize(pdfOnly.map((table) => ({ figures: table.pymupdf!, found: table.pymupdf!.cellsExact > 0 }))) // every() checked non-null
            : null,
        },
      ];
    }),
  ) as TablesSetReport['kinds'];
  const continued = tables.filter((table) => table.kinds.includes('continued'));
  return {
    documents: reports,
    kinds,
    continuedJoined: {
      joined: continued.filter((table) => table.joined === true).length,
      of: continued.length,
      notJoined: continued.filter((table) => table.joined !== true).map((table) => table.id),
    },
  };
}

function documentFigures(tables: readonly TableReport[], pick: (table: TableReport) => TableFigures | null): string[] {
  const figures = tables.map(pick);
  if (figures.some((item) => item === null)) return ['-', '-', '-'];
  const summary = summarize(figures.map((item) => ({ figures: item!, found: true }))); // checked non-null above
  return [figure(summary.rowsWhole), figure(summary.cellsExact), figure(summary.teds)];
}

/** Summary lines of the table set: one row per kind, then one per document. */
export function formatTables(report: TablesSetReport): string[] {
  const tables = report.documents.flatMap((document) => document.tables);
  const succeeded = report.documents.filter((document) => document.status === 'Succeeded').length;
  const hasPymupdf = Object.values(report.kinds).some((kind) => kind.pymupdf !== null);
  const kindRows = [...TABLE_KINDS, 'all' as const].map((kind) => {
    const { ours, pymupdf } = report.kinds[kind];
    return [
      kind,
      String(ours.tables),
      String(ours.found),
      figure(ours.rowsWhole),
      figure(ours.cellsExact),
      figure(ours.teds),
      figure(ours.tedsStructure),
      ...(hasPymupdf
        ? [figure(pymupdf?.rowsWhole ?? null), figure(pymupdf?.cellsExact ?? null), figure(pymupdf?.teds ?? null)]
        : []),
    ];
  });
  return [
    `== Table set: ${report.documents.length} documents, ${tables.length} tables, ${succeeded} documents succeeded (ocr_strategy Auto, LayoutAnalysis)`,
    ...grid(
      [
        'kind',
        'tables',
        'found',
        'rows whole',
        'cells exact',
        'TEDS',
        'TEDS struct',
        ...(hasPymupdf ? ['PyMuPDF rows', 'PyMuPDF cells', 'PyMuPDF TEDS'] : []),
      ],
      kindRows,
    ),
    `continued tables joined: ${report.continuedJoined.joined} of ${report.continuedJoined.of} (the second page's Table segment opens with the header)${
      report.continuedJoined.notJoined.length > 0 ? `; not: ${report.continuedJoined.notJoined.join(', ')}` : ''
    }`,
    ...(hasPymupdf ? ["PyMuPDF's figures cover the PDF tables only (it opens no office file)"] : []),
    '',
    ...grid(
      [
        'document',
        'status',
        's',
        'tables',
        'Table segs',
        'rows whole',
        'cells exact',
        'TEDS',
        ...(hasPymupdf ? ['PyMuPDF rows', 'PyMuPDF cells', 'PyMuPDF TEDS'] : []),
      ],
      report.documents.map((document) => [
        document.name,
        document.status,
        document.seconds.toFixed(1),
        String(document.tables.length),
        String(document.tableSegments),
        ...documentFigures(document.tables, (table) => table.ours),
        ...(hasPymupdf ? documentFigures(document.tables, (table) => table.pymupdf) : []),
      ]),
    ),
  ];
}
