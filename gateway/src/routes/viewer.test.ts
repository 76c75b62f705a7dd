import { putJson } from '@folio/runtime';
import { storageKeys } from '@folio/workflows/contracts';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiTask } from '../tasks/task-response.js';
import { PDF_BYTES, PNG_BYTES, createHarness, type Harness } from '../testing/harness.js';
import { VIEWER_CSP, VIEWER_LINK_DEFAULT_SEC } from './viewer.js';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

const client = () => request(h.app.callback());
const pdf = `data:application/pdf;base64,${PDF_BYTES.toString('base64')}`;

async function createTask(key = h.aliceKey): Promise<string> {
  const response = await client().post('/api/v1/task/parse').set('Authorization', key).send({ file: pdf });
  expect(response.status, response.text).toBe(200);
  return (response.body as ApiTask).task_id;
}

/** Marks a task succeeded with one rendered page and an output of one chunk of two segments. */
async function succeed(taskId: string): Promise<void> {
  const run = storageKeys.runPrefix(taskId, 0);
  await h.store.put(`${run}pages/page-0.png`, PNG_BYTES);
  await putJson(h.store, storageKeys.renderManifest(run, 0), {
    page: {
      pageIndex: 0,
      width: 1224,
      height: 1584,
      image: { key: `${run}pages/page-0.png`, sha256: '', byteSize: PNG_BYTES.length },
      scale: 2,
    },
  });
  const segment = (segmentId: string, segmentType: string) => ({
    segmentId,
    segmentType,
    bbox: { left: 10, top: 20, width: 300, height: 40 },
    pageNumber: 1,
    pageWidth: 1224,
    pageHeight: 1584,
    content: 'Hello',
    html: '<p>Hello</p>',
    markdown: 'Hello',
    text: 'Hello',
    ocr: [],
    embed: 'Hello',
  });
  await putJson(h.store, `${run}output.json`, {
    chunks: [
      { chunkId: 'c1', chunkLength: 2, segments: [segment('s1', 'Title'), segment('s2', 'Text')], embed: 'Hello' },
    ],
  });
  h.workflows.setState(taskId, {
    status: 'Succeeded',
    message: 'Task succeeded',
    pageCount: 1,
    outputKey: `${run}output.json`,
  });
}

/** The query of a signed link minted by `key` for `taskId`. */
async function mintLink(taskId: string, key = h.aliceKey, query = ''): Promise<{ url: URL; expiresAt: string }> {
  const response = await client().post(`/viewer/${taskId}/link${query}`).set('Authorization', key);
  expect(response.status, response.text).toBe(200);
  const body = response.body as { url: string; expires_at: string };
  return { url: new URL(body.url), expiresAt: body.expires_at };
}

