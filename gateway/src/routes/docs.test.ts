import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_LIMITS, FINE_SEGMENT_TYPES, SEGMENT_TYPES } from '@folio/workflows/contracts';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { Router } from '@koa/router';
import { EXTRACT_LIMITS } from '../current-api/extract-request.js';
import { createHarness, type Harness } from '../testing/harness.js';

interface OpenApiOperation {
  operationId: string;
  parameters?: { name: string; in: string }[];
  responses: Record<string, unknown>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, { enum?: string[] }> };
}

/** Routes served on purpose without a place in the API document: metrics, the docs themselves, the viewer. */
const UNDOCUMENTED = [
  /^GET \/metrics$/,
  /^GET \/docs\/openapi\.json$/,
  /^GET \/swagger-ui/,
  /^GET \/redoc/,
  / \/viewer\//,
];

/** A path with its parameters blanked: `/api/v1/task/:taskId` and `/api/v1/task/{task_id}` match. */
function shapeOf(path: string): string {
  return path.replace(/:[A-Za-z_]+/g, '{}').replace(/\{[^}]+\}/g, '{}');
}

/** `METHOD /path` of every route of the routers the app mounts (HEAD is GET's). */
function servedRoutes(app: Harness['app']): string[] {
  const routers = app.middleware
    .map((middleware) => (middleware as { router?: Router }).router)
    .filter((router): router is Router => router !== undefined);
  const routes = routers.flatMap((router) =>
    router.stack.flatMap((layer) =>
      layer.methods.filter((method) => method !== 'HEAD').map((method) => `${method} ${shapeOf(layer.path)}`),
    ),
  );
  return [...new Set(routes)].sort();
}

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
    const document = a.body as OpenApiDocument;
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
    // The current API shows the finer types (a page number as PageNumber); v1 keeps the 12.
    expect(document.components.schemas.CurrentSegmentType?.enum).toEqual([...SEGMENT_TYPES, ...FINE_SEGMENT_TYPES]);
    expect(JSON.stringify(document.components.schemas.CurrentSegment)).toContain(
      '#/components/schemas/CurrentOCRResult',
    );
    // Every 429 names the JSON body budget's refusal beside the rate limit and quotas.
    const tooMany = Object.values(document.paths)
      .flatMap((methods) => Object.values(methods) as { responses?: Record<string, { description: string }> }[])
      .flatMap((operation) => (operation.responses?.['429'] === undefined ? [] : [operation.responses['429']]));
    expect(tooMany.length).toBeGreaterThan(0);
    for (const answer of tooMany) expect(answer.description).toContain('Server busy');
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
    expect(refs.length).toBeGreaterThan(50);
    for (const name of new Set(refs)) expect(document.components.schemas[name], name).toBeDefined();
  });

  it('serves a document the OpenAPI 3.1 schema validates, with unique operation ids and every path id declared', async () => {
    const document = (await request(h.app.callback()).get('/openapi.json').expect(200)).body as OpenApiDocument;
    const result = await new Validator().validate(document as unknown as Record<string, unknown>);
    expect(result.errors ?? [], JSON.stringify(result.errors ?? null).slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
    // The validator is live: the same document with one malformed operation is refused.
    const broken = structuredClone(document) as unknown as { paths: Record<string, Record<string, unknown>> };
    broken.paths['/health']!.get = { responses: { '200': { content: 'text' } } };
    expect((await new Validator().validate(broken as unknown as Record<string, unknown>)).valid).toBe(false);
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    for (const { path, method, operation } of operations) {
      const declared = (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'path')
        .map((parameter) => parameter.name);
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      expect(declared.sort(), `${method} ${path}`).toEqual(inPath.sort());
      expect(Object.keys(operation.responses).length, `${method} ${path}`).toBeGreaterThan(0);
    }
  });

  it('documents exactly the routes the app serves, and each route only the methods it answers', async () => {
    const document = (await request(h.app.callback()).get('/openapi.json').expect(200)).body as OpenApiDocument;
    // `/files/{key}` is a middleware ahead of the routers (signed URLs), not a router's route.
    const documented = Object.entries(document.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${shapeOf(path)}`))
      .filter((route) => route !== 'GET /files/{}')
      .sort();
    expect(documented).toEqual(
      servedRoutes(h.app).filter((route) => !UNDOCUMENTED.some((pattern) => pattern.test(route))),
    );
  });

  it('documents the bounds the validation enforces, from the same schemas', async () => {
    const document = (await request(h.app.callback()).get('/openapi.json').expect(200)).body as OpenApiDocument;
    const schemas = document.components.schemas as Record<
      string,
      { properties: Record<string, Record<string, unknown>> }
    >;
    const bounds = (schema: Record<string, unknown> | undefined) =>
      ((schema?.anyOf as Record<string, unknown>[] | undefined) ?? [schema]).find(
        (alternative) => alternative?.type !== 'null',
      );
    expect(bounds(schemas.LlmProcessingInput?.properties.temperature)).toMatchObject({
      minimum: 0,
      maximum: CONFIG_LIMITS.temperature,
    });
    expect(bounds(schemas.ChunkProcessingInput?.properties.target_length)).toMatchObject({
      maximum: CONFIG_LIMITS.targetLength,
    });
    expect(bounds(schemas.ConfigurationInput?.properties.expires_in)).toMatchObject({
      minimum: 1,
      maximum: CONFIG_LIMITS.expiresInSec,
    });
    expect(bounds(schemas.GenerationConfigInput?.properties.llm)).toMatchObject({
      maxLength: CONFIG_LIMITS.promptChars,
    });
    expect(bounds(schemas.CreateExtractRequest?.properties.system_prompt)).toMatchObject({
      maxLength: EXTRACT_LIMITS.systemPromptChars,
    });
    expect(schemas.CreateTaskRequest?.properties.webhook_url).toBeDefined();
    // Defaults come from resolve.ts, the one place that applies them.
    expect(schemas.ConfigurationInput?.properties.ocr_strategy?.default).toBe('All');
    expect(schemas.ChunkProcessingInput?.properties.target_length?.default).toBe(512);
    // The current API's spreadsheet fields.
    expect(Object.keys(schemas.CurrentSegment?.properties ?? {})).toEqual(
      expect.arrayContaining(['ss_cells', 'ss_range', 'ss_sheet_name', 'ss_header_range', 'ss_header_text']),
    );
    expect(Object.keys(schemas.CurrentSegment?.properties ?? {})).toEqual(
      expect.arrayContaining(['ss_header_bbox', 'ss_header_ocr']),
    );
    expect(Object.keys(schemas.Page?.properties ?? {})).toContain('ss_sheet_name');
    expect(schemas.SheetCell?.properties.style).toBeDefined();
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
