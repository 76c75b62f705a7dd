import { storageKeys } from '@folio/workflows/contracts';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiTask } from '../tasks/task-response.js';
import { PDF_BYTES, createHarness, type Harness } from '../testing/harness.js';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

const upload = () => request(h.app.callback()).post('/api/v1/task').set('Authorization', h.aliceKey);

describe('POST /api/v1/task (multipart)', () => {
  it('streams the file to storage and reads other parts as JSON-encoded config values', async () => {
    const response = await upload()
      .attach('file', PDF_BYTES, 'paper.pdf')
      .field('ocr_strategy', '"Auto"')
      .field('segmentation_strategy', 'Page')
      .field('high_resolution', 'false')
      .field('chunk_processing', JSON.stringify({ target_length: 64 }))
      .expect(200);
    const task = response.body as ApiTask;
    expect(task).toMatchObject({ status: 'Starting', message: 'Task queued', output: { file_name: 'paper.pdf' } });
    expect(task.configuration).toMatchObject({
      ocr_strategy: 'Auto',
      segmentation_strategy: 'Page',
      high_resolution: false,
      chunk_processing: { target_length: 64 },
    });
    expect(await h.store.get(storageKeys.input(task.task_id, 'paper.pdf'))).toEqual(PDF_BYTES);
    expect(h.workflows.started[0]?.source).toEqual({ kind: 'stored', key: storageKeys.input(task.task_id, 'paper.pdf'), mimeType: 'application/pdf' });
  });

  it('answers 400 File must have a filename for a file part without one', async () => {
    const response = await upload().field('file', 'raw bytes');
    expect(response.status).toBe(400);
    expect(response.text).toBe('File must have a filename');
    expect(h.workflows.started).toEqual([]);
  });

  it('refuses unsupported types and bad config values, removing what was stored', async () => {
    const unsupported = await upload().attach('file', Buffer.from('hello'), 'notes.txt');
    expect(unsupported.status).toBe(400);
    expect(unsupported.text).toBe('Unsupported file type');
    const badConfig = await upload().attach('file', PDF_BYTES, 'a.pdf').field('error_handling', 'Explode');
    expect(badConfig.status).toBe(400);
    expect(badConfig.text).toBe("Invalid value for 'error_handling': expected one of Fail, Continue");
    expect(await h.store.list('tasks/')).toEqual([]);
  });

  it('refuses a body that is not multipart and a missing file part', async () => {
    const json = await upload().send({ file: 'x' });
    expect(json.status).toBe(400);
    expect(json.text).toBe('Expected a multipart/form-data body');
    const noFile = await upload().field('ocr_strategy', 'Auto');
    expect(noFile.status).toBe(400);
    expect(noFile.text).toBe("Invalid value for 'file': expected a file part");
  });

  it('refuses files over MAX_TOTAL_LIMIT with 413', async () => {
    const small = await createHarness({ env: { MAX_TOTAL_LIMIT: '100' } });
    try {
      const response = await request(small.app.callback())
        .post('/api/v1/task')
        .set('Authorization', small.aliceKey)
        .attach('file', Buffer.concat([PDF_BYTES, Buffer.alloc(500)]), 'big.pdf');
      expect(response.status).toBe(413);
      expect(await small.store.list('tasks/')).toEqual([]);
    } finally {
      await small.close();
    }
  });
});
