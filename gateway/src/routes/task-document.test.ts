import { putJson } from '@folio/runtime';
import { ChunkedOutput, type OutputSegment } from '@folio/proto/chunk/v1';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiTask } from '../tasks/task-response.js';
import { PDF_BYTES, createHarness, type Harness } from '../testing/harness.js';

let h: Harness;
let taskId = '';
const server = () => request(h.app.callback());

function segment(segmentId: string, segmentType: string, html: string, markdown: string): Partial<OutputSegment> {
  return {
    segmentId,
    segmentType,
    html,
    markdown,
    content: markdown,
    text: markdown,
    pageNumber: 1,
    pageWidth: 100,
    pageHeight: 200,
  };
}

beforeEach(async () => {
  h = await createHarness();
  const created = await server()
    .post('/api/v1/task/parse')
    .set('Authorization', h.aliceKey)
    .send({ file: PDF_BYTES.toString('base64'), file_name: 'report <1>.pdf' })
    .expect(200);
  taskId = (created.body as ApiTask).task_id;
  const crop = `tasks/${taskId}/runs/1/crops/s4.png`;
  await h.store.put(crop, Buffer.from('PNGDATA'));
  // Two chunks: the segments' order across them is the reading order.
  const output = ChunkedOutput.fromPartial({
    chunks: [
      {
        chunkId: 'c1',
        segments: [
          segment('s1', 'PageHeader', '<div class="page-header">Annual report</div>', 'Annual report'),
          segment('s2', 'Title', '<h1>Results &amp; outlook</h1>', '# Results & outlook'),
        ],
      },
      {
        chunkId: 'c2',
        segments: [
          segment('s3', 'Text', '<p>Revenue grew.</p>', 'Revenue grew.'),
          {
            ...segment(
              's4',
              'Picture',
              `<img src="folio-object:${crop}" alt="chart">`,
              `![chart](folio-object:${crop})`,
            ),
            imageKey: crop,
          },
        ],
      },
    ],
  });
  await putJson(h.store, `tasks/${taskId}/runs/1/output.json`, ChunkedOutput.toJSON(output));
  h.workflows.setState(taskId, {
    status: 'Succeeded',
    message: 'Task succeeded',
    outputKey: `tasks/${taskId}/runs/1/output.json`,
  });
});

afterEach(async () => {
  await h.close();
});

describe('GET /api/v1/task/{id}/markdown and /html', () => {
  it('answers the Markdown of every output segment in reading order, images linked', async () => {
    const response = await server().get(`/api/v1/task/${taskId}/markdown`).set('Authorization', h.aliceKey).expect(200);
    expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8');
    const parts = response.text.trimEnd().split('\n\n');
    expect(parts.slice(0, 3)).toEqual(['Annual report', '# Results & outlook', 'Revenue grew.']);
    expect(parts[3]).toMatch(/^!\[chart\]\(http:\/\/gateway\.test\/files\/tasks\/.+\/crops\/s4\.png\?/);
    expect(response.text).not.toContain('folio-object:');
  });

  it("answers one sandboxed HTML page with the same segments' HTML", async () => {
    const response = await server().get(`/api/v1/task/${taskId}/html`).set('Authorization', h.aliceKey).expect(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.text).toContain('<title>report &lt;1&gt;.pdf</title>');
    const body = /<body>\n([\s\S]*)\n<\/body>/.exec(response.text)?.[1] ?? '';
    const lines = body.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      '<div class="page-header">Annual report</div>',
      '<h1>Results &amp; outlook</h1>',
      '<p>Revenue grew.</p>',
    ]);
    expect(lines[3]).toMatch(/^<img src="http:\/\/gateway\.test\/files\/tasks\/[^"]+" alt="chart">$/);
  });

  it("answers another owner's task and a missing one as Task not found, and needs a key", async () => {
    for (const path of [`/api/v1/task/${taskId}/markdown`, `/api/v1/task/${taskId}/html`]) {
      const other = await server().get(path).set('Authorization', h.bobKey).expect(404);
      expect(other.text).toBe('Task not found');
      await server().get(path).expect(401);
    }
    expect((await server().get('/api/v1/task/nope/markdown').set('Authorization', h.aliceKey).expect(404)).text).toBe(
      'Task not found',
    );
  });

  it('refuses a task without output with its status', async () => {
    h.workflows.setState(taskId, { status: 'Processing', message: 'Running OCR (1/3 pages)' });
    const response = await server().get(`/api/v1/task/${taskId}/markdown`).set('Authorization', h.aliceKey).expect(400);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.text).toBe('Task has no output: status is Processing');
  });
});
