import { putJson } from '@folio/runtime';
import { storageKeys, type ExtractionOutput } from '@folio/workflows/contracts';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXTRACT_LIMITS } from '../current-api/extract-request.js';
import type { CurrentTask } from '../current-api/task-response.js';
import type { ApiTask } from '../tasks/task-response.js';
import { PDF_BYTES, createHarness, type Harness } from '../testing/harness.js';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

const client = () => request(h.app.callback());
const pdf = `data:application/pdf;base64,${PDF_BYTES.toString('base64')}`;
const SCHEMA = {
  type: 'object',
  properties: { title: { type: 'string' }, year: { type: 'integer' } },
  required: ['title'],
};

async function post(path: string, body: Record<string, unknown>, key = h.aliceKey) {
  return client().post(path).set('Authorization', key).send(body);
}

async function createExtract(body: Record<string, unknown>): Promise<CurrentTask> {
  const response = await post('/api/v1/tasks/extract', body);
  expect(response.status, response.text).toBe(200);
  return response.body as CurrentTask;
}

/** Marks a task succeeded with an output and, for an extract task, its stored extraction. */
async function succeed(taskId: string, extraction: ExtractionOutput | null): Promise<void> {
  const run = storageKeys.runPrefix(taskId, 0);
  await putJson(h.store, `${run}output.json`, { chunks: [] });
  if (extraction !== null) await putJson(h.store, `${run}extraction.json`, extraction);
  h.workflows.setState(taskId, {
    status: 'Succeeded',
    message: 'Task succeeded',
    pageCount: 1,
    outputKey: `${run}output.json`,
    ...(extraction === null ? {} : { extractionKey: `${run}extraction.json` }),
    finishedAt: '2025-01-02T03:05:00.000Z',
  });
}

const EXTRACTED: ExtractionOutput = {
  results: { title: 'Annual report', year: 2024 },
  citations: { title: [{ citation_id: 'cit_1', segment_id: 's1' }], year: [] },
  metrics: null,
  model_id: 'model-a',
  attempts: 1,
};

