import { putJson } from '@folio/runtime';
import { storageKeys } from '@folio/workflows/contracts';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CurrentParseConfiguration, CurrentParseTask, CurrentTask } from '../current-api/task-response.js';
import type { ApiTask } from '../tasks/task-response.js';
import { z } from 'zod';
import {
  currentTaskSchema,
  fileSchema,
  fileTypesSchema,
  fileUrlSchema,
  filesPageSchema,
  taskSchema,
  tasksPageSchema,
} from '../openapi/responses.js';
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

async function createParse(body: Record<string, unknown>, key = h.aliceKey): Promise<CurrentTask> {
  const response = await client().post('/api/v1/tasks/parse').set('Authorization', key).send(body);
  expect(response.status, response.text).toBe(200);
  return response.body as CurrentTask;
}

/** Marks a task succeeded with one stored render manifest and an output holding `segments` (one Text segment by default). */
async function succeed(taskId: string, segments?: Record<string, unknown>[]): Promise<void> {
  const run = storageKeys.runPrefix(taskId, 0);
  await h.store.put(`${run}pages/page-0.png`, Buffer.from('png'));
  await putJson(h.store, storageKeys.renderManifest(run, 0), {
    page: {
      pageIndex: 0,
      width: 1224,
      height: 1584,
      image: { key: `${run}pages/page-0.png`, sha256: '', byteSize: 3 },
      scale: 2,
    },
  });
  const segment = {
    segmentId: 's1',
    segmentType: 'Text',
    bbox: { left: 1, top: 2, width: 3, height: 4 },
    pageNumber: 1,
    pageWidth: 1224,
    pageHeight: 1584,
    content: 'Hello',
    html: '<p>Hello</p>',
    markdown: 'Hello',
    text: 'Hello',
    ocr: [],
    embed: 'Hello',
  };
  await putJson(h.store, `${run}output.json`, {
    chunks: [{ chunkId: 'c1', chunkLength: 1, segments: segments ?? [segment], embed: 'Hello' }],
  });
  h.workflows.setState(taskId, {
    status: 'Succeeded',
    message: 'Task succeeded',
    pageCount: 1,
    outputKey: `${run}output.json`,
    finishedAt: '2025-01-02T03:05:00.000Z',
    startedAt: '2025-01-02T03:04:06.000Z',
  });
}

