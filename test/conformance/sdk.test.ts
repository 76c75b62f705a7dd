// The official TypeScript SDK (npm `chunkr-ai`, pinned in test/package.json) against the running
// stack, unchanged: its Files and Tasks methods, cursor pagination, the errors it raises and the
// upload forms it accepts. Every expectation fails the run; nothing is skipped. Each call and its
// result are printed, one line each.
import { Chunkr, NotFoundError, BadRequestError, AuthenticationError, toFile } from 'chunkr-ai';
import { createReadStream, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { makeReport } from '../src/fixtures.js';

type TaskResponse = Awaited<ReturnType<Chunkr['tasks']['get']>>;
type SdkFile = Awaited<ReturnType<Chunkr['files']['get']>>;

function print(call: string, result: unknown): void {
  process.stdout.write(`sdk ${call} -> ${JSON.stringify(result).slice(0, 300)}\n`);
}

/** Polls a task through the SDK until it is final. */
async function settle(client: Chunkr, taskId: string, timeoutMs = 150_000): Promise<TaskResponse> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const task = await client.tasks.parse.get(taskId);
    if (task.completed) return task;
    if (Date.now() > deadline)
      throw new Error(`task ${taskId} still ${task.status} after ${timeoutMs} ms: ${task.message}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The error a call rejects with; fails when it resolves. */
async function rejection(call: Promise<unknown>): Promise<unknown> {
  try {
    const value = await call;
    throw new Error(`expected an error, got ${JSON.stringify(value).slice(0, 200)}`);
  } catch (error) {
    return error;
  }
}

describe('TypeScript SDK chunkr-ai 0.1.0-alpha.14', () => {
  const baseURL = `${inject('baseUrl')}/api/v1`;
  // No retries: a 5xx or a timeout must show as itself, not be hidden by the SDK retrying.
  const client = new Chunkr({ apiKey: inject('apiKey'), baseURL, maxRetries: 0, timeout: 30_000 });
  const other = new Chunkr({ apiKey: inject('otherApiKey'), baseURL, maxRetries: 0 });
  const report = makeReport(2);
  const uploaded: SdkFile[] = [];

  beforeAll(() => {
    const folder = mkdtempSync(join(tmpdir(), 'folio-sdk-'));
    writeFileSync(join(folder, 'report.pdf'), report);
    process.env.SDK_REPORT_PATH = join(folder, 'report.pdf');
  });

  it('fileTypes.get lists the accepted types by category', async () => {
    const types = await client.fileTypes.get();
    print(
      'fileTypes.get()',
      types.document.formats.map((format) => format.extension),
    );
    expect(types.document.formats).toContainEqual({ extension: 'pdf', mime_type: 'application/pdf' });
    expect(types.image.formats.map((format) => format.extension)).toEqual(expect.arrayContaining(['png', 'jpg']));
    expect(types.spreadsheet.formats.length).toBeGreaterThan(0);
  });

  it('files.create takes an fs.ReadStream, a File and toFile, with file_metadata', async () => {
    const path = process.env.SDK_REPORT_PATH ?? '';
    const forms: [string, () => Promise<Parameters<Chunkr['files']['create']>[0]['file']>][] = [
      ['fs.ReadStream', () => Promise.resolve(createReadStream(path))],
      ['File', () => Promise.resolve(new File([report], 'report-file.pdf', { type: 'application/pdf' }))],
      ['toFile', () => toFile(report, 'report-tofile.pdf')],
    ];
    for (const [form, make] of forms) {
      const file = await client.files.create({ file: await make(), file_metadata: JSON.stringify({ form }) });
      print(`files.create(${form})`, file);
      expect(file).toMatchObject({ content_type: 'application/pdf', file_size: report.length, metadata: { form } });
      expect(file.url).toBe(`ch://files/${file.file_id}`);
      expect(file.file_name).toMatch(/^report.*\.pdf$/);
      uploaded.push(file);
    }
  });

  it('files.get, files.content and files.url return the same bytes', async () => {
    const file = uploaded[0];
    expect(file, 'no upload from the previous test').toBeDefined();
    if (!file) return;
    const got = await client.files.get(file.file_id);
    print('files.get()', got);
    expect(got).toEqual(file);
    const content = await client.files.content(file.file_id).asResponse();
    print('files.content()', { status: content.status, type: content.headers.get('content-type') });
    expect(content.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await content.arrayBuffer())).toEqual(report);
    const url = await client.files.url(file.file_id, { expires_in: 120 });
    print('files.url()', url);
    expect(url.expires_in).toBe(120);
    const fetched = await fetch(url.url);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(report);
    const inline = await client.files.url(file.file_id, { base64_urls: true });
    expect(inline.url).toBe(`data:application/pdf;base64,${report.toString('base64')}`);
  });

  it('files.list pages by cursor, newest first, and by auto-pagination', async () => {
    const first = await client.files.list({ limit: 2 });
    print('files.list({limit: 2})', {
      ids: first.files.map((file) => file.file_id),
      has_more: first.has_more,
      next_cursor: first.next_cursor,
    });
    expect(first.files).toHaveLength(2);
    expect(first.has_more).toBe(true);
    expect(first.hasNextPage()).toBe(true);
    const second = await first.getNextPage();
    print('files.list().getNextPage()', { ids: second.files.map((file) => file.file_id), has_more: second.has_more });
    const seen: string[] = [];
    for await (const file of client.files.list({ limit: 1 })) seen.push(file.file_id);
    const mine = uploaded.map((file) => file.file_id);
    expect(seen.filter((id) => mine.includes(id))).toEqual([...mine].reverse());
    expect([...first.files, ...second.files].map((file) => file.file_id).slice(0, 3)).toEqual(seen.slice(0, 3));
    const ascending = await client.files.list({ sort: 'asc', limit: 100 });
    expect(ascending.files.map((file) => file.file_id).filter((id) => mine.includes(id))).toEqual(mine);
  });

  it('raises NotFoundError, BadRequestError and AuthenticationError as the API answers', async () => {
    const file = uploaded[0];
    if (!file) throw new Error('no upload from the earlier tests');
    const foreign = await rejection(other.files.get(file.file_id));
    print('files.get(another owner)', String(foreign));
    expect(foreign).toBeInstanceOf(NotFoundError);
    expect(await rejection(client.files.get('00000000-0000-7000-8000-000000000000'))).toBeInstanceOf(NotFoundError);
    expect(await rejection(client.tasks.get('00000000-0000-4000-8000-000000000000'))).toBeInstanceOf(NotFoundError);
    const badBase64 = await rejection(client.tasks.parse.create({ file: 'data:application/pdf;base64,@@@' }));
    print('tasks.parse.create(bad base64)', String(badBase64));
    expect(badBase64).toBeInstanceOf(BadRequestError);
    expect((badBase64 as BadRequestError).message).toContain('Invalid base64 data');
    expect(
      await rejection(client.tasks.parse.create({ file: 'ch://files/00000000-0000-7000-8000-000000000000' })),
    ).toBeInstanceOf(BadRequestError);
    expect(await rejection(client.files.list({ limit: 0 }))).toBeInstanceOf(BadRequestError);
    const unauthenticated = new Chunkr({ apiKey: 'fk_not_a_key', baseURL, maxRetries: 0 });
    expect(await rejection(unauthenticated.files.list())).toBeInstanceOf(AuthenticationError);
  });

  it('tasks.parse.create from ch://files, polled to Succeeded, with pages, chunks and file_info', async () => {
    const file = uploaded[1];
    if (!file) throw new Error('no upload from the earlier tests');
    const created = await client.tasks.parse.create({
      file: file.url,
      file_name: 'sdk-report.pdf',
      ocr_strategy: 'Auto',
      chunk_processing: { target_length: 256, tokenizer: { Enum: 'Word' } },
      segment_processing: { Table: { format: 'Html', strategy: 'Auto' } },
    });
    print('tasks.parse.create()', { task_id: created.task_id, status: created.status, task_type: created.task_type });
    expect(created).toMatchObject({ task_type: 'Parse', completed: false, configuration: { ocr_strategy: 'Auto' } });
    // Absolute, on the gateway's PUBLIC_URL (the stack's says localhost; the tests call 127.0.0.1).
    expect(created.task_url).toMatch(new RegExp(`^https?://[^/]+/api/v1/tasks/${created.task_id}$`));
    const done = await settle(client, created.task_id);
    print('tasks.parse.get() until completed', {
      status: done.status,
      message: done.message,
      file_info: done.file_info,
    });
    expect(done.status, done.message).toBe('Succeeded');
    expect(done.file_info).toMatchObject({ name: 'sdk-report.pdf', mime_type: 'application/pdf', page_count: 2 });
    const output = done.output as NonNullable<Awaited<ReturnType<Chunkr['tasks']['parse']['get']>>['output']>;
    expect(output.pages).toHaveLength(2);
    for (const page of output.pages ?? []) {
      expect(page.dpi).toBeGreaterThan(0);
      expect((await fetch(page.image)).status).toBe(200);
    }
    expect(output.chunks.length).toBeGreaterThan(0);
    const text = output.chunks.flatMap((chunk) => chunk.segments.map((segment) => segment.text ?? '')).join(' ');
    expect(text).toContain('Section 1');
    const same = await client.tasks.get(created.task_id, { include_chunks: false });
    print('tasks.get(include_chunks=false)', {
      status: same.status,
      chunks: same.output && 'chunks' in same.output ? same.output.chunks.length : null,
    });
    expect(same.status).toBe('Succeeded');
    const v1 = await fetch(`${baseURL}/task/${created.task_id}`, { headers: { authorization: inject('apiKey') } });
    expect(v1.status, 'the same task through the v1 API').toBe(200);
    process.env.SDK_TASK_ID = created.task_id;
  });

  it('tasks.list pages by cursor and filters by status; tasks.cancel and tasks.delete follow the task rules', async () => {
    const extra = await client.tasks.parse.create({
      file: `data:application/pdf;base64,${report.toString('base64')}`,
      ocr_strategy: 'Auto',
    });
    const cancelled = await client.tasks.cancel(extra.task_id).then(
      () => 'cancelled',
      (error: unknown) => error,
    );
    print('tasks.cancel()', String(cancelled));
    // Only a task still Starting can be cancelled; one a worker already took is refused with 400.
    if (cancelled !== 'cancelled') {
      expect(cancelled).toBeInstanceOf(BadRequestError);
      expect(String(cancelled)).toContain('Task cannot be cancelled: status is');
    } else {
      expect((await client.tasks.get(extra.task_id)).status).toBe('Cancelled');
    }
    const first = await client.tasks.list({ limit: 1 });
    print('tasks.list({limit: 1})', {
      ids: first.tasks.map((task) => task.task_id),
      has_more: first.has_more,
      next_cursor: first.next_cursor,
    });
    expect(first.tasks.map((task) => task.task_id)).toEqual([extra.task_id]);
    expect(first.has_more).toBe(true);
    const ids: string[] = [];
    for await (const task of client.tasks.list({ limit: 2 })) ids.push(task.task_id);
    expect(ids).toContain(process.env.SDK_TASK_ID);
    expect(new Set(ids).size).toBe(ids.length);
    const succeeded = await client.tasks.list({ statuses: ['Succeeded'], limit: 100 });
    expect(succeeded.tasks.every((task) => task.status === 'Succeeded')).toBe(true);
    expect(succeeded.tasks.map((task) => task.task_id)).toContain(process.env.SDK_TASK_ID);

    await settle(client, extra.task_id);
    for (const taskId of [extra.task_id, process.env.SDK_TASK_ID ?? '']) {
      await client.tasks.delete(taskId);
      print('tasks.delete()', taskId);
      expect(await rejection(client.tasks.get(taskId))).toBeInstanceOf(NotFoundError);
    }
  });

  it('files.delete removes a file', async () => {
    for (const file of uploaded) {
      const deleted = await client.files.delete(file.file_id);
      print('files.delete()', deleted);
      expect(deleted).toEqual({ deleted: true });
      expect(await rejection(client.files.get(file.file_id))).toBeInstanceOf(NotFoundError);
    }
  });
});