describe('Extract tasks of the current SDK', () => {
  it('starts the workflow with the extraction and parse settings, and answers the SDK shape', async () => {
    const task = await createExtract({
      file: pdf,
      file_name: 'report.pdf',
      schema: SCHEMA,
      system_prompt: 'Read the cover.',
      expires_in: 3600,
      parse_configuration: { ocr_strategy: 'Auto', llm_processing: { llm_model_id: 'model-b' } },
    });
    expect(task).toMatchObject({
      task_type: 'Extract',
      status: 'Starting',
      completed: false,
      file_info: { name: 'report.pdf', mime_type: 'application/pdf' },
      configuration: {
        schema: SCHEMA,
        system_prompt: 'Read the cover.',
        parse_configuration: { ocr_strategy: 'Auto', expires_in: 3600 },
      },
      output: null,
      parse_task_id: null,
    });
    const [started] = h.workflows.started;
    expect(started?.extraction).toEqual({ schema: SCHEMA, system_prompt: 'Read the cover.', parse_task_id: null });
    expect(started?.configuration).toMatchObject({
      ocr_strategy: 'Auto',
      expires_in: 3600,
      llm_processing: { model_id: 'model-b' },
    });
  });

  it('answers results, citations and metrics once succeeded, through both paths and the v1 route', async () => {
    const task = await createExtract({ file: pdf, schema: SCHEMA });
    await succeed(task.task_id, EXTRACTED);
    for (const path of [`/api/v1/tasks/${task.task_id}/extract`, `/api/v1/tasks/${task.task_id}`]) {
      const response = await client().get(path).set('Authorization', h.aliceKey);
      expect(response.status, response.text).toBe(200);
      expect((response.body as CurrentTask).output).toEqual({
        results: EXTRACTED.results,
        citations: EXTRACTED.citations,
        metrics: null,
      });
    }
    const v1 = await client().get(`/api/v1/task/${task.task_id}`).set('Authorization', h.aliceKey);
    expect((v1.body as ApiTask).status).toBe('Succeeded');
  });

  it('lists extract and parse tasks by task_types', async () => {
    const parse = await post('/api/v1/tasks/parse', { file: pdf });
    const extract = await createExtract({ file: pdf, schema: SCHEMA });
    const ids = async (types: string) => {
      const response = await client().get(`/api/v1/tasks?task_types=${types}`).set('Authorization', h.aliceKey);
      expect(response.status, response.text).toBe(200);
      return (response.body as { tasks: CurrentTask[] }).tasks.map((task) => task.task_id);
    };
    expect(await ids('Extract')).toEqual([extract.task_id]);
    expect(await ids('Parse')).toEqual([(parse.body as CurrentTask).task_id]);
    expect((await ids('Parse,Extract')).sort()).toEqual([extract.task_id, (parse.body as CurrentTask).task_id].sort());
  });

  it("extracts from the caller's succeeded parse task, copying its input and settings", async () => {
    const parse = (await post('/api/v1/tasks/parse', { file: pdf, file_name: 'paper.pdf', ocr_strategy: 'Auto' }))
      .body as CurrentTask;
    await succeed(parse.task_id, null);
    const task = await createExtract({ file: parse.task_id, schema: SCHEMA, expires_in: 60 });
    expect(task).toMatchObject({
      task_type: 'Extract',
      parse_task_id: parse.task_id,
      file_info: { name: 'paper.pdf' },
    });
    const started = h.workflows.started.at(-1);
    expect(started?.configuration).toMatchObject({ ocr_strategy: 'Auto', expires_in: 60 });
    expect(started?.source).toEqual({
      kind: 'stored',
      key: storageKeys.input(task.task_id, 'paper.pdf'),
      mimeType: 'application/pdf',
    });
    expect(await h.store.get(storageKeys.input(task.task_id, 'paper.pdf'))).toEqual(PDF_BYTES);
  });

  it("refuses a parse task that is unusable, another owner's, or given with parse settings", async () => {
    const parse = (await post('/api/v1/tasks/parse', { file: pdf })).body as CurrentTask;
    const notDone = await post('/api/v1/tasks/extract', { file: parse.task_id, schema: SCHEMA });
    expect([notDone.status, notDone.text]).toEqual([
      400,
      `Parse task ${parse.task_id} has not succeeded: status is Starting`,
    ]);
    await succeed(parse.task_id, null);
    const bobs = await post('/api/v1/tasks/extract', { file: parse.task_id, schema: SCHEMA }, h.bobKey);
    expect([bobs.status, bobs.text]).toEqual([400, `Task not found: ${parse.task_id}`]);
    const withSettings = await post('/api/v1/tasks/extract', {
      file: parse.task_id,
      schema: SCHEMA,
      parse_configuration: { ocr_strategy: 'All' },
    });
    expect([withSettings.status, withSettings.text]).toEqual([
      400,
      'parse_configuration cannot be used when file is a task_id',
    ]);
    const extract = await createExtract({ file: pdf, schema: SCHEMA });
    await succeed(extract.task_id, EXTRACTED);
    const fromExtract = await post('/api/v1/tasks/extract', { file: extract.task_id, schema: SCHEMA });
    expect([fromExtract.status, fromExtract.text]).toEqual([
      400,
      `Task ${extract.task_id} is an extract task, not a parse task`,
    ]);
  });

  it('refuses a missing, invalid or oversized schema and a long system prompt with 400, starting nothing', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ file: pdf }, /^Invalid value for 'schema': expected a JSON Schema object$/],
      [{ file: pdf, schema: [] }, /^Invalid value for 'schema': expected a JSON Schema object$/],
      [{ file: pdf, schema: { type: 'objekt' } }, /^Invalid value for 'schema': Invalid schema: /],
      [
        { file: pdf, schema: { $ref: 'http://127.0.0.1/schema.json' } },
        /^Invalid value for 'schema': Invalid schema: /,
      ],
      [
        { file: pdf, schema: { type: 'object', description: 'x'.repeat(EXTRACT_LIMITS.schemaChars) } },
        /^Invalid value for 'schema': expected a schema of at most 16000 characters of JSON/,
      ],
      [
        { file: pdf, schema: SCHEMA, system_prompt: 'x'.repeat(4001) },
        /^Invalid value for 'system_prompt': expected a string of at most 4000/,
      ],
      [
        { file: pdf, schema: SCHEMA, parse_configuration: { ocr_strategy: 'Sometimes' } },
        /^Invalid value for 'parse_configuration.ocr_strategy'/,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await post('/api/v1/tasks/extract', body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.text).toMatch(message);
    }
    expect(h.workflows.started).toHaveLength(0);
  });
});
