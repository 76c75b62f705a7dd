import { mapLimit } from '@folio/runtime';
// The `checks` set: real third-party documents (eval/checks/docs, sources in eval/checks/sources.md),
// each sent through the service with the API's default settings, and short checks on what comes back.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHECK_KINDS, describeCheck, outputText, runCheck, type CheckKind } from './checks/check-kinds.js';
import { characterErrorRate, transcriptOf } from './checks/transcripts.js';
import { CHECK_DOCUMENTS, DOCUMENT_KINDS, type CheckDocument, type DocumentKind } from './checks/documents.js';
import { openForDrawing, type DrawnBox } from './draw.js';
import { fromApiBox } from './geometry.js';
import type { ApiSegment } from '../src/api.js';
import { mimeTypeOf } from './mime-types.js';
import { runTask, type EvalOptions } from './tasks.js';

export interface CheckOutcome {
  kind: CheckKind;
  check: string;
  passed: boolean;
  detail: string;
}

export interface ChecksDocumentReport {
  file: string;
  documentKind: DocumentKind;
  taskId: string | null;
  status: string;
  message: string;
  seconds: number;
  pages: number | null;
  segments: number;
  checks: CheckOutcome[];
  /** Character error rate of the output's text against the document's transcript, when it has one. */
  cer?: number;
  /** What came back, so a failed check can be read rather than guessed at. */
  output: { type: string; page: number; content: string; html: string }[];
}

export interface KindScore {
  passed: number;
  total: number;
}

export interface ChecksSetReport {
  /** Which part of the set was scored: the tuned part, or the frozen part nobody tunes on. */
  part: 'tuned' | 'frozen';
  documents: ChecksDocumentReport[];
  /** Per check kind and `all`; kinds without checks are left out. */
  kinds: Partial<Record<CheckKind | 'all', KindScore>>;
  /** Per kind of document; kinds without documents in this part are left out. */
  documentKinds: Partial<Record<DocumentKind, KindScore & { documents: number }>>;
}

/** The request: the file name alone (every other option at the API's default), or Auto where a document says so. */
export function checksTaskConfig(document: CheckDocument): Record<string, unknown> {
  return { file_name: document.file, ...(document.ocrStrategy ? { ocr_strategy: document.ocrStrategy } : {}) };
}

/**
 * Sends each document of the part `options.part` names (or the first `limit`) and runs its checks
 * on the segments of its chunks.
 */
export async function evaluateChecks(options: EvalOptions, log: (line: string) => void): Promise<ChecksSetReport> {
  const directory = join(import.meta.dirname, 'checks', 'docs');
  const frozen = options.part === 'frozen';
  const only = options.only?.split(',') ?? [];
  const documents = CHECK_DOCUMENTS.filter(
    (document) =>
      (document.frozen === true) === frozen &&
      (only.length === 0 || only.some((text) => document.file.includes(text) || document.kind === text)),
  ).slice(0, options.limit ?? undefined);
  if (options.draw) mkdirSync(join(options.draw, 'checks'), { recursive: true });
  const reports = await mapLimit(documents, options.concurrency, async (document) => {
    const mimeType = mimeTypeOf(document.file);
    const bytes = readFileSync(join(directory, document.file));
    const outcome = await runTask(bytes, mimeType, checksTaskConfig(document), 900_000);
    if (options.draw) drawPages(join(options.draw, 'checks', document.file), bytes, mimeType, outcome.segments);
    const checks = document.checks.map((check): CheckOutcome => {
      const result =
        outcome.status === 'Succeeded'
          ? runCheck(check, outcome.segments)
          : { passed: false, detail: `task ${outcome.status}: ${outcome.message}` };
      return { kind: check.kind, check: describeCheck(check), ...result };
    });
    const transcript = transcriptOf(document.file);
    const cer =
      transcript === null || outcome.status !== 'Succeeded'
        ? undefined
        : characterErrorRate(transcript, outputText(outcome.segments));
    const passed = checks.filter((check) => check.passed).length;
    log(
      `checks ${document.file}: ${outcome.status} in ${outcome.seconds.toFixed(1)} s, ${outcome.segments.length} segments, ${passed}/${checks.length} checks pass`,
    );
    for (const check of checks.filter((item) => !item.passed)) log(`  FAIL ${check.check}: ${check.detail}`);
    return {
      file: document.file,
      documentKind: document.kind,
      taskId: outcome.taskId,
      status: outcome.status,
      message: outcome.message,
      seconds: outcome.seconds,
      pages: outcome.pageCount,
      segments: outcome.segments.length,
      checks,
      cer,
      output: outcome.segments.map((segment) => ({
        type: segment.segment_type,
        page: segment.page_number,
        content: segment.content,
        html: segment.segment_type === 'Table' ? segment.html : '',
      })),
    };
  });
  return {
    part: options.part,
    documents: reports,
    kinds: scoreKinds(reports),
    documentKinds: scoreDocumentKinds(reports),
  };
}

/** Writes `<path>.p<N>.png` for each page with segments: the page with its segments' boxes, types and order. */
function drawPages(path: string, bytes: Uint8Array, mimeType: string, segments: readonly ApiSegment[]): void {
  const drawer = openForDrawing(bytes, mimeType);
  try {
    for (const pageNumber of new Set(segments.map((segment) => segment.page_number))) {
      const onPage = segments.filter((segment) => segment.page_number === pageNumber);
      const boxes: DrawnBox[] = onPage.map((segment, index) => ({
        box: fromApiBox(segment.bbox),
        label: `${index} ${segment.segment_type}`,
        kind: 'prediction',
      }));
      writeFileSync(`${path}.p${pageNumber}.png`, drawer.draw(pageNumber - 1, onPage[0]!.page_width, boxes));
    }
  } finally {
    drawer.close();
  }
}

/** Passed and total checks per kind and over all kinds. */
export function scoreKinds(reports: readonly ChecksDocumentReport[]): ChecksSetReport['kinds'] {
  const kinds: ChecksSetReport['kinds'] = {};
  const all = reports.flatMap((report) => report.checks);
  for (const kind of CHECK_KINDS) {
    const ofKind = all.filter((check) => check.kind === kind);
    if (ofKind.length > 0)
      kinds[kind] = { passed: ofKind.filter((check) => check.passed).length, total: ofKind.length };
  }
  kinds.all = { passed: all.filter((check) => check.passed).length, total: all.length };
  return kinds;
}

/** Passed and total checks, and documents, per kind of document. */
export function scoreDocumentKinds(reports: readonly ChecksDocumentReport[]): ChecksSetReport['documentKinds'] {
  const kinds: ChecksSetReport['documentKinds'] = {};
  for (const kind of DOCUMENT_KINDS) {
    const ofKind = reports.filter((report) => report.documentKind === kind);
    if (ofKind.length === 0) continue;
    const checks = ofKind.flatMap((report) => report.checks);
    kinds[kind] = {
      documents: ofKind.length,
      passed: checks.filter((check) => check.passed).length,
      total: checks.length,
    };
  }
  return kinds;
}
