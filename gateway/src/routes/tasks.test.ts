import { storageKeys } from '@folio/workflows/contracts';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LARGE_FILE_HINT } from '../body.js';
import type { ApiTask } from '../tasks/task-response.js';
import { PDF_BYTES, PNG_BYTES, PUBLIC_URL, createHarness, type Harness } from '../testing/harness.js';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

const server = () => request(h.app.callback());

async function createTask(body: Record<string, unknown> = {}, key = h.aliceKey): Promise<ApiTask> {
  const response = await server()
    .post('/api/v1/task/parse')
    .set('Authorization', key)
    .send({ file: PDF_BYTES.toString('base64'), ...body })
    .expect(200);
  return response.body as ApiTask;
}

function expectPlainError(response: request.Response, status: number, message: string): void {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toMatch(/^text\/plain/);
  expect(response.text).toBe(message);
}

describe('POST /api/v1/task/parse', () => {
  it('stores the input, starts the workflow and answers the Starting task', async () => {
    const task = await createTask({ file_name: 'report.pdf', ocr_strategy: 'Auto' });
    const taskId = h.ids[0]!;
    expect(task).toMatchObject({
      task_id: taskId,
      status: 'Starting',
      message: 'Task queued',
      created_at: '2025-01-02T03:04:05.000Z',
      started_at: null,
      finished_at: null,
      expires_at: null,
      task_url: `${PUBLIC_URL}/api/v1/task/${taskId}`,
      output: { chunks: [], file_name: 'report.pdf', page_count: null, pdf_url: null, extracted_json: null },
    });
    expect(task.configuration.ocr_strategy).toBe('Auto');
    expect(task.configuration.llm_processing.model_id).toBe('model-a');
    expect(task.configuration.input_file_url).toMatch(
      new RegExp(`^${PUBLIC_URL}/files/tasks/${taskId}/input/report\\.pdf\\?expires=`),
    );
    expect(await h.store.get(storageKeys.input(taskId, 'report.pdf'))).toEqual(PDF_BYTES);

    const [input] = h.workflows.started;
    expect(input).toMatchObject({
      taskId,
      ownerId: 'alice',
      fileName: 'report.pdf',
      source: { kind: 'stored', key: storageKeys.input(taskId, 'report.pdf'), mimeType: 'application/pdf' },
      // PAGE_LIMIT unset: the default limit, not none.
      limits: { processingTimeoutMs: 600_000, pageLimit: 2000 },
    });
    expect(input?.requestId).toBeTruthy();
    expect(input?.configuration).toEqual({ ...task.configuration, input_file_url: undefined });
  });

  it('stores a file name longer than the file system allows under a shortened key, keeping the name as given', async () => {
    // 130 two-byte characters: 264 bytes, past the 255 a file name may have (it was a 500, ENAMETOOLONG).
    const fileName = `${'é'.repeat(130)}.pdf`;
    const task = await createTask({ file_name: fileName });
    expect(task.output.file_name).toBe(fileName);
    expect(await h.store.get(storageKeys.input(h.ids[0]!, fileName))).toEqual(PDF_BYTES);
  });

  it("refuses a file_name longer than 1024 characters in the API's words", async () => {
    const response = await server()
      .post('/api/v1/task/parse')
      .set('Authorization', h.aliceKey)
      .send({ file: PDF_BYTES.toString('base64'), file_name: `${'a'.repeat(1025)}.pdf` });
    expectPlainError(response, 400, "Invalid value for 'file_name': expected a string of at most 1024 characters");
  });

  it('accepts a data URI and names the file from the detected type', async () => {
    const task = await createTask({ file: `data:image/png;base64,${PNG_BYTES.toString('base64')}` });
    expect(task.output.file_name).toBe(`${h.ids[0]}.png`);
    expect(h.workflows.started[0]?.source).toMatchObject({ kind: 'stored', mimeType: 'image/png' });
  });

  it('detects the type from the bytes, never from the name', async () => {
    await createTask({ file_name: 'document.docx' });
    expect(h.workflows.started[0]?.source).toMatchObject({ mimeType: 'application/pdf' });
  });

  it('leaves URL inputs to the workflow, naming the file from the URL path', async () => {
    const task = await createTask({ file: 'https://example.com/papers/a%20b.pdf?x=1' });
    expect(task.output.file_name).toBe('a b.pdf');
    expect(task.configuration.input_file_url).toBeNull();
    expect(h.workflows.started[0]?.source).toEqual({ kind: 'url', url: 'https://example.com/papers/a%20b.pdf?x=1' });
    expect(await h.store.list('tasks/')).toEqual([]);
  });

  it('names a URL input without a path by its task id', async () => {
    const task = await createTask({ file: 'http://example.com/' });
    expect(task.output.file_name).toBe(h.ids[0]);
  });

  it.each([
    ['not base64 at all!', 'Invalid base64 data'],
    ['data:application/pdf,plain', 'Invalid base64 data'],
    ['data:application/pdf;base64,@@@', 'Invalid base64 data'],
    ['', 'Invalid base64 data'],
    [Buffer.from('just some text').toString('base64'), 'Unsupported file type'],
    ['ftp://example.com/a.pdf', 'Invalid file URL: only http and https URLs are supported'],
    ['file:///etc/passwd', 'Invalid file URL: only http and https URLs are supported'],
  ])('refuses file %j with 400 %j', async (file, message) => {
    const response = await server().post('/api/v1/task/parse').set('Authorization', h.aliceKey).send({ file });
    expectPlainError(response, 400, message);
    expect(h.workflows.started).toEqual([]);
    expect(await h.store.list('tasks/')).toEqual([]);
  });

  it('accepts line-wrapped base64', async () => {
    const wrapped = PDF_BYTES.toString('base64').replace(/(.{20})/g, '$1\n');
    await createTask({ file: wrapped });
    expect(h.workflows.started).toHaveLength(1);
  });

  it('refuses a missing file and a wrong configuration value with the field named', async () => {
    expectPlainError(
      await server().post('/api/v1/task/parse').set('Authorization', h.aliceKey).send({}),
      400,
      "Invalid value for 'file': expected a URL, a data URI or base64 data",
    );
    expectPlainError(
      await server()
        .post('/api/v1/task/parse')
        .set('Authorization', h.aliceKey)
        .send({ file: 'JVBERi0=', ocr_strategy: 'Never' }),
      400,
      "Invalid value for 'ocr_strategy': expected one of All, Auto",
    );
    expectPlainError(
      await server()
        .post('/api/v1/task/parse')
        .set('Authorization', h.aliceKey)
        .set('Content-Type', 'application/json')
        .send('{"file": '),
      400,
      'Invalid JSON body',
    );
  });

  it('refuses unknown models, listing the supported ones', async () => {
    const response = await server()
      .post('/api/v1/task/parse')
      .set('Authorization', h.aliceKey)
      .send({ file: PDF_BYTES.toString('base64'), llm_processing: { model_id: 'gpt-9' } });
    expectPlainError(response, 400, "Unknown model_id 'gpt-9'. Supported model IDs are: model-a, model-b");
    const fallback = await server()
      .post('/api/v1/task/parse')
      .set('Authorization', h.aliceKey)
      .send({ file: PDF_BYTES.toString('base64'), llm_processing: { fallback_strategy: { Model: 'gpt-8' } } });
    expectPlainError(fallback, 400, "Unknown model_id 'gpt-8'. Supported model IDs are: model-a, model-b");
  });

  it('answers 500 Failed to create task and removes the input when the workflow cannot start', async () => {
    h.workflows.startError = new Error('connect ECONNREFUSED 127.0.0.1:7233');
    const response = await server()
      .post('/api/v1/task/parse')
      .set('Authorization', h.aliceKey)
      .send({ file: PDF_BYTES.toString('base64') });
    expectPlainError(response, 500, 'Failed to create task');
    expect(await h.store.list('tasks/')).toEqual([]);
  });

  it('refuses bodies over the size limit with 413', async () => {
    const small = await createHarness({ env: { MAX_TOTAL_LIMIT: '1000' } });
    try {
      const response = await request(small.app.callback())
        .post('/api/v1/task/parse')
        .set('Authorization', small.aliceKey)
        .send({ file: Buffer.alloc(2000).toString('base64') });
      expectPlainError(response, 413, `Request body is too large: the limit is 1000 bytes${LARGE_FILE_HINT}`);
    } finally {
      await small.close();
    }
  });

  it('caps JSON bodies at MAX_JSON_BODY_BYTES (100 MiB by default), declared or streamed without a length', async () => {
    expect(h.config.MAX_JSON_BODY_BYTES).toBe(100 * 1024 * 1024);
    const small = await createHarness({ env: { MAX_JSON_BODY_BYTES: '4096' } });
    const handle = small.app.callback();
    // Koa's handler returns a promise that never rejects (errors become responses).
    const listener = createServer((req, res) => void handle(req, res));
    try {
      const fits = await request(small.app.callback())
        .post('/api/v1/task/parse')
        .set('Authorization', small.aliceKey)
        .send({ file: PDF_BYTES.toString('base64') });
      expect(fits.status).toBe(200);
      const declared = await request(small.app.callback())
        .post('/api/v1/task/parse')
        .set('Authorization', small.aliceKey)
        .send({ file: Buffer.alloc(8192).toString('base64') });
      expectPlainError(declared, 413, `Request body is too large: the limit is 4096 bytes${LARGE_FILE_HINT}`);
      // Chunked, no Content-Length: refused once the count passes the limit, the rest drained (a
      // 413, not a reset connection), nothing stored and no task started.
      await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
      const { port } = listener.address() as AddressInfo; // listening on TCP, so an AddressInfo
      const streamed = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/v1/task/parse',
            headers: {
              Authorization: small.aliceKey,
              'Content-Type': 'application/json',
              'Transfer-Encoding': 'chunked',
            },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (part: string) => (text += part));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          },
        );
        req.on('error', reject);
        req.write('{"file": "');
        for (let index = 0; index < 64; index++) req.write('A'.repeat(1024));
        req.end('"}');
      });
      expect(streamed).toEqual({
        status: 413,
        text: `Request body is too large: the limit is 4096 bytes${LARGE_FILE_HINT}`,
      });
      expect(small.workflows.started).toHaveLength(1);
      // An update carries configuration only: the smaller of 1 MiB and MAX_JSON_BODY_BYTES.
      const taskId = (fits.body as ApiTask).task_id;
      const update = await request(small.app.callback())
        .patch(`/api/v1/task/${taskId}/parse`)
        .set('Authorization', small.aliceKey)
        .send({ segment_processing: { Text: { llm: 'x'.repeat(5000) } } });
      expectPlainError(update, 413, 'Request body is too large: the limit is 4096 bytes');
    } finally {
      listener.close();
      await small.close();
    }
  });

  it('rate-limits create per owner with 429 Usage limit exceeded and Retry-After', async () => {
    // The limiter counts in real time: only Date is faked, so sockets and timers run as usual.
    vi.useFakeTimers({ toFake: ['Date'] });
    const limited = await createHarness({ env: { RATE_LIMIT_PER_SEC: '1', RATE_LIMIT_BURST: '2' } });
    try {
      const send = (key: string) =>
        request(limited.app.callback())
          .post('/api/v1/task/parse')
          .set('Authorization', key)
          .send({ file: PDF_BYTES.toString('base64') });
      expect((await send(limited.aliceKey)).status).toBe(200);
      expect((await send(limited.aliceKey)).status).toBe(200);
      const refused = await send(limited.aliceKey);
      expectPlainError(refused, 429, 'Usage limit exceeded');
      expect(refused.headers['retry-after']).toBe('1');
      // Another owner has a bucket of its own.
      expect((await send(limited.bobKey)).status).toBe(200);
      vi.setSystemTime(Date.now() + 1000);
      expect((await send(limited.aliceKey)).status).toBe(200);
    } finally {
      vi.useRealTimers();
      await limited.close();
    }
  });

  it('answers a 50 MB base64 file well within the reference client timeout', async () => {
    const big = Buffer.alloc(50 * 1024 * 1024, 0x20);
    PDF_BYTES.copy(big);
    const body = JSON.stringify({ file: big.toString('base64'), file_name: 'big.pdf' });
    const startedAt = performance.now();
    const response = await server()
      .post('/api/v1/task/parse')
      .set('Authorization', h.aliceKey)
      .set('Content-Type', 'application/json')
      .send(body);
    const elapsedMs = performance.now() - startedAt;
    expect(response.status).toBe(200);
    expect((await h.store.stat(storageKeys.input(h.ids[0]!, 'big.pdf')))?.byteSize).toBe(big.length);
    expect(elapsedMs).toBeLessThan(4000);
  }, 30_000);
});

