// Property-based fuzzing of the HTTP API from its own /openapi.json: fast-check builds requests for
// every documented operation (path ids, query values, JSON and multipart bodies, credentials) from
// the operation's schemas, valid and just-invalid; each answer must not be a 5xx, must carry one of
// the operation's documented status codes, must match the documented JSON schema when it is a 200,
// and another owner's task must stay a 404.
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, inject, test } from 'vitest';
import { makeReport } from '../src/fixtures.js';
import { createRaw, dataUri, runCase, settle } from './chaos-case.js';
import {
  arbitraryFor,
  junk,
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiOperation,
} from './openapi-arbitraries.js';
import type { TrackedTask } from './report.js';

/** One generated request. */
interface FuzzRequest {
  method: string;
  /** The documented path template, for the documented responses. */
  template: string;
  path: string;
  authorization: string | null;
  /** JSON text, a form, or nothing. */
  body:
    | { kind: 'json'; text: string }
    | { kind: 'form'; form: [string, string | { bytes: Uint8Array; name: string }][] }
    | null;
  /** The id put in the path belongs to another owner: the answer must be 404. */
  foreignTask: boolean;
}

/** The `file` values a create may carry: mostly refused at the edge or early, rarely a real page. */
function fileValues(smallPdf: string): fc.Arbitrary<unknown> {
  return fc.oneof(
    {
      arbitrary: fc.constantFrom(
        'data:application/pdf;base64,@@@',
        'bm90IGEgZG9jdW1lbnQ=',
        '',
        'ftp://example.com/a.pdf',
        'http://[::1',
        'file:///etc/passwd',
      ),
      weight: 6,
    },
    {
      arbitrary: fc.constantFrom('http://127.0.0.1:9/private.pdf', 'http://169.254.169.254/latest/meta-data'),
      weight: 1,
    },
    { arbitrary: junk, weight: 2 },
    { arbitrary: fc.constant(smallPdf), weight: 1 },
  );
}

function requestFor(
  document: OpenApiDocument,
  template: string,
  method: string,
  operation: OpenApiOperation,
  context: { key: string; ownTask: string; foreignTask: string; smallPdf: string },
): fc.Arbitrary<FuzzRequest> {
  const ids = fc.oneof(
    { arbitrary: fc.constantFrom(context.ownTask, context.foreignTask), weight: 4 },
    { arbitrary: fc.uuid(), weight: 2 },
    { arbitrary: fc.string({ minLength: 1, maxLength: 30 }), weight: 2 },
    { arbitrary: fc.constantFrom('..', '%2e%2e%2fauth', 'a/b', ' ', 'x'.repeat(2000)), weight: 1 },
  );
  const query = fc.record(
    Object.fromEntries(
      (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => [parameter.name, fc.option(arbitraryFor(document, parameter.schema), { nil: undefined })]),
    ),
  );
  const authorization = fc.oneof(
    { arbitrary: fc.constant(context.key), weight: 8 },
    { arbitrary: fc.constant(`Bearer ${context.key}`), weight: 2 },
    { arbitrary: fc.constantFrom(null, '', 'Bearer', 'Bearer x.y.z', 'Basic dXNlcjpwYXNz'), weight: 1 },
    { arbitrary: fc.string({ maxLength: 60 }), weight: 1 },
  );
  const jsonSchema = operation.requestBody?.content['application/json']?.schema;
  const formSchema = operation.requestBody?.content['multipart/form-data']?.schema;
  let body: fc.Arbitrary<FuzzRequest['body']> = fc.constant(null);
  if (jsonSchema) {
    const value = arbitraryFor(document, jsonSchema).chain((generated) =>
      generated !== null && typeof generated === 'object' && !Array.isArray(generated) && 'file' in generated
        ? fileValues(context.smallPdf).map((file) => ({ ...generated, file }))
        : fc.constant(generated),
    );
    body = fc.oneof(
      {
        arbitrary: value.map((generated) => ({ kind: 'json' as const, text: JSON.stringify(generated) ?? 'null' })),
        weight: 9,
      },
      {
        arbitrary: fc
          .constantFrom('{', '{"file":', 'nul', '', '\u0000')
          .map((text) => ({ kind: 'json' as const, text })),
        weight: 1,
      },
    );
  } else if (formSchema) {
    const resolvedForm = formSchema.$ref
      ? document.components.schemas[formSchema.$ref.replace('#/components/schemas/', '')]!
      : formSchema;
    const fields = Object.entries(resolvedForm.properties ?? {}).filter(([name]) => name !== 'file');
    body = fc
      .tuple(
        fc.record(
          Object.fromEntries(
            fields.map(([name, schema]) => [name, fc.option(arbitraryFor(document, schema), { nil: undefined })]),
          ),
        ),
        fc.option(
          fc.record({
            bytes: fc.oneof(fc.uint8Array({ maxLength: 64 }), fc.constant(new Uint8Array(makeReport(1)))),
            name: fc.oneof(fc.constantFrom('a.pdf', '', 'x'.repeat(300), '../../a.pdf'), fc.string({ maxLength: 20 })),
          }),
          { nil: undefined, freq: 4 },
        ),
      )
      .map(([values, file]) => ({
        kind: 'form' as const,
        form: [
          ...Object.entries(values)
            .filter(([, value]) => value !== undefined)
            .map(([name, value]): [string, string] => [name, JSON.stringify(value)]),
          ...(file ? [['file', file] as [string, { bytes: Uint8Array; name: string }]] : []),
        ],
      }));
  }
  return fc
    .record({ id: ids, key: fc.string({ minLength: 1, maxLength: 40 }), query, authorization, body })
    .map(({ id, key, query: values, authorization: auth, body: payload }) => {
      const path = template.replace('{task_id}', encodeURIComponent(id)).replace('{key}', encodeURIComponent(key));
      const search = new URLSearchParams(
        Object.entries(values)
          .filter(([, value]) => value !== undefined)
          .map(([name, value]): [string, string] => [name, typeof value === 'string' ? value : JSON.stringify(value)]),
      ).toString();
      return {
        method: method.toUpperCase(),
        template,
        path: search ? `${path}?${search}` : path,
        authorization: auth,
        body: payload,
        foreignTask:
          template.includes('{task_id}') &&
          id === context.foreignTask &&
          (auth === context.key || auth === `Bearer ${context.key}`),
      };
    });
}

