// The benchmark's cases and the BENCH_CASES selector. Pipeline cases send documents through the
// API; the last two time an update and the chunk engine alone.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadIcdarSet } from '../eval/icdar.js';
import { makeDenseReport, makeScannedPdf } from '../src/fixtures.js';
import { MANUAL_MODULES, nodeApiManualDocx } from './office-manual.js';

/** One document of a case, read or generated before the clock starts. */
export interface BenchDocument {
  /** Sent as `file_name` when set (the synthetic cases send none, as they always have). */
  fileName?: string;
  bytes: Buffer;
  /** The file it was read from, for a case timed against pymupdf4llm too. */
  path?: string;
}

/** A case that sends documents through `POST /api/v1/task/parse` and waits for them all. */
export interface PipelineCase {
  id: string;
  /** What is sent, how, and with which settings: printed with the figures. */
  name: string;
  documents: () => BenchDocument[];
  /** Request fields beside `file` (and `file_name`); `{}` is the API's defaults. */
  config: Record<string, unknown>;
  /** Tasks in flight at once: 1 for a single document, BENCH_CONCURRENCY for a batch. */
  concurrency: number;
  /** Also time pymupdf4llm on the same files (pymupdf4llm.ts), the yardstick of issue 44's ICDAR target. */
  againstPymupdf4llm?: boolean;
}

/** Where the pipeline cases' inputs come from and how a batch is sent. */
export interface CaseOptions {
  /** The evaluation corpus (`../shared/corpus`, as `npm run eval` reads it). */
  corpus: string;
  /** BENCH_CONCURRENCY: ICDAR tasks in flight at once. */
  concurrency: number;
  /** BENCH_ICDAR_LIMIT: only the first N ICDAR documents (by name), for a short run. */
  icdarLimit: number | null;
}

/** Dense report pages (about 2,200 characters each); LayoutAnalysis is the default segmentation. */
function synthetic(pages: number, scanned: boolean): () => BenchDocument[] {
  return () => [{ bytes: scanned ? makeScannedPdf(makeDenseReport(pages)) : makeDenseReport(pages) }];
}

/** The ICDAR 2013 table competition PDFs (eu and us, 67 documents, 238 pages), sorted by name. */
function icdarDocuments(options: CaseOptions): () => BenchDocument[] {
  return () =>
    loadIcdarSet(join(options.corpus, 'icdar2013-tables'))
      .slice(0, options.icdarLimit ?? undefined)
      .map((document) => ({
        fileName: `${document.name}.pdf`,
        bytes: readFileSync(document.pdfPath),
        path: document.pdfPath,
      }));
}

/** Every pipeline case, in the order they run. The first four keep their BENCH_CASES numbers 1-4. */
export function pipelineCases(options: CaseOptions): PipelineCase[] {
  const icdar = `ICDAR 2013 tables, ${options.icdarLimit === null ? 'all 67 PDFs' : `first ${options.icdarLimit} PDFs`}`;
  const inFlight = `${options.concurrency} tasks in flight`;
  return [
    {
      id: 'digital-1',
      name: 'born-digital, 1 page, ocr Auto',
      documents: synthetic(1, false),
      config: { ocr_strategy: 'Auto' },
      concurrency: 1,
    },
    {
      id: 'digital-20',
      name: 'born-digital, 20 pages, ocr Auto',
      documents: synthetic(20, false),
      config: { ocr_strategy: 'Auto' },
      concurrency: 1,
    },
    {
      id: 'scanned-20',
      name: 'scanned (150 dpi JPEG), 20 pages, ocr All',
      documents: synthetic(20, true),
      config: { ocr_strategy: 'All' },
      concurrency: 1,
    },
    {
      id: 'digital-200',
      name: 'born-digital, 200 pages, ocr Auto',
      documents: synthetic(200, false),
      config: { ocr_strategy: 'Auto' },
      concurrency: 1,
    },
    {
      id: 'icdar-default',
      name: `${icdar}, API defaults (no ocr_strategy, so All), ${inFlight}`,
      documents: icdarDocuments(options),
      config: {},
      concurrency: options.concurrency,
      againstPymupdf4llm: true,
    },
    {
      id: 'icdar-auto',
      name: `${icdar}, API defaults but ocr_strategy Auto, ${inFlight}`,
      documents: icdarDocuments(options),
      config: { ocr_strategy: 'Auto' },
      concurrency: options.concurrency,
    },
    {
      id: 'digital-1000',
      name: 'born-digital, 1,000 pages, API defaults (issue 44: 10 minutes, 3 GB of the stack)',
      documents: synthetic(1000, false),
      config: {},
      concurrency: 1,
    },
    {
      id: 'docx-manual',
      name: `Node.js API reference (${MANUAL_MODULES.join(', ')}) as one DOCX, about 570 pages, API defaults (issue 44: 10 minutes, 3 GB of the stack, LibreOffice included)`,
      documents: () => [{ fileName: 'nodejs-api-manual.docx', bytes: nodeApiManualDocx() }],
      config: {},
      concurrency: 1,
    },
  ];
}

/** The cases that are not a pipeline run, after the pipeline cases in BENCH_CASES numbering. */
export const OTHER_CASE_IDS = ['patch-50', 'chunk-10k', 'latency-1'] as const;

/**
 * The ids BENCH_CASES selects: a comma-separated list of ids or 1-based numbers in the order
 * above (unset or empty: all). An unknown entry is an error, so a typo does not run nothing.
 */
export function selectCases(selector: string | undefined, ids: readonly string[]): Set<string> {
  const entries = (selector ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return new Set(ids);
  return new Set(
    entries.map((entry) => {
      const id = /^\d+$/.test(entry) ? ids[Number(entry) - 1] : ids.find((known) => known === entry);
      if (!id)
        throw new Error(`BENCH_CASES: unknown case ${entry}; the cases are ${ids.join(', ')} (or 1-${ids.length})`);
      return id;
    }),
  );
}