describe('GET /api/v1/task/:id', () => {
  it('returns the task to its owner and 404 Task not found to anyone else', async () => {
    const created = await createTask();
    const own = await server().get(`/api/v1/task/${created.task_id}`).set('Authorization', h.aliceKey).expect(200);
    expect((own.body as ApiTask).task_id).toBe(created.task_id);
    expectPlainError(
      await server().get(`/api/v1/task/${created.task_id}`).set('Authorization', h.bobKey),
      404,
      'Task not found',
    );
    expectPlainError(await server().get('/api/v1/task/nope').set('Authorization', h.aliceKey), 404, 'Task not found');
  });

  it('answers 404 for deleted and expired tasks', async () => {
    const created = await createTask();
    h.workflows.setState(created.task_id, { expiresAt: new Date(h.clock.now() - 1).toISOString() });
    expectPlainError(
      await server().get(`/api/v1/task/${created.task_id}`).set('Authorization', h.aliceKey),
      404,
      'Task not found',
    );
    const other = await createTask();
    h.workflows.setState(other.task_id, { deleted: true });
    expectPlainError(
      await server().get(`/api/v1/task/${other.task_id}`).set('Authorization', h.aliceKey),
      404,
      'Task not found',
    );
  });

  it('validates its query flags', async () => {
    const created = await createTask();
    expectPlainError(
      await server().get(`/api/v1/task/${created.task_id}?include_chunks=maybe`).set('Authorization', h.aliceKey),
      400,
      "Invalid value for 'include_chunks': expected true or false",
    );
  });
});

