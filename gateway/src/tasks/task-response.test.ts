import { createLogger, putJson } from '@folio/runtime';
import { ChunkedOutput } from '@folio/proto/chunk/v1';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PDF_BYTES, PUBLIC_URL, createHarness, type Harness } from '../testing/harness.js';
import { createTaskPresenter, type ApiTask } from './task-response.js';

let h: Harness;
let taskId = '';
beforeEach(async () => {
  h = await createHarness();
  const created = await request(h.app.callback())
    .post('/api/v1/task/parse')
    .set('Authorization', h.aliceKey)
    .send({ file: PDF_BYTES.toString('base64'), file_name: 'doc.pdf' })
    .expect(200);
  taskId = (created.body as ApiTask).task_id;
  const crop = `tasks/${taskId}/runs/1/crops/s2.png`;
  await h.store.put(crop, Buffer.from('PNGDATA'));
  await h.store.put(`tasks/${taskId}/document.pdf`, PDF_BYTES);
  const output = ChunkedOutput.fromPartial({
    chunks: [
      {
        chunkId: 'c1',
        chunkLength: 7,
        embed: 'Hello world',
        segments: [
          {
            segmentId: 's1',
            segmentType: 'Text',
            bbox: { left: 1, top: 2, width: 3, height: 4 },
            pageNumber: 1,
            pageWidth: 100,
            pageHeight: 200,
            content: 'Hello world',
            html: '<p>Hello world</p>',
            markdown: 'Hello world',
            text: 'Hello world',
            imageKey: '',
            ocr: [
              { text: 'Hello', bbox: { left: 0, top: 0, width: 1, height: 1 } },
              { text: 'world', bbox: { left: 1, top: 0, width: 1, height: 1 }, confidence: 0.9 },
            ],
            embed: 'Hello world',
          },
          {
            segmentId: 's2',
            segmentType: 'Picture',
            bbox: { left: 0, top: 0, width: 10, height: 10 },
            pageNumber: 1,
            pageWidth: 100,
            pageHeight: 200,
            content: `![chart](folio-object:${crop})`,
            html: `<img src="folio-object:${crop}" alt="chart">`,
            markdown: `![chart](folio-object:${crop})`,
            text: 'chart',
            llm: 'a chart',
            imageKey: crop,
            confidence: 0.75,
            ocr: [],
            embed: `![chart](folio-object:${crop})`,
          },
        ],
      },
    ],
  });
  await putJson(h.store, `tasks/${taskId}/runs/1/output.json`, ChunkedOutput.toJSON(output));
  h.workflows.setState(taskId, {
    status: 'Succeeded',
    message: 'Task succeeded',
    startedAt: '2025-01-02T03:04:06Z',
    finishedAt: '2025-01-02T03:04:10+00:00',
    expiresAt: null,
    pageCount: 1,
    pdfKey: `tasks/${taskId}/document.pdf`,
    outputKey: `tasks/${taskId}/runs/1/output.json`,
  });
});
afterEach(async () => {
  await h.close();
});

async function get(query = ''): Promise<ApiTask> {
  return (
    await request(h.app.callback()).get(`/api/v1/task/${taskId}${query}`).set('Authorization', h.aliceKey).expect(200)
  ).body as ApiTask;
}

