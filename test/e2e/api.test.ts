import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, createTask, waitForTask, type ApiTask } from '../src/api.js';
import { makeReport, renderPng } from '../src/fixtures.js';

const pdf = makeReport(2);

describe('health and reference endpoints', () => {
  it('answers /health without credentials', async () => {
    const response = await api('GET', '/health', { key: null });
    expect(response.status).toBe(200);
    expect(response.text).toMatch(/^OK - Version \d+\.\d+\.\d+/);
  });

  it('serves the OpenAPI description and both interactive references from local files', async () => {
    for (const path of ['/openapi.json', '/docs/openapi.json']) {
      const response = await api('GET', path, { key: null });
      expect(response.status).toBe(200);
      const document = response.json<{ paths: Record<string, unknown> }>();
      expect(Object.keys(document.paths)).toEqual(
        expect.arrayContaining(['/api/v1/task/parse', '/api/v1/task/{task_id}', '/api/v1/tasks', '/health']),
      );
    }
    for (const path of ['/swagger-ui/', '/redoc']) {
      const response = await api('GET', path, { key: null });
      expect(response.status).toBe(200);
      expect(response.text).not.toMatch(/https?:\/\/(cdn|unpkg)/);
    }
  });
});

describe('authentication', () => {
  it('refuses a request without the header', async () => {
    const response = await api('GET', '/api/v1/tasks', { key: null });
    expect([response.status, response.text]).toEqual([401, 'Authorization header is missing']);
  });

  it('refuses an unknown key and a malformed token', async () => {
    const unknown = await api('GET', '/api/v1/tasks', { key: 'fk_not-a-real-key' });
    expect([unknown.status, unknown.text]).toEqual([401, 'Invalid or inactive API key']);
    const token = await api('GET', '/api/v1/tasks', { key: 'Bearer aaa.bbb.ccc' });
    expect([token.status, token.text]).toEqual([401, 'Invalid token payload']);
  });

  it('accepts the key with and without the Bearer prefix', async () => {
    expect((await api('GET', '/api/v1/tasks')).status).toBe(200);
    expect((await api('GET', '/api/v1/tasks', { key: `Bearer ${inject('apiKey')}` })).status).toBe(200);
  });
});