describe('PATCH /api/v1/task/:id/parse', () => {
  async function succeeded(): Promise<ApiTask> {
    const created = await createTask();
    h.workflows.setState(created.task_id, {
      status: 'Succeeded',
      message: 'Task succeeded',
      finishedAt: '2025-01-02T03:05:00.000Z',
    });
    return created;
  }

  it('merges the configuration and answers the task queued for update', async () => {
    const created = await succeeded();
    const response = await server()
      .patch(`/api/v1/task/${created.task_id}/parse`)
      .set('Authorization', h.aliceKey)
      .send({ segment_processing: { table: { format: 'Markdown' } }, high_resolution: false })
      .expect(200);
    const task = response.body as ApiTask;
    expect(task).toMatchObject({
      task_id: created.task_id,
      status: 'Starting',
      message: 'Task queued for update',
      finished_at: null,
    });
    expect(task.created_at).toBe(created.created_at);
    expect(task.configuration.high_resolution).toBe(false);
    expect(task.configuration.segment_processing.Table).toEqual({
      ...created.configuration.segment_processing.Table,
      format: 'Markdown',
    });
  });

  it.each(['Starting', 'Processing', 'Cancelled'] as const)('refuses a task in %s', async (status) => {
    const created = await createTask();
    h.workflows.setState(created.task_id, { status });
    expectPlainError(
      await server()
        .patch(`/api/v1/task/${created.task_id}/parse`)
        .set('Authorization', h.aliceKey)
        .send({ high_resolution: false }),
      400,
      `Task cannot be updated: status is ${status}`,
    );
  });

  it('refuses an unchanged configuration', async () => {
    const created = await succeeded();
    expectPlainError(
      await server()
        .patch(`/api/v1/task/${created.task_id}/parse`)
        .set('Authorization', h.aliceKey)
        .send({ ocr_strategy: 'All' }),
      400,
      'Task cannot be updated: configuration is unchanged',
    );
  });

  it('calls an unknown model outdated', async () => {
    const created = await succeeded();
    expectPlainError(
      await server()
        .patch(`/api/v1/task/${created.task_id}/parse`)
        .set('Authorization', h.aliceKey)
        .send({ llm_processing: { model_id: 'gone' } }),
      400,
      "The LLM processing configuration is probably outdated: Unknown model_id 'gone'. Supported model IDs are: model-a, model-b",
    );
  });

  it('answers 404 to another owner and for expired tasks', async () => {
    const created = await succeeded();
    expectPlainError(
      await server()
        .patch(`/api/v1/task/${created.task_id}/parse`)
        .set('Authorization', h.bobKey)
        .send({ high_resolution: false }),
      404,
      'Task not found',
    );
    h.workflows.setState(created.task_id, { expiresAt: '2025-01-01T00:00:00.000Z' });
    expectPlainError(
      await server()
        .patch(`/api/v1/task/${created.task_id}/parse`)
        .set('Authorization', h.aliceKey)
        .send({ high_resolution: false }),
      404,
      'Task not found',
    );
  });

  it('passes on a refusal of the workflow validator as 400 with its message', async () => {
    const created = await succeeded();
    // The workflow moved on between our read and the update.
    const reconfigure = h.workflows.reconfigure.bind(h.workflows);
    h.workflows.reconfigure = (taskId, configuration) => {
      h.workflows.setState(taskId, { status: 'Processing' });
      return reconfigure(taskId, configuration);
    };
    expectPlainError(
      await server()
        .patch(`/api/v1/task/${created.task_id}/parse`)
        .set('Authorization', h.aliceKey)
        .send({ high_resolution: false }),
      400,
      'Task cannot be updated: status is Processing',
    );
  });
});