describe('the Task of a succeeded run', () => {
  it('carries the chunks with API field names and every required-but-nullable key', async () => {
    const task = await get();
    expect(task.status).toBe('Succeeded');
    expect(task.started_at).toBe('2025-01-02T03:04:06.000Z');
    expect(task.finished_at).toBe('2025-01-02T03:04:10.000Z');
    expect(task.output.page_count).toBe(1);
    expect(task.output.file_name).toBe('doc.pdf');
    expect(task.output.pdf_url).toMatch(
      new RegExp(`^${PUBLIC_URL}/files/tasks/${taskId}/document\\.pdf\\?expires=\\d+&signature=`),
    );
    const [chunk] = task.output.chunks;
    expect(chunk).toMatchObject({ chunk_id: 'c1', chunk_length: 7, embed: 'Hello world' });
    const [text, picture] = chunk!.segments;
    expect(text).toEqual({
      segment_id: 's1',
      segment_type: 'Text',
      bbox: { left: 1, top: 2, width: 3, height: 4 },
      page_number: 1,
      page_width: 100,
      page_height: 200,
      content: 'Hello world',
      html: '<p>Hello world</p>',
      markdown: 'Hello world',
      text: 'Hello world',
      llm: null,
      image: null,
      confidence: null,
      ocr: [
        { text: 'Hello', bbox: { left: 0, top: 0, width: 1, height: 1 }, confidence: null },
        { text: 'world', bbox: { left: 1, top: 0, width: 1, height: 1 }, confidence: 0.9 },
      ],
      embed: 'Hello world',
      description: null,
    });
    expect(text).not.toHaveProperty('image_key');
    expect(picture).toMatchObject({ segment_type: 'Picture', llm: 'a chart', confidence: 0.75 });
    expect(picture!.image).toMatch(new RegExp(`^${PUBLIC_URL}/files/tasks/${taskId}/runs/1/crops/s2\\.png\\?expires=`));
  });

  it("replaces the chunk stage's image placeholder with the crop URL, HTML-escaped in html", async () => {
    const picture = (await get()).output.chunks[0]!.segments[1]!;
    const url = picture.image!;
    expect(picture.markdown).toBe(`![chart](${url})`);
    expect(picture.content).toBe(`![chart](${url})`);
    expect(picture.html).toBe(`<img src="${url.replace(/&/g, '&amp;')}" alt="chart">`);
    expect(JSON.stringify(picture)).not.toContain('folio-object:');
    // The link works.
    const served = await request(h.app.callback())
      .get(new URL(url).pathname + new URL(url).search)
      .buffer(true)
      .expect(200);
    expect(Buffer.from(served.body as Buffer).toString()).toBe('PNGDATA');
  });

  it('inlines images and the PDF as data URIs with base64_urls=true', async () => {
    const task = await get('?base64_urls=true');
    const picture = task.output.chunks[0]!.segments[1]!;
    expect(picture.image).toBe(`data:image/png;base64,${Buffer.from('PNGDATA').toString('base64')}`);
    expect(picture.markdown).toBe(`![chart](${picture.image})`);
    expect(task.output.pdf_url).toBe(`data:application/pdf;base64,${PDF_BYTES.toString('base64')}`);
    // The input file stays a link.
    expect(task.configuration.input_file_url).toMatch(/^http/);
  });

  it('leaves the chunks out with include_chunks=false and while not succeeded', async () => {
    expect((await get('?include_chunks=false')).output.chunks).toEqual([]);
    h.workflows.setState(taskId, { status: 'Processing' });
    const processing = await get();
    expect(processing.output.chunks).toEqual([]);
    expect(processing.output.page_count).toBe(1);
  });

  it('serves GET as the very text of the whole Task JSON, written a chunk at a time', async () => {
    const presenter = createTaskPresenter({
      store: h.store,
      publicUrl: PUBLIC_URL,
      presignExpiresSec: h.config.PRESIGN_EXPIRES_SEC,
      maxInlineBytes: h.config.BASE64_URLS_MAX_BYTES,
      logger: createLogger({ name: 'test', level: 'silent' }),
    });
    const state = (await h.workflows.get(taskId))!;
    for (const [query, view] of [
      ['', { includeChunks: true, base64Urls: false }],
      ['?base64_urls=true', { includeChunks: true, base64Urls: true }],
      ['?include_chunks=false', { includeChunks: false, base64Urls: false }],
    ] as const) {
      const served = await request(h.app.callback())
        .get(`/api/v1/task/${taskId}${query}`)
        .set('Authorization', h.aliceKey);
      expect(served.type).toBe('application/json');
      expect(served.text).toBe(JSON.stringify(await presenter.toTask(state, view)));
    }
  });

  it('answers without chunks when the stored output is gone', async () => {
    await h.store.delete(`tasks/${taskId}/runs/1/output.json`);
    const task = await get();
    expect(task.status).toBe('Succeeded');
    expect(task.output.chunks).toEqual([]);
  });
});

