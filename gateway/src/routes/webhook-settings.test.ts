import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PDF_BYTES, PUBLIC_URL, createHarness, type Harness } from '../testing/harness.js';

/* The webhook of a create (docs/webhooks.md): read by every create route, handed to the workflow. */

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

const server = () => request(h.app.callback());
const pdf = PDF_BYTES.toString('base64');
const HOOK = 'https://receiver.example/hooks/folio?token=abc';

describe('webhook_url on create', () => {
  it('hands the webhook to the workflow from the v1 and the current parse create, chunks only when asked', async () => {
    await server()
      .post('/api/v1/task/parse')
      .set('Authorization', h.aliceKey)
      .send({ file: pdf, webhook_url: HOOK })
      .expect(200);
    await server()
      .post('/api/v1/tasks/parse')
      .set('Authorization', h.aliceKey)
      .send({ file: pdf, webhook_url: HOOK, webhook_include_chunks: true })
      .expect(200);
    expect(h.workflows.started.map((input) => input.webhook)).toEqual([
      { url: HOOK, includeChunks: false, publicUrl: PUBLIC_URL },
      { url: HOOK, includeChunks: true, publicUrl: PUBLIC_URL },
    ]);
  });

  it('reads it from an extract create and from the multipart parts', async () => {
    await server()
      .post('/api/v1/tasks/extract')
      .set('Authorization', h.aliceKey)
      .send({ file: pdf, schema: { type: 'object' }, webhook_url: HOOK })
      .expect(200);
    await server()
      .post('/api/v1/task')
      .set('Authorization', h.aliceKey)
      .attach('file', PDF_BYTES, 'paper.pdf')
      .field('webhook_url', HOOK)
      .field('webhook_include_chunks', 'true')
      .expect(200);
    expect(h.workflows.started.map((input) => input.webhook)).toEqual([
      { url: HOOK, includeChunks: false, publicUrl: PUBLIC_URL },
      { url: HOOK, includeChunks: true, publicUrl: PUBLIC_URL },
    ]);
  });

  it('leaves the workflow input without a webhook when none is named (null counts as none)', async () => {
    await server().post('/api/v1/task/parse').set('Authorization', h.aliceKey).send({ file: pdf }).expect(200);
    await server()
      .post('/api/v1/task/parse')
      .set('Authorization', h.aliceKey)
      .send({ file: pdf, webhook_url: null })
      .expect(200);
    expect(h.workflows.started.map((input) => 'webhook' in input)).toEqual([false, false]);
  });

  it.each([
    ['ftp://receiver.example/hook', "Invalid value for 'webhook_url': expected an http(s) URL"],
    ['receiver.example/hook', "Invalid value for 'webhook_url': expected an http(s) URL"],
    ['https://user:secret@receiver.example/hook', "Invalid value for 'webhook_url': expected an http(s) URL"],
    [42, "Invalid value for 'webhook_url': expected an http(s) URL"],
    [
      `https://receiver.example/${'a'.repeat(2048)}`,
      "Invalid value for 'webhook_url': expected an http(s) URL of at most 2048 characters",
    ],
  ])('refuses webhook_url %s with a 400 naming the field, starting nothing', async (value, message) => {
    for (const path of ['/api/v1/task/parse', '/api/v1/tasks/parse']) {
      const response = await server()
        .post(path)
        .set('Authorization', h.aliceKey)
        .send({ file: pdf, webhook_url: value });
      expect([response.status, response.text]).toEqual([400, message]);
    }
    expect(h.workflows.started).toEqual([]);
  });

  it('refuses a webhook_include_chunks that is not a boolean', async () => {
    const response = await server()
      .post('/api/v1/task/parse')
      .set('Authorization', h.aliceKey)
      .send({ file: pdf, webhook_url: HOOK, webhook_include_chunks: 'yes' });
    expect([response.status, response.text]).toEqual([
      400,
      "Invalid value for 'webhook_include_chunks': expected a boolean",
    ]);
  });

  it('documents both fields in the OpenAPI document of every create', async () => {
    const document = (await server().get('/openapi.json').expect(200)).body as {
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    for (const name of ['CreateTaskRequest', 'CreateExtractRequest']) {
      expect(Object.keys(document.components.schemas[name]?.properties ?? {})).toEqual(
        expect.arrayContaining(['webhook_url', 'webhook_include_chunks']),
      );
    }
  });
});