describe('GET /api/v1/task/:id/cancel', () => {
  it('cancels a Starting task with 200 Task cancelled', async () => {
    const created = await createTask();
    const response = await server()
      .get(`/api/v1/task/${created.task_id}/cancel`)
      .set('Authorization', h.aliceKey)
      .expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.text).toBe('Task cancelled');
    expect(h.workflows.states.get(created.task_id)?.status).toBe('Cancelled');
  });

  it.each(['Processing', 'Succeeded', 'Failed', 'Cancelled'] as const)('refuses a task in %s', async (status) => {
    const created = await createTask();
    h.workflows.setState(created.task_id, { status });
    expectPlainError(
      await server().get(`/api/v1/task/${created.task_id}/cancel`).set('Authorization', h.aliceKey),
      400,
      `Task cannot be cancelled: status is ${status}`,
    );
  });

  it('answers 404 to another owner', async () => {
    const created = await createTask();
    expectPlainError(
      await server().get(`/api/v1/task/${created.task_id}/cancel`).set('Authorization', h.bobKey),
      404,
      'Task not found',
    );
  });
});

describe('DELETE /api/v1/task/:id', () => {
  it('deletes with 200 Task deleted, after which the task is 404', async () => {
    const created = await createTask();
    h.workflows.setState(created.task_id, { status: 'Succeeded' });
    const response = await server()
      .delete(`/api/v1/task/${created.task_id}`)
      .set('Authorization', h.aliceKey)
      .expect(200);
    expect(response.text).toBe('Task deleted');
    expectPlainError(
      await server().get(`/api/v1/task/${created.task_id}`).set('Authorization', h.aliceKey),
      404,
      'Task not found',
    );
  });

  it('refuses while Processing', async () => {
    const created = await createTask();
    h.workflows.setState(created.task_id, { status: 'Processing' });
    expectPlainError(
      await server().delete(`/api/v1/task/${created.task_id}`).set('Authorization', h.aliceKey),
      400,
      'Task cannot be deleted: status is Processing',
    );
  });

  it('removes the stored artifacts itself when the workflow had already closed', async () => {
    const created = await createTask();
    h.workflows.setState(created.task_id, { status: 'Failed' });
    h.workflows.closed = true;
    await server().delete(`/api/v1/task/${created.task_id}`).set('Authorization', h.aliceKey).expect(200);
    expect(await h.store.list(storageKeys.taskPrefix(created.task_id))).toEqual([]);
  });

  it('answers 404 to another owner and leaves the task alone', async () => {
    const created = await createTask();
    expectPlainError(
      await server().delete(`/api/v1/task/${created.task_id}`).set('Authorization', h.bobKey),
      404,
      'Task not found',
    );
    expect(h.workflows.states.get(created.task_id)?.deleted).toBe(false);
  });
});