async function send(
  baseUrl: string,
  request: FuzzRequest,
): Promise<{ status: number; contentType: string; text: string }> {
  const headers: Record<string, string> = {};
  if (request.authorization !== null) headers.authorization = request.authorization;
  let body: string | FormData | undefined;
  if (request.body?.kind === 'json') {
    headers['content-type'] = 'application/json';
    body = request.body.text;
  } else if (request.body?.kind === 'form') {
    const form = new FormData();
    for (const [name, value] of request.body.form) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, new Blob([value.bytes]), value.name);
    }
    body = form;
  }
  const response = await fetch(`${baseUrl}${request.path}`, {
    method: request.method,
    headers,
    body,
    redirect: 'manual',
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text: await response.text(),
  };
}

/** An id no task has: another owner's task must be answered exactly like it. */
const MISSING_TASK_ID = '00000000-0000-4000-8000-000000000000';

const set = inject('chaosSet');

describe('API fuzzing against /openapi.json', () => {
  test.runIf(set === 'full')(
    'no 5xx, only documented statuses, 200 bodies match the schema, another owner’s task is 404',
    async () => {
      const baseUrl = inject('baseUrl');
      const key = inject('chaosKeys')['chaos-fuzz'];
      // The served document is OpenAPI 3.1; the fuzzer reads only the parts OpenApiDocument names.
      const document = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as OpenApiDocument;
      const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
      ajv.addSchema({ $id: 'folio', components: document.components });
      const validators = new Map<string, ReturnType<typeof ajv.compile>>();
      const validatorFor = (schema: JsonSchema): ReturnType<typeof ajv.compile> => {
        const text = JSON.stringify(schema).replaceAll('"#/components/', '"folio#/components/');
        let validator = validators.get(text);
        if (!validator) {
          // A JSON Schema object, re-read after its references were pointed at the registered document.
          validator = ajv.compile(JSON.parse(text) as object);
          validators.set(text, validator);
        }
        return validator;
      };

      const smallPdf = dataUri(makeReport(1));
      // A task of the fuzzing owner (ended, so PATCH may rerun it) and one of another owner.
      const own = await createRaw({ file: smallPdf, ocr_strategy: 'Auto' }, key);
      const foreign = await createRaw({ file: smallPdf, ocr_strategy: 'Auto' }, inject('chaosKeys')['chaos-main']);
      if (!own.task || !foreign.task) throw new Error(`fixture tasks not created: ${own.status} ${foreign.status}`);
      await settle(own.task.task_id, key, 120_000);
      const context = { key, ownTask: own.task.task_id, foreignTask: foreign.task.task_id, smallPdf };

      const operations = Object.entries(document.paths).flatMap(([template, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ template, method, operation })),
      );
      const requests = fc.oneof(
        ...operations.map(({ template, method, operation }) =>
          requestFor(document, template, method, operation, context),
        ),
      );

      const tasks: TrackedTask[] = [
        { taskId: own.task.task_id, key },
        { taskId: foreign.task.task_id, key: inject('chaosKeys')['chaos-main'] },
      ];
      let sent = 0;
      let serverErrors = 0;
      const statuses = new Map<number, number>();
      const result = await runCase('fuzz', 'openapi.json operations', async () => {
        try {
          await fc.assert(
            fc.asyncProperty(requests, async (request) => {
              // Requests are generated from this very path and method.
              const operation = document.paths[request.template]![request.method.toLowerCase()]!;
              const response = await send(baseUrl, request);
              sent += 1;
              statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
              if (response.status >= 500) serverErrors += 1;
              const what = `${request.method} ${request.path.slice(0, 120)} -> ${response.status} ${response.text.slice(0, 120)}`;
              if (response.status >= 500) throw new Error(`5xx: ${what}`);
              if (request.method === 'DELETE' && response.status === 200) {
                // Deleted on purpose: the teardown expects it gone.
                for (const task of tasks) if (request.path.includes(task.taskId)) task.deleted = true;
              }
              const documented = operation.responses[String(response.status)];
              if (!documented) throw new Error(`undocumented status: ${what}`);
              if (request.foreignTask && response.status !== 429) {
                // Another owner's task must answer exactly as a task that does not exist.
                const twin = await send(baseUrl, {
                  ...request,
                  path: request.path.replace(context.foreignTask, MISSING_TASK_ID),
                });
                if (twin.status !== 429 && (twin.status !== response.status || twin.text !== response.text))
                  throw new Error(`another owner's task answered unlike a missing one (${twin.status}): ${what}`);
              }
              if (
                response.status === 200 &&
                (request.template === '/api/v1/task/parse' ||
                  request.template.endsWith('/parse') ||
                  request.template === '/api/v1/task')
              ) {
                // A 200 of create or update is a Task (checked against the schema below).
                const created = JSON.parse(response.text) as { task_id?: string };
                if (created.task_id && !tasks.some((task) => task.taskId === created.task_id))
                  tasks.push({ taskId: created.task_id, key });
              }
              const schema = documented.content?.['application/json']?.schema;
              if (response.status === 200 && schema && response.contentType.includes('json')) {
                const validate = validatorFor(schema);
                if (!validate(JSON.parse(response.text)))
                  throw new Error(`body disagrees with the schema (${ajv.errorsText(validate.errors)}): ${what}`);
              }
              if (
                response.status >= 400 &&
                request.template.startsWith('/api/') &&
                !response.contentType.startsWith('text/plain')
              )
                throw new Error(`error body is ${response.contentType}, not plain text: ${what}`);
            }),
            { numRuns: 400, seed: 1717, endOnFailure: true },
          );
          const summary = [...statuses]
            .sort(([a], [b]) => a - b)
            .map(([status, count]) => `${status} x${count}`)
            .join(', ');
          return {
            outcome: `${sent} requests, ${operations.length} operations: ${summary}`,
            ok: true,
            tasks,
            serverErrors,
          };
        } catch (error) {
          // fast-check reports the (shrunk) counterexample; what the check threw is its cause.
          const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : null;
          const message = cause ?? (error instanceof Error ? error.message : String(error));
          return { outcome: message.slice(0, 300), ok: false, tasks, serverErrors };
        }
      });
      expect(result.ok, result.outcome).toBe(true);
    },
    20 * 60_000,
  );
});