describe('page viewer', () => {
  it('serves the page and its assets without credentials, under a CSP that allows only this origin', async () => {
    const page = await client().get('/viewer/any-task').expect(200);
    expect(page.type).toBe('text/html');
    expect(page.headers['content-security-policy']).toBe(VIEWER_CSP);
    expect(VIEWER_CSP).not.toContain('unsafe-inline');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.text).toContain('/viewer/assets/viewer.js');
    const script = await client().get('/viewer/assets/viewer.js').expect(200);
    expect(script.type).toBe('application/javascript');
    expect(script.text).not.toMatch(/innerHTML|insertAdjacentHTML|document\.write/);
    expect((await client().get('/viewer/assets/viewer.css').expect(200)).type).toBe('text/css');
    expect((await client().get('/viewer/assets/index.html')).status).toBe(404);
    expect((await client().get('/viewer/assets/..%2Fpackage.json')).status).toBe(404);
  });

  it('streams a page image to the owner only, and only for a succeeded task', async () => {
    const taskId = await createTask();
    const early = await client().get(`/viewer/${taskId}/pages/1`).set('Authorization', h.aliceKey);
    expect(early.status).toBe(404);
    await succeed(taskId);
    const image = await client().get(`/viewer/${taskId}/pages/1`).set('Authorization', h.aliceKey).expect(200);
    expect(image.type).toBe('image/png');
    expect(Buffer.compare(image.body as Buffer, PNG_BYTES)).toBe(0);
    expect(image.headers['content-security-policy']).toContain('sandbox');
    for (const page of ['2', '0', 'x']) {
      expect((await client().get(`/viewer/${taskId}/pages/${page}`).set('Authorization', h.aliceKey)).status).toBe(404);
    }
    const other = await client().get(`/viewer/${taskId}/pages/1`).set('Authorization', h.bobKey);
    expect([other.status, other.text]).toEqual([404, 'Task not found']);
    const anonymous = await client().get(`/viewer/${taskId}/pages/1`);
    expect([anonymous.status, anonymous.text]).toEqual([401, 'Authorization header is missing']);
  });

  it('opens the task and its pages with a signed link until the link expires', async () => {
    const taskId = await createTask();
    await succeed(taskId);
    const { url, expiresAt } = await mintLink(taskId);
    expect(`${url.origin}${url.pathname}`).toBe(`http://gateway.test/viewer/${taskId}`);
    expect(Date.parse(expiresAt)).toBe(Math.floor(h.clock.now() / 1000) * 1000 + VIEWER_LINK_DEFAULT_SEC * 1000);

    const task = (await client().get(`/viewer/${taskId}/task${url.search}`).expect(200)).body as ApiTask;
    expect(task.output.chunks[0]?.segments.map((segment) => segment.segment_id)).toEqual(['s1', 's2']);
    // The same shape as the API's own answer for the task.
    const viaApi = (await client().get(`/api/v1/task/${taskId}`).set('Authorization', h.aliceKey).expect(200))
      .body as ApiTask;
    expect(Object.keys(task).sort()).toEqual(Object.keys(viaApi).sort());
    expect((await client().get(`/viewer/${taskId}/pages/1${url.search}`).expect(200)).type).toBe('image/png');

    h.clock.advance((VIEWER_LINK_DEFAULT_SEC + 1) * 1000);
    const expired = await client().get(`/viewer/${taskId}/task${url.search}`);
    expect([expired.status, expired.text]).toEqual([403, 'Invalid or expired signature']);
  });

  it('accepts a link only for the task it was made for, and never as a file signature', async () => {
    const first = await createTask();
    const second = await createTask();
    const { url } = await mintLink(first);
    expect((await client().get(`/viewer/${second}/task${url.search}`)).status).toBe(403);
    const tampered = new URLSearchParams(url.search);
    tampered.set('expires', String(Number(tampered.get('expires')) + 60));
    expect((await client().get(`/viewer/${first}/task?${tampered.toString()}`)).status).toBe(403);
    // A signature present but broken is refused, even beside a valid key.
    const broken = await client().get(`/viewer/${first}/task?signature=x`).set('Authorization', h.aliceKey);
    expect(broken.status).toBe(403);
    // The link signs `/viewer/<id>`, which is no storage key: /files refuses it.
    expect((await client().get(`/files//viewer/${first}${url.search}`)).status).toBe(404);
  });

  it("mints links for the owner only, within the link's lifetime bounds", async () => {
    const taskId = await createTask();
    const other = await client().post(`/viewer/${taskId}/link`).set('Authorization', h.bobKey);
    expect([other.status, other.text]).toEqual([404, 'Task not found']);
    expect((await client().post(`/viewer/${taskId}/link`)).status).toBe(401);
    for (const value of ['10', '86401', 'soon']) {
      const response = await client()
        .post(`/viewer/${taskId}/link?expires_in=${value}`)
        .set('Authorization', h.aliceKey);
      expect(response.status, value).toBe(400);
    }
    const { expiresAt } = await mintLink(taskId, h.aliceKey, '?expires_in=120');
    expect(Date.parse(expiresAt) - Math.floor(h.clock.now() / 1000) * 1000).toBe(120_000);
  });

  it('answers a deleted task as missing through a link made before', async () => {
    const taskId = await createTask();
    await succeed(taskId);
    const { url } = await mintLink(taskId);
    await client().delete(`/api/v1/task/${taskId}`).set('Authorization', h.aliceKey).expect(200);
    const response = await client().get(`/viewer/${taskId}/task${url.search}`);
    expect([response.status, response.text]).toEqual([404, 'Task not found']);
  });
});
