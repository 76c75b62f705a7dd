import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { observeTaskCounts } from '@folio/runtime';
import { PDF_BYTES, createHarness, type Harness } from '../testing/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

/** The value of one sample line of a scrape, or null when absent. */
function sample(text: string, series: string): number | null {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('counts requests by route pattern and status, task creation, and tasks by status, without credentials', async () => {
    observeTaskCounts(() => Promise.resolve({ Starting: 1, Processing: 0, Succeeded: 4, Failed: 0, Cancelled: 0 }));
    const before = (await request(h.app.callback()).get('/metrics').expect(200)).text;
    const created = await request(h.app.callback())
      .post('/api/v1/task/parse')
      .set('Authorization', h.aliceKey)
      .send({ file: PDF_BYTES.toString('base64') })
      .expect(200);
    const taskId = (created.body as { task_id: string }).task_id;
    await request(h.app.callback()).get(`/api/v1/task/${taskId}`).set('Authorization', h.aliceKey).expect(200);
    await request(h.app.callback()).get('/api/v1/task/no-such-task').set('Authorization', h.aliceKey).expect(404);

    const response = await request(h.app.callback()).get('/metrics').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.text;
    const grew = (series: string): number => (sample(text, series) ?? 0) - (sample(before, series) ?? 0);
    expect(grew('folio_http_requests_total{method="POST",route="/api/v1/task/parse",status="200"}')).toBe(1);
    // One series for every task id: the route pattern, not the path.
    expect(grew('folio_http_requests_total{method="GET",route="/api/v1/task/:taskId",status="200"}')).toBe(1);
    expect(grew('folio_http_requests_total{method="GET",route="/api/v1/task/:taskId",status="404"}')).toBe(1);
    expect(text).not.toContain(taskId);
    expect(grew('folio_tasks_created_total{kind="create"}')).toBe(1);
    expect(text).toContain(
      'folio_http_request_duration_seconds_bucket{le="0.005",method="POST",route="/api/v1/task/parse",status="200"}',
    );
    expect(sample(text, 'folio_tasks{status="Succeeded"}')).toBe(4);
    expect(sample(text, 'folio_tasks{status="Starting"}')).toBe(1);
  });

  it('leaves the task gauge out of a scrape when the engine cannot be read, and still answers', async () => {
    observeTaskCounts(() => Promise.reject(new Error('Temporal unreachable')));
    const text = (await request(h.app.callback()).get('/metrics').expect(200)).text;
    expect(text).toContain('# TYPE folio_tasks gauge');
    expect(text).not.toContain('folio_tasks{status=');
  });
});
