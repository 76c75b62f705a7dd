// Hostile inputs through the API: each must get a clear 4xx, or a task that ends (Failed with a
// clear message, or Succeeded where the document is salvageable) within its time budget, and a
// normal task sent after it must still succeed.
import { describe, expect, inject, test } from 'vitest';
import { createRaw, dataUri, isClearMessage, runCase, settle, type CaseOutcome } from './chaos-case.js';
import * as hostile from './hostile-inputs.js';
import type { TrackedTask } from './report.js';

type Status = 'Succeeded' | 'Failed';

interface HostileCase {
  name: string;
  /** Part of the fast subset CI runs. */
  fast?: boolean;
  /** The bytes (sent as a data URI) or, for cases that are about the request itself, a raw body. */
  input: () => Buffer | Promise<Buffer>;
  config?: Record<string, unknown>;
  /** The 4xx statuses that are a right answer. */
  rejects?: number[];
  /** The task outcomes that are a right answer; Failed always needs a clear message. */
  ends?: Status[];
  /** A further check of a Succeeded task (e.g. nothing expanded). */
  check?: (output: string) => string | null;
  budgetMs: number;
}

/** Output text of a task: every segment's content, for the checks that look at what came out. */
function outputText(task: { output?: { chunks?: { segments: { content: string }[] }[] } | null }): string {
  return (task.output?.chunks ?? []).flatMap((chunk) => chunk.segments.map((segment) => segment.content)).join('\n');
}

const MIB = 1024 * 1024;
const MINUTE = 60_000;

/** Every tokenizer the API offers, plus a hub id the service cannot have. */
const TOKENIZERS: { name: string; tokenizer: unknown; fast?: boolean }[] = [
  { name: 'Word', tokenizer: 'Word' },
  { name: 'Cl100kBase', tokenizer: 'Cl100kBase', fast: true },
  { name: 'XlmRobertaBase', tokenizer: 'XlmRobertaBase' },
  { name: 'BertBaseUncased', tokenizer: 'BertBaseUncased' },
  { name: 'hub id', tokenizer: { String: 'chaos-unknown-org/no-such-tokenizer' } },
];

const CASES: HostileCase[] = [
  { name: 'zero-byte file', fast: true, input: () => Buffer.alloc(0), rejects: [400], budgetMs: 10_000 },
  {
    name: 'random bytes',
    input: () => Buffer.from('\x00\x01garbage that is no document at all\xff'.repeat(100), 'latin1'),
    rejects: [400],
    budgetMs: 10_000,
  },
  {
    name: 'truncated PDF (55%)',
    fast: true,
    input: () => hostile.makeTruncatedPdf(0.55),
    ends: ['Succeeded', 'Failed'],
    budgetMs: 2 * MINUTE,
  },
  {
    // The page tree survives, the pages do not: MuPDF reads them as empty pages.
    name: 'truncated PDF (5%, page objects gone)',
    input: () => hostile.makeTruncatedPdf(0.05),
    rejects: [400],
    ends: ['Failed', 'Succeeded'],
    budgetMs: 2 * MINUTE,
  },
  {
    name: '10,000-page PDF',
    fast: true,
    input: () => hostile.makeManyPagePdf(10_000),
    ends: ['Failed'],
    budgetMs: 2 * MINUTE,
  },
  {
    name: 'page tree 5,000 levels deep',
    input: () => hostile.makeDeepPageTreePdf(5000),
    ends: ['Succeeded', 'Failed'],
    budgetMs: 2 * MINUTE,
  },
  {
    name: 'page tree cycle',
    fast: true,
    input: () => hostile.makeCyclicPageTreePdf(),
    ends: ['Failed', 'Succeeded'],
    budgetMs: 2 * MINUTE,
  },
  {
    name: 'array nested 100,000 deep',
    input: () => hostile.makeDeepArrayPdf(100_000),
    ends: ['Succeeded', 'Failed'],
    budgetMs: 2 * MINUTE,
  },
  {
    name: 'form XObject drawing itself',
    input: () => hostile.makeSelfDrawingFormPdf(),
    ends: ['Succeeded', 'Failed'],
    budgetMs: 2 * MINUTE,
  },
  {
    name: 'broken font and ToUnicode CMap',
    input: () => hostile.makeBrokenCmapPdf(),
    ends: ['Succeeded', 'Failed'],
    budgetMs: 2 * MINUTE,
  },
  {
    name: 'broken JBIG2, JPX and CCITT images',
    input: () => hostile.makeBrokenImagesPdf(),
    ends: ['Succeeded', 'Failed'],
    budgetMs: 2 * MINUTE,
  },
  {
    name: 'PNG header 50000x50000',
    fast: true,
    input: () => hostile.makeHugeHeaderPng(50_000, 50_000),
    rejects: [400],
    ends: ['Failed'],
    budgetMs: 2 * MINUTE,
  },
  {
    // Rendering it within the page pixel limit (scaled down) is as right as refusing it.
    name: 'PNG bomb 20000x20000 (400 MB of pixels)',
    input: () => hostile.makePngBomb(20_000),
    rejects: [400],
    ends: ['Failed', 'Succeeded'],
    budgetMs: 3 * MINUTE,
  },
  {
    name: 'DOCX zip bomb (512 MiB document.xml)',
    input: () => hostile.makeZipBombDocx(512 * MIB),
    rejects: [400, 413],
    ends: ['Failed', 'Succeeded'],
    check: (text) => (text.length > MIB ? `output holds ${text.length} characters` : null),
    budgetMs: 4 * MINUTE,
  },
  {
    name: 'DOCX billion laughs',
    input: () => hostile.makeBillionLaughsDocx(),
    rejects: [400],
    ends: ['Failed', 'Succeeded'],
    check: (text) => (text.length > MIB ? `entities expanded: ${text.length} characters` : null),
    budgetMs: 4 * MINUTE,
  },
  {
    name: 'polyglot ZIP then PDF',
    input: () => hostile.makeZipPdfPolyglot(),
    rejects: [400],
    ends: ['Succeeded', 'Failed'],
    budgetMs: 2 * MINUTE,
  },
  {
    name: 'polyglot PDF then ZIP',
    input: () => hostile.makePdfZipPolyglot(),
    rejects: [400],
    ends: ['Succeeded', 'Failed'],
    budgetMs: 2 * MINUTE,
  },
  ...TOKENIZERS.map((entry): HostileCase => ({
    name: `1 MB word, tokenizer ${entry.name}`,
    fast: entry.fast,
    input: () => hostile.makeLongWordPdf(1_000_000),
    config: { ocr_strategy: 'Auto', chunk_processing: { tokenizer: entry.tokenizer } },
    rejects: [400],
    ends: ['Succeeded', 'Failed'],
    budgetMs: 4 * MINUTE,
  })),
];