describe('GET /api/v1/tasks', () => {
  async function createAt(isoTime: string, key = h.aliceKey): Promise<string> {
    h.clock.advance(Date.parse(isoTime) - h.clock.now());
    return (await createTask({}, key)).task_id;
  }

  it("lists the owner's tasks newest first, paginated and filtered by time", async () => {
    const first = await createAt('2025-02-01T00:00:00.000Z');
    const second = await createAt('2025-02-02T00:00:00.000Z');
    const third = await createAt('2025-02-03T00:00:00.000Z');
    await createAt('2025-02-04T00:00:00.000Z', h.bobKey);
    const ids = async (query: string) =>
      (
        (await server().get(`/api/v1/tasks${query}`).set('Authorization', h.aliceKey).expect(200)).body as ApiTask[]
      ).map((task) => task.task_id);
    expect(await ids('')).toEqual([third, second, first]);
    expect(await ids('?page=1&limit=2')).toEqual([third, second]);
    expect(await ids('?page=2&limit=2')).toEqual([first]);
    expect(await ids('?page=3&limit=2')).toEqual([]);
    expect(await ids('?start=2025-02-02T00:00:00Z')).toEqual([third, second]);
    expect(await ids('?end=2025-02-02T00:00:00Z')).toEqual([second, first]);
  });

  it('leaves out deleted tasks', async () => {
    const kept = await createAt('2025-02-01T00:00:00.000Z');
    const gone = await createAt('2025-02-02T00:00:00.000Z');
    h.workflows.setState(gone, { deleted: true });
    const response = await server().get('/api/v1/tasks').set('Authorization', h.aliceKey).expect(200);
    expect((response.body as ApiTask[]).map((task) => task.task_id)).toEqual([kept]);
  });

  it('refuses bad query values', async () => {
    expectPlainError(
      await server().get('/api/v1/tasks?page=0').set('Authorization', h.aliceKey),
      400,
      "Invalid value for 'page': expected an integer >= 1",
    );
    expectPlainError(
      await server().get('/api/v1/tasks?start=yesterday').set('Authorization', h.aliceKey),
      400,
      "Invalid value for 'start': expected an ISO 8601 timestamp",
    );
  });
});