describe('base64_urls within BASE64_URLS_MAX_BYTES', () => {
  /** A harness whose tasks are Succeeded with a stored PDF and no chunks. */
  async function withPdfTasks(maxInlineBytes: number, count: number): Promise<{ harness: Harness; taskIds: string[] }> {
    const harness = await createHarness({ env: { BASE64_URLS_MAX_BYTES: String(maxInlineBytes) } });
    const taskIds: string[] = [];
    for (let index = 0; index < count; index++) {
      const created = await request(harness.app.callback())
        .post('/api/v1/task/parse')
        .set('Authorization', harness.aliceKey)
        .send({ file: PDF_BYTES.toString('base64') })
        .expect(200);
      const id = (created.body as ApiTask).task_id;
      await harness.store.put(`tasks/${id}/document.pdf`, PDF_BYTES);
      harness.workflows.setState(id, { status: 'Succeeded', pdfKey: `tasks/${id}/document.pdf`, outputKey: null });
      taskIds.push(id);
    }
    return { harness, taskIds };
  }

  it('inlines a task whose images and PDF fit, and gives presigned URLs, all of them, to one that does not', async () => {
    const inlined = await get('?base64_urls=true');
    expect(inlined.output.pdf_url).toMatch(/^data:application\/pdf;base64,/);
    const tight = await createHarness({
      env: { BASE64_URLS_MAX_BYTES: String(PDF_BYTES.length + 'PNGDATA'.length - 1) },
    });
    try {
      // The same task, one byte over the budget: no data URI anywhere, and the response is still a 200.
      const created = await request(tight.app.callback())
        .post('/api/v1/task/parse')
        .set('Authorization', tight.aliceKey)
        .send({ file: PDF_BYTES.toString('base64') })
        .expect(200);
      const id = (created.body as ApiTask).task_id;
      const crop = `tasks/${id}/runs/1/crops/s2.png`;
      await tight.store.put(crop, Buffer.from('PNGDATA'));
      await tight.store.put(`tasks/${id}/document.pdf`, PDF_BYTES);
      const output = ChunkedOutput.fromPartial({
        chunks: [
          {
            chunkId: 'c1',
            segments: [
              { segmentId: 's2', segmentType: 'Picture', imageKey: crop, html: `<img src="folio-object:${crop}">` },
            ],
          },
        ],
      });
      await putJson(tight.store, `tasks/${id}/runs/1/output.json`, ChunkedOutput.toJSON(output));
      tight.workflows.setState(id, {
        status: 'Succeeded',
        pdfKey: `tasks/${id}/document.pdf`,
        outputKey: `tasks/${id}/runs/1/output.json`,
      });
      const response = await request(tight.app.callback())
        .get(`/api/v1/task/${id}?base64_urls=true`)
        .set('Authorization', tight.aliceKey)
        .expect(200);
      const task = response.body as ApiTask;
      expect(response.text).not.toContain('data:');
      expect(task.output.pdf_url).toMatch(new RegExp(`^${PUBLIC_URL}/files/`));
      expect(task.output.chunks[0]!.segments[0]!.image).toMatch(new RegExp(`^${PUBLIC_URL}/files/`));
    } finally {
      await tight.close();
    }
  });

  it('shares one budget across the tasks of a list, in list order', async () => {
    const { harness, taskIds } = await withPdfTasks(PDF_BYTES.length, 2);
    try {
      const response = await request(harness.app.callback())
        .get('/api/v1/tasks?base64_urls=true')
        .set('Authorization', harness.aliceKey)
        .expect(200);
      const tasks = response.body as ApiTask[];
      expect(tasks.map((task) => task.task_id).sort()).toEqual([...taskIds].sort());
      // Newest first: the first listed gets the budget, the other presigned URLs.
      expect(tasks[0]!.output.pdf_url).toMatch(/^data:application\/pdf;base64,/);
      expect(tasks[1]!.output.pdf_url).toMatch(new RegExp(`^${PUBLIC_URL}/files/`));
    } finally {
      await harness.close();
    }
  });
});
