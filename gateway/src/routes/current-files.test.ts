import { storageKeys } from '@folio/workflows/contracts';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiTask } from '../tasks/task-response.js';
import { PDF_BYTES, PNG_BYTES, createHarness, type Harness } from '../testing/harness.js';
import type { ApiFile } from './current-files.js';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

const client = () => request(h.app.callback());

async function upload(bytes: Buffer, name: string, metadata?: string, key = h.aliceKey): Promise<ApiFile> {
  const call = client().post('/api/v1/files').set('Authorization', key).attach('file', bytes, name);
  const response = await (metadata === undefined ? call : call.field('file_metadata', metadata));
  expect(response.status, response.text).toBe(200);
  return response.body as ApiFile;
}

describe('Files API', () => {
  it('stores an upload with its detected type and metadata, and reads it back', async () => {
    const file = await upload(PDF_BYTES, 'paper.pdf', JSON.stringify({ project: 'x' }));
    expect(file).toMatchObject({
      file_name: 'paper.pdf',
      content_type: 'application/pdf',
      file_size: PDF_BYTES.length,
      metadata: { project: 'x' },
      created_at: '2025-01-02T03:04:05.000Z',
      url: `ch://files/${file.file_id}`,
    });
    const got = await client().get(`/api/v1/files/${file.file_id}`).set('Authorization', h.aliceKey).expect(200);
    expect(got.body).toEqual(file);
    const content = await client()
      .get(`/api/v1/files/${file.file_id}/content`)
      .set('Authorization', h.aliceKey)
      .buffer(true)
      .parse((res, done) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => done(null, Buffer.concat(parts)));
      })
      .expect(200);
    expect(content.headers['content-type']).toBe('application/pdf');
    expect(content.body).toEqual(PDF_BYTES);
  });

  it('signs a URL for the bytes with the asked lifetime, or inlines them with base64_urls', async () => {
    const file = await upload(PNG_BYTES, 'scan.png');
    const signed = await client()
      .get(`/api/v1/files/${file.file_id}/url?expires_in=60`)
      .set('Authorization', h.aliceKey)
      .expect(200);
    const body = signed.body as { url: string; expires_in: number };
    expect(body.expires_in).toBe(60);
    const url = new URL(body.url);
    expect(Number(url.searchParams.get('expires'))).toBe(Date.parse('2025-01-02T03:04:05.000Z') / 1000 + 60);
    const fetched = await client()
      .get(url.pathname + url.search)
      .expect(200);
    expect(fetched.headers['content-type']).toBe('image/png');
    const inline = await client()
      .get(`/api/v1/files/${file.file_id}/url?base64_urls=true`)
      .set('Authorization', h.aliceKey)
      .expect(200);
    expect(inline.body).toEqual({ url: `data:image/png;base64,${PNG_BYTES.toString('base64')}`, expires_in: null });
    const bad = await client().get(`/api/v1/files/${file.file_id}/url?expires_in=0`).set('Authorization', h.aliceKey);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("'expires_in'");
  });

  it("answers another owner's file exactly like a missing one", async () => {
    const file = await upload(PDF_BYTES, 'paper.pdf');
    for (const [method, path] of [
      ['get', `/api/v1/files/${file.file_id}`],
      ['get', `/api/v1/files/${file.file_id}/content`],
      ['get', `/api/v1/files/${file.file_id}/url`],
      ['delete', `/api/v1/files/${file.file_id}`],
      ['get', '/api/v1/files/not-a-file-id'],
    ] as const) {
      const response = await client()[method](path).set('Authorization', h.bobKey);
      expect([response.status, response.text, response.type]).toEqual([404, 'File not found', 'text/plain']);
    }
    const bobs = await client().get('/api/v1/files').set('Authorization', h.bobKey).expect(200);
    expect(bobs.body).toEqual({ files: [], has_more: false, next_cursor: null });
  });

  it('pages newest first by cursor, ascending with sort=asc, within start and end', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) {
      ids.push((await upload(PDF_BYTES, `f${index}.pdf`)).file_id);
      h.clock.advance(1000);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor === null ? 'limit=2' : `limit=2&cursor=${encodeURIComponent(cursor)}`;
      const page = (await client().get(`/api/v1/files?${query}`).set('Authorization', h.aliceKey).expect(200)).body as {
        files: ApiFile[];
        has_more: boolean;
        next_cursor: string | null;
      };
      seen.push(...page.files.map((file) => file.file_id));
      expect(page.has_more).toBe(page.next_cursor !== null);
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor !== null);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
    const ascending = await client()
      .get('/api/v1/files?sort=asc&limit=10')
      .set('Authorization', h.aliceKey)
      .expect(200);
    expect((ascending.body as { files: ApiFile[] }).files.map((file) => file.file_id)).toEqual(ids);
    const window = await client()
      .get('/api/v1/files?start=2025-01-02T03:04:06.000Z&end=2025-01-02T03:04:07.000Z&sort=asc')
      .set('Authorization', h.aliceKey)
      .expect(200);
    expect((window.body as { files: ApiFile[] }).files.map((file) => file.file_id)).toEqual(ids.slice(1, 3));
    for (const query of ['limit=0', 'sort=up', 'cursor=yesterday', 'start=soon']) {
      expect((await client().get(`/api/v1/files?${query}`).set('Authorization', h.aliceKey)).status).toBe(400);
    }
  });

  it('deletes a file: gone from reads and lists, bytes removed', async () => {
    const file = await upload(PDF_BYTES, 'paper.pdf');
    const deleted = await client().delete(`/api/v1/files/${file.file_id}`).set('Authorization', h.aliceKey).expect(200);
    expect(deleted.body).toEqual({ deleted: true });
    expect((await client().get(`/api/v1/files/${file.file_id}`).set('Authorization', h.aliceKey)).status).toBe(404);
    expect((await h.store.list('files/')).length).toBe(0);
  });

  it('refuses an unsupported type and a body without a file part, keeping nothing', async () => {
    const refused = await client()
      .post('/api/v1/files')
      .set('Authorization', h.aliceKey)
      .attach('file', Buffer.from('just text'), 'notes.txt');
    expect([refused.status, refused.text]).toEqual([400, 'Unsupported file type']);
    const noFile = await client().post('/api/v1/files').set('Authorization', h.aliceKey).field('file_metadata', '{}');
    expect(noFile.status).toBe(400);
    expect(await h.store.list('files/')).toEqual([]);
  });

  it('groups the accepted types by category without credentials', async () => {
    const response = await client().get('/api/v1/file-types').expect(200);
    const groups = response.body as Record<string, { formats: { extension: string; mime_type: string }[] }>;
    expect(Object.keys(groups).sort()).toEqual(['document', 'image', 'presentation', 'spreadsheet', 'text']);
    expect(groups.document?.formats).toContainEqual({ extension: 'pdf', mime_type: 'application/pdf' });
    expect(groups.spreadsheet?.formats.map((format) => format.extension)).toEqual(
      expect.arrayContaining(['xlsx', 'xls', 'ods']),
    );
  });
});

describe('ch://files/{id} as the file of a v1 create', () => {
  it('starts the task on a copy of the uploaded bytes, kept when the file is deleted', async () => {
    const file = await upload(PDF_BYTES, 'paper.pdf');
    const created = await client()
      .post('/api/v1/task/parse')
      .set('Authorization', h.aliceKey)
      .send({ file: file.url })
      .expect(200);
    const task = created.body as ApiTask;
    expect(task.output.file_name).toBe('paper.pdf');
    const key = storageKeys.input(task.task_id, 'paper.pdf');
    expect(h.workflows.started[0]?.source).toEqual({ kind: 'stored', key, mimeType: 'application/pdf' });
    await client().delete(`/api/v1/files/${file.file_id}`).set('Authorization', h.aliceKey).expect(200);
    expect(await h.store.get(key)).toEqual(PDF_BYTES);
  });

  it("refuses a missing or another owner's file as a 400 and starts nothing", async () => {
    const file = await upload(PDF_BYTES, 'paper.pdf');
    const response = await client().post('/api/v1/task/parse').set('Authorization', h.bobKey).send({ file: file.url });
    expect([response.status, response.text]).toEqual([400, `File not found: ${file.file_id}`]);
    expect(h.workflows.started).toEqual([]);
  });
});