describe('task shape', () => {
  it('always has every field, message never null', async () => {
    const created = await createTask();
    h.workflows.setState(created.task_id, { message: '' });
    const task = (await server().get(`/api/v1/task/${created.task_id}`).set('Authorization', h.aliceKey).expect(200))
      .body as ApiTask;
    expect(Object.keys(task).sort()).toEqual(
      [
        'configuration',
        'created_at',
        'expires_at',
        'finished_at',
        'message',
        'output',
        'started_at',
        'status',
        'task_id',
        'task_url',
      ].sort(),
    );
    expect(task.message).toBe('Starting');
    expect(Object.keys(task.output).sort()).toEqual(['chunks', 'extracted_json', 'file_name', 'page_count', 'pdf_url']);
  });
});

describe('extreme and malformed configuration values at the edge (issue 17)', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    [
      'expires_in past 100 years',
      { expires_in: 1e13 },
      "Invalid value for 'expires_in': expected a positive integer (seconds) up to 3153600000 (100 years)",
    ],
    [
      'expires_in as a string',
      { expires_in: '60' },
      "Invalid value for 'expires_in': expected a positive integer (seconds) up to 3153600000 (100 years)",
    ],
    [
      'target_length past uint32',
      { chunk_processing: { target_length: 1e300 } },
      "Invalid value for 'chunk_processing.target_length': expected an integer from 0 to 4294967295",
    ],
    [
      'negative target_chunk_length',
      { target_chunk_length: -1 },
      "Invalid value for 'target_chunk_length': expected an integer from 0 to 4294967295",
    ],
    [
      'temperature 1e308',
      { llm_processing: { temperature: 1e308 } },
      "Invalid value for 'llm_processing.temperature': expected a number from 0 to 2",
    ],
    [
      'max_completion_tokens 0',
      { llm_processing: { max_completion_tokens: 0 } },
      "Invalid value for 'llm_processing.max_completion_tokens': expected an integer from 1 to 4294967295 or null",
    ],
    [
      'a 1 MB prompt',
      { segment_processing: { Table: { llm: 'x'.repeat(1_000_000) } } },
      "Invalid value for 'segment_processing.Table.llm': expected a string or null of at most 2000 characters",
    ],
    [
      'a model id of 100,000 characters',
      { llm_processing: { model_id: 'm'.repeat(100_000) } },
      "Invalid value for 'llm_processing.model_id': expected a string or null of at most 256 characters",
    ],
    [
      'a path as tokenizer',
      { chunk_processing: { tokenizer: '../../../etc/passwd' } },
      "Invalid value for 'chunk_processing.tokenizer': expected one of Word",
    ],
    [
      '100,000 embed sources',
      { segment_processing: { Text: { embed_sources: Array<string>(100_000).fill('LLM') } } },
      "Invalid value for 'segment_processing.Text.embed_sources': expected an array of at most 4",
    ],
  ];

  it.each(cases)('answers create with %s by a 400 naming the field, starting nothing', async (_name, body, message) => {
    const response = await server()
      .post('/api/v1/task/parse')
      .set('Authorization', h.aliceKey)
      .send({ file: PDF_BYTES.toString('base64'), ...body });
    expect(response.status).toBe(400);
    expect(response.text.startsWith(message)).toBe(true);
    expect(h.workflows.started).toEqual([]);
    expect(await h.store.list('tasks/')).toEqual([]);
  });

  it.each(cases)('answers update with %s by a 400, leaving the task as it was', async (_name, body, message) => {
    const created = await createTask();
    h.workflows.setState(created.task_id, {
      status: 'Succeeded',
      message: 'Task succeeded',
      finishedAt: '2025-01-02T03:05:00.000Z',
    });
    const response = await server()
      .patch(`/api/v1/task/${created.task_id}/parse`)
      .set('Authorization', h.aliceKey)
      .send(body);
    expect(response.status).toBe(400);
    expect(response.text.startsWith(message)).toBe(true);
    const task = (await server().get(`/api/v1/task/${created.task_id}`).set('Authorization', h.aliceKey).expect(200))
      .body as ApiTask;
    expect(task.status).toBe('Succeeded');
  });

  it('refuses a URL input longer than 8192 characters', async () => {
    const response = await server()
      .post('/api/v1/task/parse')
      .set('Authorization', h.aliceKey)
      .send({ file: `https://example.org/${'a'.repeat(9000)}.pdf` });
    expectPlainError(response, 400, 'Invalid file URL: longer than 8192 characters');
    expect(h.workflows.started).toEqual([]);
  });

  it('reads multipart values through the same bounds (1e400 is Infinity, not a number it accepts)', async () => {
    for (const [field, value, message] of [
      [
        'expires_in',
        '1e400',
        "Invalid value for 'expires_in': expected a positive integer (seconds) up to 3153600000 (100 years)",
      ],
      [
        'llm_processing',
        '{"temperature": -1}',
        "Invalid value for 'llm_processing.temperature': expected a number from 0 to 2",
      ],
    ] as const) {
      const response = await server()
        .post('/api/v1/task')
        .set('Authorization', h.aliceKey)
        .attach('file', PDF_BYTES, 'a.pdf')
        .field(field, value);
      expectPlainError(response, 400, message);
    }
    expect(h.workflows.started).toEqual([]);
    expect(await h.store.list('tasks/')).toEqual([]);
  });
});