describe('Tasks API of the current SDK', () => {
  it('creates a parse task in the SDK shape, mapping llm_model_id and keeping the v1 rules', async () => {
    const task = await createParse({
      file: pdf,
      file_name: 'paper.pdf',
      ocr_strategy: 'Auto',
      pipeline: 'Chunkr',
      chunk_processing: { target_length: 64, tokenizer: { Enum: 'Cl100kBase' } },
      segment_processing: { Table: { format: 'Markdown', strategy: 'Auto' }, PageNumber: { strategy: 'Ignore' } },
      llm_processing: { llm_model_id: 'model-b' },
    });
    expect(task).toMatchObject({
      task_type: 'Parse',
      status: 'Starting',
      completed: false,
      message: 'Task queued',
      file_info: { name: 'paper.pdf', mime_type: 'application/pdf', page_count: null },
      version_info: { server_version: '9.9.9', client_version: 'Unspecified' },
      task_url: `http://gateway.test/api/v1/tasks/${task.task_id}`,
      output: null,
    });
    expect(task.configuration).toMatchObject({
      ocr_strategy: 'Auto',
      chunk_processing: { target_length: 64, tokenizer: { Enum: 'Cl100kBase' } },
      segment_processing: {
        Table: {
          format: 'Markdown',
          strategy: 'Auto',
          crop_image: 'Auto',
          description: false,
          extended_context: false,
          llm: null,
        },
      },
      llm_processing: { llm_model_id: 'model-b' },
    });
    expect(task.file_info.url).toMatch(/^http:\/\/gateway\.test\/files\//);
    expect(h.workflows.started[0]?.configuration.llm_processing.model_id).toBe('model-b');
    // The current API's finer types: set where asked, defaulted (a GraphicalItem cropped like a Picture) where not.
    const processing = (task.configuration as CurrentParseConfiguration).segment_processing;
    expect(Object.keys(processing)).toEqual([
      ...[
        'Title',
        'SectionHeader',
        'Text',
        'ListItem',
        'Table',
        'Picture',
        'Caption',
        'Formula',
        'Footnote',
        'PageHeader',
        'PageFooter',
        'Page',
      ],
      ...['PageNumber', 'LineNumber', 'FormRegion', 'GraphicalItem', 'Legend', 'Unknown'],
    ]);
    expect([
      processing.PageNumber?.strategy,
      processing.PageFooter?.strategy,
      processing.GraphicalItem?.crop_image,
    ]).toEqual(['Ignore', 'Auto', 'All']);
    expect(h.workflows.started[0]?.configuration.segment_processing.PageNumber?.strategy).toBe('Ignore');
    // The same settings through v1: it has no finer types, so they are ignored like any unknown field.
    const v1 = await client()
      .post('/api/v1/task/parse')
      .set('Authorization', h.aliceKey)
      .send({ file: pdf, segment_processing: { PageNumber: { strategy: 'Ignore' } } });
    expect(Object.keys((v1.body as ApiTask).configuration.segment_processing)).toHaveLength(12);
    // A current-API task read through v1 shows v1's 12 types.
    const asV1 = (await client().get(`/api/v1/task/${task.task_id}`).set('Authorization', h.aliceKey).expect(200))
      .body as ApiTask;
    expect(Object.keys(asV1.configuration.segment_processing)).toHaveLength(12);
    const unknownModel = await client()
      .post('/api/v1/tasks/parse')
      .set('Authorization', h.aliceKey)
      .send({ file: pdf, llm_processing: { llm_model_id: 'nope' } });
    expect(unknownModel.status).toBe(400);
    const badEnum = await client()
      .post('/api/v1/tasks/parse')
      .set('Authorization', h.aliceKey)
      .send({ file: pdf, ocr_strategy: 'Some' });
    expect([badEnum.status, badEnum.type]).toEqual([400, 'text/plain']);
  });

  it('reads one task through both APIs, with pages and chunk content once it succeeded', async () => {
    const v1 = (
      await client().post('/api/v1/task/parse').set('Authorization', h.aliceKey).send({ file: pdf }).expect(200)
    ).body as ApiTask;
    await succeed(v1.task_id);
    for (const path of [`/api/v1/tasks/${v1.task_id}`, `/api/v1/tasks/${v1.task_id}/parse`]) {
      const task = (await client().get(path).set('Authorization', h.aliceKey).expect(200)).body as CurrentParseTask;
      expect(task).toMatchObject({ status: 'Succeeded', completed: true, file_info: { page_count: 1 } });
      expect(task.output?.pages).toEqual([
        {
          page_number: 1,
          page_width: 1224,
          page_height: 1584,
          dpi: 144,
          image: expect.stringMatching(/page-0\.png/) as string,
        },
      ]);
      expect(task.output?.chunks[0]).toMatchObject({
        chunk_id: 'c1',
        content: 'Hello',
        segments: [{ segment_id: 's1', segment_type: 'Text', content: 'Hello' }],
      });
    }
    const current = await createParse({ file: pdf });
    const asV1 = (await client().get(`/api/v1/task/${current.task_id}`).set('Authorization', h.aliceKey).expect(200))
      .body as ApiTask;
    expect(asV1).toMatchObject({ task_id: current.task_id, status: 'Starting' });
  });

  it('shows the finer segment type on the current API and the v1 type on v1', async () => {
    const segment = (segmentId: string, segmentType: string, fineType?: string) => ({
      segmentId,
      segmentType,
      ...(fineType === undefined ? {} : { fineType }),
      bbox: { left: 1, top: 1500, width: 30, height: 20 },
      pageNumber: 1,
      pageWidth: 1224,
      pageHeight: 1584,
      content: '12',
      html: '<div class="page-footer">12</div>',
      markdown: '12',
      text: '12',
      ocr: [],
      embed: '12',
    });
    const current = await createParse({ file: pdf });
    await succeed(current.task_id, [
      segment('s1', 'PageFooter', 'PageNumber'),
      segment('s2', 'Text', 'LineNumber'),
      segment('s3', 'Text'),
    ]);
    const task = (await client().get(`/api/v1/tasks/${current.task_id}`).set('Authorization', h.aliceKey).expect(200))
      .body as CurrentParseTask;
    expect(task.output?.chunks[0]?.segments.map((s) => s.segment_type)).toEqual(['PageNumber', 'LineNumber', 'Text']);
    const asV1 = (await client().get(`/api/v1/task/${current.task_id}`).set('Authorization', h.aliceKey).expect(200))
      .body as ApiTask;
    expect(asV1.output.chunks[0]?.segments.map((s) => s.segment_type)).toEqual(['PageFooter', 'Text', 'Text']);
    expect(asV1.output.chunks[0]?.segments.every((s) => !('fine_type' in s))).toBe(true);
  });

  it('gives a spreadsheet Table its header box and OCR results and each OCR result its cell, on the current API only', async () => {
    const cell = (range: string, text: string) => ({ cellId: `0-${range}`, range, text, style: {} });
    const word = (text: string, left: number, top: number) => ({
      text,
      bbox: { left, top, width: 50, height: 20 },
      confidence: 1,
    });
    const table = {
      segmentId: 't1',
      segmentType: 'Table',
      bbox: { left: 100, top: 200, width: 100, height: 40 },
      pageNumber: 1,
      pageWidth: 1224,
      pageHeight: 1584,
      content: '<table></table>',
      html: '<table></table>',
      markdown: '',
      text: 'Name Age Zoë 41',
      // Relative to the segment's box, one per cell in the cells' order (as the render stage writes them).
      ocr: [word('Name', 0, 0), word('Age', 50, 0), word('Zoë', 0, 20), word('41', 50, 20)],
      embed: '',
      sheet: {
        sheetName: 'Staff',
        range: 'A1:B2',
        cells: [cell('A1', 'Name'), cell('B1', 'Age'), cell('A2', 'Zoë'), cell('B2', '41')],
        headerRange: 'A1:B1',
        headerText: 'Name | Age',
      },
    };
    const current = await createParse({ file: pdf });
    await succeed(current.task_id, [table]);
    const task = (await client().get(`/api/v1/tasks/${current.task_id}`).set('Authorization', h.aliceKey).expect(200))
      .body as CurrentParseTask;
    const segment = task.output?.chunks[0]?.segments[0];
    expect(segment?.ss_header_bbox).toEqual({ left: 100, top: 200, width: 100, height: 20 });
    expect(segment?.ss_header_ocr?.map((result) => [result.text, result.ss_cell_ref, result.bbox.left])).toEqual([
      ['Name', 'A1', 0],
      ['Age', 'B1', 50],
    ]);
    expect(segment?.ocr.map((result) => result.ss_cell_ref)).toEqual(['A1', 'B1', 'A2', 'B2']);
    const asV1 = (await client().get(`/api/v1/task/${current.task_id}`).set('Authorization', h.aliceKey).expect(200))
      .body as ApiTask;
    const v1Segment = asV1.output.chunks[0]?.segments[0];
    expect(v1Segment && Object.keys(v1Segment).filter((key) => key.startsWith('ss_'))).toEqual([]);
    expect(v1Segment?.ocr.every((result) => !('ss_cell_ref' in result))).toBe(true);
  });

  it('writes a task a chunk at a time as the very text the list gives for it, sheet names on its pages', async () => {
    const segment = (segmentId: string, sheetName?: string) => ({
      segmentId,
      segmentType: 'Text',
      bbox: { left: 1, top: 2, width: 3, height: 4 },
      pageNumber: 1,
      pageWidth: 1224,
      pageHeight: 1584,
      content: `Hello "${segmentId}"`,
      html: '<p>Hello</p>',
      markdown: 'Hello',
      text: 'Hello',
      ocr: [],
      embed: 'Hello',
      ...(sheetName === undefined ? {} : { sheet: { sheetName, range: 'A1:A1', cells: [] } }),
    });
    const current = await createParse({ file: pdf });
    await succeed(current.task_id, [segment('s1'), segment('s2', 'Zoë')]);
    const output = `${storageKeys.runPrefix(current.task_id, 0)}output.json`;
    const stored = JSON.parse((await h.store.get(output)).toString('utf8')) as { chunks: Record<string, unknown>[] };
    // Two chunks, the second's segment on a sheet: the page's name is known only after the chunks.
    const [first] = stored.chunks;
    const [s1, s2] = (first?.['segments'] ?? []) as unknown[];
    await putJson(h.store, output, {
      chunks: [
        { ...first, segments: [s1] },
        { ...first, chunkId: 'c2', segments: [s2] },
      ],
    });
    const served = await client().get(`/api/v1/tasks/${current.task_id}`).set('Authorization', h.aliceKey).expect(200);
    expect(served.type).toBe('application/json');
    const listed = await client()
      .get('/api/v1/tasks?include_chunks=true&sort=desc&limit=1')
      .set('Authorization', h.aliceKey)
      .expect(200);
    const [task] = (listed.body as { tasks: CurrentParseTask[] }).tasks;
    expect(task?.output?.chunks).toHaveLength(2);
    expect(task?.output?.pages[0]?.ss_sheet_name).toBe('Zoë');
    expect(served.text).toBe(JSON.stringify(task));
  });

  it("answers another owner's task like a missing one on every route", async () => {
    const task = await createParse({ file: pdf });
    for (const [method, path] of [
      ['get', `/api/v1/tasks/${task.task_id}`],
      ['get', `/api/v1/tasks/${task.task_id}/parse`],
      ['get', `/api/v1/tasks/${task.task_id}/cancel`],
      ['delete', `/api/v1/tasks/${task.task_id}`],
    ] as const) {
      const response = await client()[method](path).set('Authorization', h.bobKey);
      expect([response.status, response.text]).toEqual([404, 'Task not found']);
    }
  });

  it('cancels and deletes with the v1 rules and messages', async () => {
    const task = await createParse({ file: pdf });
    const cancelled = await client()
      .get(`/api/v1/tasks/${task.task_id}/cancel`)
      .set('Authorization', h.aliceKey)
      .expect(200);
    expect(cancelled.text).toBe('Task cancelled');
    const again = await client().get(`/api/v1/tasks/${task.task_id}/cancel`).set('Authorization', h.aliceKey);
    expect([again.status, again.text]).toEqual([400, 'Task cannot be cancelled: status is Cancelled']);
    await client().delete(`/api/v1/tasks/${task.task_id}`).set('Authorization', h.aliceKey).expect(200);
    expect((await client().get(`/api/v1/tasks/${task.task_id}`).set('Authorization', h.aliceKey)).status).toBe(404);
  });

  it('pages the list by cursor for the current API and leaves the v1 array to v1 requests', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 3; index++) {
      ids.push((await createParse({ file: pdf })).task_id);
      h.clock.advance(1000);
    }
    await succeed(ids[0] ?? '');
    const first = (await client().get('/api/v1/tasks?limit=2&sort=desc').set('Authorization', h.aliceKey).expect(200))
      .body as {
      tasks: CurrentTask[];
      has_more: boolean;
      next_cursor: string | null;
    };
    expect(first.tasks.map((task) => task.task_id)).toEqual([ids[2], ids[1]]);
    expect(first.has_more).toBe(true);
    const second = await client()
      .get(`/api/v1/tasks?limit=2&cursor=${encodeURIComponent(first.next_cursor ?? '')}`)
      .set('Authorization', h.aliceKey)
      .expect(200);
    expect(second.body).toMatchObject({ tasks: [{ task_id: ids[0] }], has_more: false, next_cursor: null });
    const sdk = await client()
      .get('/api/v1/tasks')
      .set('Authorization', h.aliceKey)
      .set('X-Stainless-Lang', 'js')
      .expect(200);
    expect((sdk.body as { tasks: unknown[] }).tasks).toHaveLength(3);
    const succeeded = await client()
      .get('/api/v1/tasks?statuses=Succeeded,Failed')
      .set('Authorization', h.aliceKey)
      .expect(200);
    expect((succeeded.body as { tasks: CurrentTask[] }).tasks.map((task) => task.task_id)).toEqual([ids[0]]);
    const extract = await client().get('/api/v1/tasks?task_types=Extract').set('Authorization', h.aliceKey).expect(200);
    expect((extract.body as { tasks: unknown[] }).tasks).toEqual([]);
    expect((await client().get('/api/v1/tasks?statuses=Done').set('Authorization', h.aliceKey)).status).toBe(400);
    const v1 = await client().get('/api/v1/tasks?page=1&limit=2').set('Authorization', h.aliceKey).expect(200);
    expect(Array.isArray(v1.body)).toBe(true);
    expect((v1.body as ApiTask[]).map((task) => task.task_id)).toEqual([ids[2], ids[1]]);
    expect((await client().get('/api/v1/tasks?sort=asc')).status).toBe(401);
  });

  it('creates from ch://files/{id}', async () => {
    const file = (
      await client()
        .post('/api/v1/files')
        .set('Authorization', h.aliceKey)
        .attach('file', PDF_BYTES, 'up.pdf')
        .expect(200)
    ).body as {
      url: string;
    };
    const task = await createParse({ file: file.url });
    expect(task.file_info).toMatchObject({ name: 'up.pdf', mime_type: 'application/pdf' });
  });

  it('answers in the documented shapes: every 200 body parses with the zod schema its OpenAPI schema is made from', async () => {
    const v1 = (
      await client().post('/api/v1/task/parse').set('Authorization', h.aliceKey).send({ file: pdf }).expect(200)
    ).body as ApiTask;
    taskSchema.parse(v1);
    await succeed(v1.task_id);
    taskSchema.parse(
      (await client().get(`/api/v1/task/${v1.task_id}`).set('Authorization', h.aliceKey).expect(200)).body,
    );
    currentTaskSchema.parse(
      (await client().get(`/api/v1/tasks/${v1.task_id}`).set('Authorization', h.aliceKey).expect(200)).body,
    );
    currentTaskSchema.parse(await createParse({ file: pdf, segment_processing: { Table: { format: 'Markdown' } } }));
    tasksPageSchema.parse(
      (await client().get('/api/v1/tasks?sort=asc').set('Authorization', h.aliceKey).expect(200)).body,
    );
    z.array(taskSchema).parse((await client().get('/api/v1/tasks').set('Authorization', h.aliceKey).expect(200)).body);
    const file = fileSchema.parse(
      (
        await client()
          .post('/api/v1/files')
          .set('Authorization', h.aliceKey)
          .attach('file', PDF_BYTES, 'up.pdf')
          .expect(200)
      ).body,
    );
    filesPageSchema.parse((await client().get('/api/v1/files').set('Authorization', h.aliceKey).expect(200)).body);
    fileUrlSchema.parse(
      (await client().get(`/api/v1/files/${file.file_id}/url`).set('Authorization', h.aliceKey).expect(200)).body,
    );
    fileTypesSchema.parse((await client().get('/api/v1/file-types').expect(200)).body);
  });
});
