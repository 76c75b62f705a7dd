import { createLogger, createMemoryLimitsStore, createPageQuota } from '@folio/runtime';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { PDF_BYTES, createHarness } from '../testing/harness.js';

const logger = createLogger({ name: 'test', level: 'silent' });

describe('per-owner quotas', () => {
  it('refuses create and update with 429 once the month pages are used, until the next UTC month', async () => {
    const limits = createMemoryLimitsStore({ keyPrefix: 'test:', logger });
    const harness = await createHarness({ env: { PAGES_PER_MONTH: '10' }, limits });
    try {
      const create = (key: string) =>
        request(harness.app.callback())
          .post('/api/v1/task/parse')
          .set('Authorization', key)
          .send({ file: PDF_BYTES.toString('base64') });
      const first = await create(harness.aliceKey);
      expect(first.status).toBe(200);
      // The workflow counts against the gateway's setting.
      expect(harness.workflows.started[0]?.limits.pagesPerMonth).toBe(10);
      // What the worker counts once the task's pages are known.
      await createPageQuota(limits).charge({
        ownerId: 'alice',
        chargeId: 'x/1',
        pages: 10,
        limit: 10,
        nowMs: harness.clock.now(),
      });

      const refused = await create(harness.aliceKey);
      expect(refused.status).toBe(429);
      expect(refused.type).toBe('text/plain');
      // The harness clock reads 2025-01-02T03:04:05Z: the count starts again on February 1st.
      expect(refused.text).toBe(
        'Usage limit exceeded: the 10 pages of this month are used; the count starts again on 2025-02-01T00:00:00.000Z',
      );
      expect(refused.headers['retry-after']).toBe(
        String(Date.parse('2025-02-01T00:00:00Z') / 1000 - Date.parse('2025-01-02T03:04:05Z') / 1000),
      );
      // Nothing started, nothing left in storage.
      expect(harness.workflows.started).toHaveLength(1);
      expect(await harness.store.list(`tasks/${harness.ids[1]}/`)).toEqual([]);

      const taskId = (first.body as { task_id: string }).task_id;
      harness.workflows.setState(taskId, { status: 'Succeeded' });
      const update = await request(harness.app.callback())
        .patch(`/api/v1/task/${taskId}/parse`)
        .set('Authorization', harness.aliceKey)
        .send({ ocr_strategy: 'Auto' });
      expect(update.status).toBe(429);
      expect((await create(harness.bobKey)).status).toBe(200);

      harness.clock.advance(30 * 24 * 3600 * 1000);
      expect((await create(harness.aliceKey)).status).toBe(200);
    } finally {
      await harness.close();
    }
  });

  it('refuses a create past MAX_UNFINISHED_TASKS Starting or Processing tasks of the owner', async () => {
    const harness = await createHarness({ env: { MAX_UNFINISHED_TASKS: '2' } });
    try {
      const create = (key: string) =>
        request(harness.app.callback())
          .post('/api/v1/task/parse')
          .set('Authorization', key)
          .send({ file: PDF_BYTES.toString('base64') });
      const first = await create(harness.aliceKey);
      expect([first.status, (await create(harness.aliceKey)).status]).toEqual([200, 200]);
      const refused = await create(harness.aliceKey);
      expect(refused.status).toBe(429);
      expect(refused.text).toBe(
        'Usage limit exceeded: 2 tasks are Starting or Processing, the most one owner may have',
      );
      expect(refused.headers['retry-after']).toBe('30');
      expect((await create(harness.bobKey)).status).toBe(200);
      harness.workflows.setState((first.body as { task_id: string }).task_id, { status: 'Succeeded' });
      expect((await create(harness.aliceKey)).status).toBe(200);
    } finally {
      await harness.close();
    }
  });
});