describe('creating tasks', () => {
  let finished: ApiTask;

  beforeAll(async () => {
    const created = await createTask(pdf, { file_name: 'report.pdf', ocr_strategy: 'Auto' });
    finished = await waitForTask(created.task_id);
  });

  it('answers create at once with a queued task and a resolved configuration', async () => {
    const created = await createTask(pdf);
    expect(['Starting', 'Processing']).toContain(created.status);
    expect(created.message).toBe('Task queued');
    expect(created.task_url).toMatch(new RegExp(`^http://localhost:\\d+/api/v1/task/${created.task_id}$`));
    expect(created.configuration).toMatchObject({
      ocr_strategy: 'All',
      segmentation_strategy: 'LayoutAnalysis',
      high_resolution: true,
      error_handling: 'Fail',
      expires_in: null,
      chunk_processing: { target_length: 512, ignore_headers_and_footers: true, tokenizer: { Enum: 'Word' } },
    });
    expect(created.output).toMatchObject({ chunks: [], extracted_json: null });
    expect(created.output.file_name).toBe(`${created.task_id}.pdf`);
    await waitForTask(created.task_id);
  });

  it('processes a born-digital PDF to chunks whose segments carry text, boxes and content', () => {
    expect(finished.status).toBe('Succeeded');
    expect(finished.message).toBe('Task succeeded');
    expect(finished.output.page_count).toBe(2);
    expect(finished.output.file_name).toBe('report.pdf');
    const segments = finished.output.chunks.flatMap((chunk) => chunk.segments);
    expect(segments.length).toBeGreaterThanOrEqual(2);
    const text = segments.map((segment) => segment.text).join(' ');
    expect(text).toContain('Section 1: Findings');
    expect(text).toContain('Section 2: Findings');
    for (const segment of segments) {
      expect(segment.bbox.width).toBeGreaterThan(0);
      expect(segment.bbox.left + segment.bbox.width).toBeLessThanOrEqual(segment.page_width + 1);
      expect(segment.page_width).toBeCloseTo(612 * 2, 0);
      expect(segment.content).toBe(segment.markdown);
      expect(segment.html.length).toBeGreaterThan(0);
    }
    for (const chunk of finished.output.chunks) expect(chunk.chunk_length).toBeLessThanOrEqual(512);
    expect(finished.started_at).not.toBeNull();
    expect(finished.finished_at).not.toBeNull();
  });

  it('serves the PDF and the input file through their URLs', async () => {
    const pdfResponse = await fetch(finished.output.pdf_url!);
    expect(pdfResponse.status).toBe(200);
    expect(
      Buffer.from(await pdfResponse.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const input = await fetch(finished.configuration.input_file_url!);
    expect(input.status).toBe(200);
  });

  it('returns data URIs with base64_urls and omits chunks with include_chunks=false', async () => {
    const encoded = (await api('GET', `/api/v1/task/${finished.task_id}?base64_urls=true`)).json<ApiTask>();
    expect(encoded.output.pdf_url).toMatch(/^data:application\/pdf;base64,/);
    const light = (await api('GET', `/api/v1/task/${finished.task_id}?include_chunks=false`)).json<ApiTask>();
    expect(light.output.chunks).toEqual([]);
    expect(light.output.page_count).toBe(2);
  });

  it('processes a PNG image', async () => {
    const created = await createTask(renderPng(pdf), { high_resolution: false }, 'image/png');
    const task = await waitForTask(created.task_id);
    expect(task.status).toBe('Succeeded');
    expect(task.output.page_count).toBe(1);
  });

  it('converts office documents to PDF before processing them', async () => {
    const paragraphs = [
      'Revenue grew in every region this quarter.',
      'Costs stayed flat while hiring continued in engineering and support.',
      'The board approved the plan for the next two quarters without changes.',
    ];
    const html = Buffer.from(
      `<!DOCTYPE html><html><body><h1>Quarterly memo</h1>${paragraphs.map((p) => `<p>${p}</p>`).join('')}</body></html>`,
    );
    const created = await createTask(html, { file_name: 'memo.html', ocr_strategy: 'Auto' }, 'text/html');
    const task = await waitForTask(created.task_id);
    expect([task.status, task.message]).toEqual(['Succeeded', 'Task succeeded']);
    expect(task.output.file_name).toBe('memo.html');
    expect(task.output.page_count).toBe(1);
    const text = task.output.chunks.flatMap((chunk) => chunk.segments.map((segment) => segment.text)).join(' ');
    expect(text).toContain('Costs stayed flat while hiring continued');
  });

  it('refuses bad base64 and unsupported types with the API messages', async () => {
    const bad = await api('POST', '/api/v1/task/parse', {
      body: { file: 'data:application/pdf;base64,@@@not base64@@@' },
    });
    expect([bad.status, bad.text]).toEqual([400, 'Invalid base64 data']);
    const text = await api('POST', '/api/v1/task/parse', {
      body: { file: Buffer.from('plain words, no document').toString('base64') },
    });
    expect([text.status, text.text]).toEqual([400, 'Unsupported file type']);
  });

  it('names the field and the allowed values of a wrong enum', async () => {
    const response = await api('POST', '/api/v1/task/parse', {
      body: { file: pdf.toString('base64'), ocr_strategy: 'Sometimes' },
    });
    expect(response.status).toBe(400);
    expect(response.text).toContain('ocr_strategy');
    expect(response.text).toContain('All');
  });

  it('accepts the deprecated multipart upload and refuses a file part without a filename', async () => {
    const form = new FormData();
    form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'multipart.pdf');
    form.append('segmentation_strategy', JSON.stringify('Page'));
    const response = await fetch(`${inject('baseUrl')}/api/v1/task`, {
      method: 'POST',
      headers: { authorization: inject('apiKey') },
      body: form,
    });
    expect(response.status).toBe(200);
    const task = (await response.json()) as ApiTask;
    expect(task.configuration.segmentation_strategy).toBe('Page');
    expect(task.output.file_name).toBe('multipart.pdf');
    const bare = new FormData();
    bare.append('file', pdf.toString('base64'));
    const refused = await fetch(`${inject('baseUrl')}/api/v1/task`, {
      method: 'POST',
      headers: { authorization: inject('apiKey') },
      body: bare,
    });
    expect([refused.status, await refused.text()]).toEqual([400, 'File must have a filename']);
    await waitForTask(task.task_id);
  });

  describe('from a URL', () => {
    let server: Server;
    let url: string;
    beforeAll(async () => {
      server = createServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/pdf' });
        response.end(pdf);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = server.address();
      url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/files/remote-report.pdf`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('fetches the file in the workflow and names it from the URL path', async () => {
      const response = await api('POST', '/api/v1/task/parse', { body: { file: url } });
      expect(response.status).toBe(200);
      const task = await waitForTask(response.json<ApiTask>().task_id);
      expect(task.status).toBe('Succeeded');
      expect(task.output.file_name).toBe('remote-report.pdf');
    });
  });
});

describe('task lifecycle', () => {
  it('hides a task from another owner exactly like a missing one', async () => {
    const created = await createTask(pdf);
    for (const path of [`/api/v1/task/${created.task_id}`, `/api/v1/task/${created.task_id}/cancel`]) {
      const response = await api('GET', path, { key: inject('otherApiKey') });
      expect([response.status, response.text]).toEqual([404, 'Task not found']);
    }
    const missing = await api('GET', '/api/v1/task/00000000-0000-4000-8000-000000000000');
    expect([missing.status, missing.text]).toEqual([404, 'Task not found']);
    await waitForTask(created.task_id);
  });

  it('refuses cancel and unchanged updates of a finished task, then reprocesses a real change', async () => {
    const task = await waitForTask((await createTask(pdf)).task_id);
    const cancel = await api('GET', `/api/v1/task/${task.task_id}/cancel`);
    expect([cancel.status, cancel.text]).toEqual([400, 'Task cannot be cancelled: status is Succeeded']);
    const same = await api('PATCH', `/api/v1/task/${task.task_id}/parse`, { body: { ocr_strategy: 'All' } });
    expect(same.status).toBe(400);
    const update = await api('PATCH', `/api/v1/task/${task.task_id}/parse`, {
      body: { chunk_processing: { target_length: 0 } },
    });
    expect(update.status).toBe(200);
    const queued = update.json<ApiTask>();
    expect(queued.task_id).toBe(task.task_id);
    expect(queued.created_at).toBe(task.created_at);
    expect(queued.finished_at).toBeNull();
    expect(['Starting', 'Processing']).toContain(queued.status);
    expect(queued.configuration).toMatchObject({ chunk_processing: { target_length: 0, tokenizer: { Enum: 'Word' } } });
    const done = await waitForTask(task.task_id);
    expect(done.status).toBe('Succeeded');
    for (const chunk of done.output.chunks) expect(chunk.segments).toHaveLength(1);
  });

  it('lists the owner tasks newest first and deletes a task with every artifact', async () => {
    const first = await waitForTask((await createTask(pdf)).task_id);
    const listed = (await api('GET', '/api/v1/tasks?limit=100&include_chunks=false')).json<ApiTask[]>();
    expect(listed.map((task) => task.task_id)).toContain(first.task_id);
    const created = listed.map((task) => Date.parse(task.created_at));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const others = (await api('GET', '/api/v1/tasks', { key: inject('otherApiKey') })).json<ApiTask[]>();
    expect(others.map((task) => task.task_id)).not.toContain(first.task_id);
    const removed = await api('DELETE', `/api/v1/task/${first.task_id}`);
    expect([removed.status, removed.text]).toEqual([200, 'Task deleted']);
    expect((await api('GET', `/api/v1/task/${first.task_id}`)).status).toBe(404);
    expect((await fetch(first.output.pdf_url!)).status).toBe(404);
  });
});