/** Sends one hostile case and judges the answer. */
async function runHostile(entry: HostileCase): Promise<CaseOutcome> {
  const key = inject('chaosKeys')['chaos-main'];
  const bytes = await entry.input();
  const reply = await createRaw(
    { file: dataUri(bytes), file_name: `${entry.name.replace(/\W+/g, '-')}.bin`, ...entry.config },
    key,
  );
  const serverErrors = reply.status >= 500 ? 1 : 0;
  if (!reply.task) {
    const ok = (entry.rejects ?? []).includes(reply.status) && isClearMessage(reply.text);
    return { outcome: `${reply.status} ${reply.text}`, ok, tasks: [], serverErrors };
  }
  const tasks: TrackedTask[] = [{ taskId: reply.task.task_id, key }];
  const task = await settle(reply.task.task_id, key, entry.budgetMs);
  if (!task) return { outcome: `still running after ${entry.budgetMs / 1000} s`, ok: false, tasks, serverErrors };
  // Ended: settle returns only tasks past Starting and Processing (Cancelled is not allowed by any case).
  const status = task.status as Status;
  let ok = (entry.ends ?? []).includes(status) && (status !== 'Failed' || isClearMessage(task.message));
  let outcome = `${task.status}: ${task.message}`;
  if (status === 'Succeeded') {
    const problem = entry.check?.(outputText(task)) ?? null;
    if (problem) {
      ok = false;
      outcome += ` (${problem})`;
    }
    outcome += `, ${task.output?.page_count ?? 0} pages`;
  }
  return { outcome, ok, tasks, serverErrors };
}

const set = inject('chaosSet');

describe('hostile inputs', () => {
  for (const entry of CASES.filter((candidate) => set === 'full' || candidate.fast)) {
    test(
      `${entry.name}: a clear 4xx or a task that ends in time, and the service stays up`,
      async () => {
        const result = await runCase('hostile', entry.name, () => runHostile(entry));
        expect(result.ok, result.outcome).toBe(true);
      },
      entry.budgetMs + 5 * MINUTE,
    );
  }

  test(
    'zero-byte file by multipart upload: 400 and the service stays up',
    async () => {
      const result = await runCase('hostile', 'zero-byte multipart upload', async () => {
        const form = new FormData();
        form.set('file', new Blob([]), 'empty.pdf');
        const response = await fetch(`${inject('baseUrl')}/api/v1/task`, {
          method: 'POST',
          headers: { authorization: inject('chaosKeys')['chaos-main'] },
          body: form,
        });
        const text = await response.text();
        const tasks: TrackedTask[] = [];
        if (response.status === 200)
          tasks.push({
            // A 200 of the multipart create is a Task.
            taskId: (JSON.parse(text) as { task_id: string }).task_id,
            key: inject('chaosKeys')['chaos-main'],
          });
        return {
          outcome: `${response.status} ${text.slice(0, 200)}`,
          ok: response.status === 400 && isClearMessage(text),
          tasks,
          serverErrors: response.status >= 500 ? 1 : 0,
        };
      });
      expect(result.ok, result.outcome).toBe(true);
    },
    5 * MINUTE,
  );
});
