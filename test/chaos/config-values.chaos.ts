// Extreme and malformed values for every field of a create request. A malformed value is a 400
// whose plain-text message names the field; an extreme but valid one (the documented maxima, the
// longest file name) is accepted and its task ends Succeeded. One row per field in the table.
import { describe, expect, inject, test } from 'vitest';
import { makeReport } from '../src/fixtures.js';
import { createRaw, dataUri, isClearMessage, runCase, settle } from './chaos-case.js';
import type { TrackedTask } from './report.js';

/** `reject`: a 400 naming the field; `accept`: 200 and the task succeeds; `either`: a clear 400 or success. */
type Expectation = 'reject' | 'accept' | 'either';

interface ConfigCase {
  /** The values merged over a valid body (`file` a one-page PDF). A raw string body is sent as is. */
  body: Record<string, unknown> | string;
  expect: Expectation;
  /** What the 400 must name; the field path by default. */
  names?: string;
}

const MAX_UINT32 = 4_294_967_295;

/** Nested arrays `depth` deep, as JSON text (JSON.stringify would recurse as deep). */
function deepJson(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/** The cases by field. */
const FIELDS: Record<string, ConfigCase[]> = {
  file: [
    { body: { file: 12345 }, expect: 'reject' },
    { body: { file: null }, expect: 'reject' },
    { body: { file: undefined }, expect: 'reject' },
    { body: { file: 'data:application/pdf;base64,@@@@' }, expect: 'reject', names: 'Invalid base64 data' },
    { body: { file: 'ftp://example.com/a.pdf' }, expect: 'reject', names: 'Invalid file URL' },
    { body: { file: 'http://[::1' }, expect: 'reject', names: 'Invalid file URL' },
    { body: { file: 'http://127.0.0.1:1/loopback.pdf' }, expect: 'either' },
  ],
  file_name: [
    { body: { file_name: 'n'.repeat(2000) }, expect: 'reject' },
    { body: { file_name: 12 }, expect: 'reject' },
    { body: { file_name: `${'é'.repeat(1020)}.pdf` }, expect: 'accept' },
    { body: { file_name: '../../../../etc/passwd' }, expect: 'accept' },
  ],
  ocr_strategy: [
    { body: { ocr_strategy: 'Bogus' }, expect: 'reject' },
    { body: { ocr_strategy: 7 }, expect: 'reject' },
    { body: { ocr_strategy: '' }, expect: 'reject' },
  ],
  segmentation_strategy: [
    { body: { segmentation_strategy: 'Nope' }, expect: 'reject' },
    { body: { segmentation_strategy: 'Page', high_resolution: false }, expect: 'accept' },
  ],
  high_resolution: [
    { body: { high_resolution: 'yes' }, expect: 'reject' },
    { body: { high_resolution: 1 }, expect: 'reject' },
  ],
  expires_in: [
    { body: { expires_in: 0 }, expect: 'reject' },
    { body: { expires_in: -1 }, expect: 'reject' },
    { body: { expires_in: 1.5 }, expect: 'reject' },
    { body: { expires_in: '60' }, expect: 'reject' },
    { body: { expires_in: 1e13 }, expect: 'reject' },
    { body: { expires_in: 3_153_600_001 }, expect: 'reject' },
    { body: '{"file":"FILE","expires_in":1e400}', expect: 'reject', names: 'expires_in' },
    { body: { expires_in: 3_153_600_000 }, expect: 'accept' },
  ],
  error_handling: [{ body: { error_handling: 'Maybe' }, expect: 'reject' }],
  chunk_processing: [
    { body: { chunk_processing: 'x' }, expect: 'reject' },
    { body: { chunk_processing: { target_length: -1 } }, expect: 'reject', names: 'chunk_processing.target_length' },
    {
      body: { chunk_processing: { target_length: MAX_UINT32 + 1 } },
      expect: 'reject',
      names: 'chunk_processing.target_length',
    },
    { body: { chunk_processing: { target_length: 1.5 } }, expect: 'reject', names: 'chunk_processing.target_length' },
    { body: { chunk_processing: { tokenizer: 42 } }, expect: 'reject', names: 'chunk_processing.tokenizer' },
    {
      body: { chunk_processing: { tokenizer: { Enum: 'Nope' } } },
      expect: 'reject',
      names: 'chunk_processing.tokenizer',
    },
    { body: { chunk_processing: { tokenizer: '' } }, expect: 'reject', names: 'chunk_processing.tokenizer' },
    {
      body: { chunk_processing: { ignore_headers_and_footers: 'no' } },
      expect: 'reject',
      names: 'chunk_processing.ignore_headers_and_footers',
    },
    { body: { chunk_processing: { target_length: MAX_UINT32 } }, expect: 'accept' },
    { body: { chunk_processing: { target_length: 0, tokenizer: 'bert-base-uncased' } }, expect: 'accept' },
  ],
  target_chunk_length: [{ body: { target_chunk_length: -5 }, expect: 'reject' }],
  segment_processing: [
    { body: { segment_processing: 'x' }, expect: 'reject' },
    {
      body: { segment_processing: { Table: { format: 'Pdf' } } },
      expect: 'reject',
      names: 'segment_processing.Table.format',
    },
    {
      body: { segment_processing: { Table: { strategy: 'Magic' } } },
      expect: 'reject',
      names: 'segment_processing.Table.strategy',
    },
    {
      body: { segment_processing: { Picture: { crop_image: 'Some' } } },
      expect: 'reject',
      names: 'segment_processing.Picture.crop_image',
    },
    {
      body: { segment_processing: { Text: { embed_sources: ['Everything'] } } },
      expect: 'reject',
      names: 'segment_processing.Text.embed_sources',
    },
    {
      body: { segment_processing: { Text: { embed_sources: 'Content' } } },
      expect: 'reject',
      names: 'segment_processing.Text.embed_sources',
    },
    {
      body: { segment_processing: { Text: { extended_context: 'true' } } },
      expect: 'reject',
      names: 'segment_processing.Text.extended_context',
    },
    { body: { segment_processing: { Text: { llm: 5 } } }, expect: 'reject', names: 'segment_processing.Text.llm' },
    { body: { segment_processing: { Bogus: { format: 'Html' }, Text: { format: 'Html' } } }, expect: 'accept' },
  ],
  llm_processing: [
    { body: { llm_processing: 'x' }, expect: 'reject' },
    { body: { llm_processing: { model_id: '' } }, expect: 'reject', names: 'llm_processing.model_id' },
    { body: { llm_processing: { model_id: 'no-such-model' } }, expect: 'reject', names: 'no-such-model' },
    {
      body: { llm_processing: { fallback_strategy: 'Sometimes' } },
      expect: 'reject',
      names: 'llm_processing.fallback_strategy',
    },
    {
      body: { llm_processing: { fallback_strategy: { Model: '' } } },
      expect: 'reject',
      names: 'llm_processing.fallback_strategy',
    },
    {
      body: { llm_processing: { max_completion_tokens: 0 } },
      expect: 'reject',
      names: 'llm_processing.max_completion_tokens',
    },
    {
      body: { llm_processing: { max_completion_tokens: MAX_UINT32 + 1 } },
      expect: 'reject',
      names: 'llm_processing.max_completion_tokens',
    },
    { body: { llm_processing: { temperature: -0.1 } }, expect: 'reject', names: 'llm_processing.temperature' },
    { body: { llm_processing: { temperature: 2.01 } }, expect: 'reject', names: 'llm_processing.temperature' },
    { body: { llm_processing: { temperature: '0.5' } }, expect: 'reject', names: 'llm_processing.temperature' },
    { body: { llm_processing: { temperature: 2, max_completion_tokens: MAX_UINT32 } }, expect: 'accept' },
  ],
  'request body': [
    { body: '{"file":', expect: 'reject', names: '' },
    { body: '[]', expect: 'reject', names: '' },
    { body: '"x"', expect: 'reject', names: '' },
    { body: `{"file":"FILE","deep":${deepJson(100_000)}}`, expect: 'either', names: '' },
    {
      body: '{"file":"FILE","__proto__":{"ocr_strategy":"Bogus"},"constructor":{"prototype":{"polluted":true}}}',
      expect: 'either',
      names: '',
    },
  ],
};

/** Sends one case; returns a short outcome and whether it is what the case expects. */
async function sendCase(
  field: string,
  entry: ConfigCase,
  key: string,
): Promise<{ outcome: string; ok: boolean; task: TrackedTask | null; serverError: boolean }> {
  const file = dataUri(makeReport(1));
  let reply: { status: number; text: string; taskId: string | null };
  if (typeof entry.body === 'string') {
    const response = await fetch(`${inject('baseUrl')}/api/v1/task/parse`, {
      method: 'POST',
      headers: { authorization: key, 'content-type': 'application/json' },
      body: entry.body.replace('"FILE"', JSON.stringify(file)),
    });
    const text = await response.text();
    reply = {
      status: response.status,
      text,
      // A 200 of create is a Task.
      taskId: response.status === 200 ? (JSON.parse(text) as { task_id: string }).task_id : null,
    };
  } else {
    const created = await createRaw({ file, ocr_strategy: 'Auto', ...entry.body }, key);
    reply = { status: created.status, text: created.text, taskId: created.task?.task_id ?? null };
  }
  const serverError = reply.status >= 500;
  if (reply.taskId === null) {
    const names = entry.names ?? field;
    const ok =
      entry.expect !== 'accept' &&
      reply.status >= 400 &&
      reply.status < 500 &&
      isClearMessage(reply.text) &&
      reply.text.includes(names);
    return { outcome: `${reply.status} ${reply.text.slice(0, 80)}`, ok, task: null, serverError };
  }
  const task: TrackedTask = { taskId: reply.taskId, key };
  const ended = await settle(reply.taskId, key, 180_000);
  const status = ended?.status ?? 'still running';
  // A loopback URL is accepted at the edge and refused by the fetch step: Failed with a clear message.
  const ok =
    entry.expect !== 'reject' &&
    (status === 'Succeeded' || (entry.expect === 'either' && status === 'Failed' && isClearMessage(ended?.message)));
  return { outcome: `${status}${ended?.message ? `: ${ended.message.slice(0, 60)}` : ''}`, ok, task, serverError };
}

const set = inject('chaosSet');
/** The fast subset: a few fields that once broke the workflow (issue 17) or reach it. */
const FAST_FIELDS = new Set(['expires_in', 'chunk_processing']);

describe('extreme and malformed configuration values', () => {
  for (const [field, cases] of Object.entries(FIELDS).filter(([name]) => set === 'full' || FAST_FIELDS.has(name))) {
    test(`${field}: malformed values are a 400 naming the field, extreme valid ones succeed`, async () => {
      const key = inject('chaosKeys')['chaos-main'];
      const result = await runCase(
        'config',
        field,
        async () => {
          const outcomes = [];
          for (const entry of cases) outcomes.push(await sendCase(field, entry, key));
          const wrong = outcomes.filter((outcome) => !outcome.ok);
          const counts = new Map<string, number>();
          for (const outcome of outcomes) {
            const label = outcome.outcome.split(':')[0]!.split(' ')[0]!;
            counts.set(label, (counts.get(label) ?? 0) + 1);
          }
          const summary = [...counts].map(([label, count]) => `${label} x${count}`).join(', ');
          return {
            outcome:
              wrong.length === 0
                ? `${outcomes.length}/${outcomes.length} as expected (${summary})`
                : `unexpected: ${wrong.map((outcome) => outcome.outcome).join(' | ')}`,
            ok: wrong.length === 0,
            tasks: outcomes.flatMap((outcome) => (outcome.task ? [outcome.task] : [])),
            serverErrors: outcomes.filter((outcome) => outcome.serverError).length,
          };
        },
        { canary: false },
      );
      expect(result.ok, result.outcome).toBe(true);
    });
  }
});
