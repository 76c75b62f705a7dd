import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEGMENT_TYPES } from '@folio/workflows/contracts';
import { createHarness, type Harness } from '../testing/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

describe('public routes', () => {
  it('answers /health with the version in plain text', async () => {
    const response = await request(h.app.callback()).get('/health').expect(200);
    expect((await request(h.app.callback()).get('/api/v1/health').expect(200)).text).toBe(response.text);
    expect(response.text).toBe('OK - Version 9.9.9');
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('serves the same OpenAPI 3.1 document at both paths, documenting every route and enum', async () => {
    const a = await request(h.app.callback()).get('/openapi.json').expect(200);
    const b = await request(h.app.callback()).get('/docs/openapi.json').expect(200);
    expect(a.body).toEqual(b.body);
    const document = a.body as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, { enum?: string[] }> };
    };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths).sort()).toEqual(
      [
        '/api/v1/task/parse',
        '/api/v1/task',
        '/api/v1/task/{task_id}',
        '/api/v1/task/{task_id}/parse',
        '/api/v1/task/{task_id}/cancel',
        '/api/v1/tasks',
        '/api/v1/llm/models',
        '/health',
        '/health/ready',
        '/openapi.json',
        '/files/{key}',
        '/api/v1/task/{task_id}/markdown',
        '/api/v1/task/{task_id}/html',
        // Chunkr's current API (current-api.ts)
        '/api/v1/files',
        '/api/v1/files/{file_id}',
        '/api/v1/files/{file_id}/content',
        '/api/v1/files/{file_id}/url',
        '/api/v1/file-types',
        '/api/v1/tasks/parse',
        '/api/v1/tasks/{task_id}',
        '/api/v1/tasks/{task_id}/parse',
        '/api/v1/tasks/{task_id}/cancel',
        '/api/v1/tasks/extract',
        '/api/v1/tasks/{task_id}/extract',
        '/api/v1/health',
      ].sort(),
    );
    expect(Object.keys(document.paths['/api/v1/task/{task_id}']!).sort()).toEqual(['delete', 'get']);
    expect(document.components.schemas.SegmentType?.enum).toEqual([...SEGMENT_TYPES]);
    expect(document.components.schemas.Status?.enum).toEqual([
      'Starting',
      'Processing',
      'Succeeded',
      'Failed',
      'Cancelled',
    ]);
    // Every $ref points at a defined schema.
    const refs = [...JSON.stringify(document).matchAll(/"#\/components\/schemas\/([A-Za-z]+)"/g)].map(
      (match) => match[1]!,
    );
    for (const name of new Set(refs)) expect(document.components.schemas[name], name).toBeDefined();
  });

  it('serves Swagger UI and ReDoc from local files', async () => {
    const server = request(h.app.callback());
    expect((await server.get('/swagger-ui')).headers.location).toBe('/swagger-ui/');
    const index = await server.get('/swagger-ui/').expect(200);
    expect(index.text).toContain('swagger-ui-bundle.js');
    expect(index.text).not.toMatch(/https?:\/\//);
    expect((await server.get('/swagger-ui/swagger-initializer.js').expect(200)).text).toContain("url: '/openapi.json'");
    const bundle = await server.get('/swagger-ui/swagger-ui-bundle.js').expect(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    expect((await server.get('/swagger-ui/..%2Fpackage.json')).status).toBe(404);
    const redoc = await server.get('/redoc').expect(200);
    expect(redoc.text).toContain('<redoc spec-url="/openapi.json">');
    await server.get('/redoc/redoc.standalone.js').expect(200);
  });

  it('gives the docs pages a policy that allows only this origin, and every response nosniff and a deny-all policy', async () => {
    const server = request(h.app.callback());
    for (const path of ['/swagger-ui/', '/redoc']) {
      const page = await server.get(path).expect(200);
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      const policy = String(page.headers['content-security-policy']);
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toMatch(/unsafe-eval|https?:/);
    }
    // API answers, errors included, carry the deny-all policy.
    for (const response of [
      await server.get('/health'),
      await server.get('/nope'),
      await server.get('/api/v1/tasks'),
    ]) {
      expect(response.headers['x-content-type-options'], response.text).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      );
    }
  });

  it('lists the model ids without credentials', async () => {
    const response = await request(h.app.callback()).get('/api/v1/llm/models').expect(200);
    expect(response.body).toEqual([{ id: 'model-a' }, { id: 'model-b' }]);
  });

  it('answers unknown paths with a plain-text 404', async () => {
    const response = await request(h.app.callback()).get('/nope').expect(404);
    expect(response.text).toBe('Not found');
  });
});
