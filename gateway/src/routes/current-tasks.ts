import { Readable } from 'node:stream';
import { ObjectNotFoundError, getJson, type ObjectStore } from '@folio/runtime';
import { TASK_STATUSES, type ExtractionOutput, type TaskState, type TaskStatus } from '@folio/workflows/contracts';
import { Router } from '@koa/router';
import { z } from 'zod';
import { readJsonBody, type BodyBudget } from '../body.js';
import type { GatewayContext, GatewayMiddleware, GatewayState } from '../context.js';
import { pageQueryFields } from '../current-api/cursor.js';
import { webhookRequestOf } from '../configuration/schema.js';
import { extractCreateBodySchema, parseTaskIdOf } from '../current-api/extract-request.js';
import { parseCreateBodySchema } from '../current-api/parse-request.js';
import { readTaskPages } from '../current-api/task-pages.js';
import {
  noteSheetNames,
  toCurrentChunk,
  toCurrentTask,
  withSheetNames,
  type CurrentChunk,
  type CurrentParseOutput,
  type CurrentTask,
} from '../current-api/task-response.js';
import { MESSAGES, badRequest } from '../http-errors.js';
import { parseFileInput } from '../tasks/file-input.js';
import { chunkedJsonText, type ApiTask, type TaskPresenter, type TaskView } from '../tasks/task-response.js';
import type { Caller, TaskService } from '../tasks/task-service.js';
import { booleanQuery } from './query-params.js';
import { parseOr400 } from './tasks.js';

export interface CurrentTaskRoutesOptions {
  service: TaskService;
  presenter: TaskPresenter;
  store: ObjectStore;
  authenticate: GatewayMiddleware;
  limitRate: GatewayMiddleware;
  /** Largest JSON body of a create (it may carry the file as base64). */
  maxJsonBytes: number;
  /** JSON bodies being read across requests (JSON_BODIES_IN_FLIGHT_BYTES). */
  bodyBudget: BodyBudget;
  /** Base of `task_url`. */
  publicUrl: string;
  presignExpiresSec: number;
  /** The server version `version_info` reports. */
  version: string;
}

/** Where a file too large for a JSON body goes in this API. */
const UPLOAD_HINT = '; upload larger files with POST /api/v1/files and pass ch://files/{file_id}';

/** A list filter sent as `a,b` (the SDK's comma format) or as repeated parameters. */
function listParam<const T extends readonly [string, ...string[]]>(values: T, what: string) {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value, ctx): T[number][] | null => {
      if (value === undefined) return null;
      const items = (Array.isArray(value) ? value : [value])
        .flatMap((part) => part.split(','))
        .filter((part) => part !== '');
      const known = new Set<string>(values);
      const bad = items.find((item) => !known.has(item));
      if (bad !== undefined)
        ctx.addIssue({ code: 'custom', message: `expected a comma-separated list of ${values.join(', ')}` });
      return items.filter((item): item is T[number] => known.has(item));
    })
    .meta({ description: `Comma-separated ${what} (${values.join(', ')}), or the parameter repeated.` });
}

const INCLUDE_CHUNKS = 'Include the chunks and pages of a succeeded task.';
const BASE64_URLS = 'Images and the PDF as data URIs (within BASE64_URLS_MAX_BYTES); page images stay presigned.';

/** The query of a task read. */
export const viewQuerySchema = z.object({
  include_chunks: booleanQuery(true, INCLUDE_CHUNKS),
  base64_urls: booleanQuery(false, BASE64_URLS),
});
/** The query of the current API's task list (a cursor page). */
export const listQuerySchema = z.object({
  ...pageQueryFields,
  include_chunks: booleanQuery(false, INCLUDE_CHUNKS),
  base64_urls: booleanQuery(false, BASE64_URLS),
  statuses: listParam(TASK_STATUSES, 'statuses'),
  task_types: listParam(['Parse', 'Extract'] as const, 'task types'),
});

/** Query parameters only the current API's task list has. */
const CURRENT_LIST_PARAMS = ['cursor', 'sort', 'statuses', 'task_types'] as const;

/**
 * `GET /api/v1/tasks` serves two contracts: v1's page-numbered JSON array
 * (docs/behavior.md#2-routes) and the current API's cursor page. A request is the current API's when it uses one of its parameters or
 * comes from the generated SDK, which names its language in `X-Stainless-Lang` on every call.
 */
export function isCurrentListRequest(ctx: GatewayContext): boolean {
  return CURRENT_LIST_PARAMS.some((name) => ctx.query[name] !== undefined) || ctx.get('x-stainless-lang') !== '';
}

function callerOf(ctx: GatewayContext): Caller {
  return { ownerId: ctx.state.ownerId, requestId: ctx.state.requestId };
}

/** The task type of the current API: extract tasks carry their extraction. */
function taskTypeOf(state: TaskState): 'Parse' | 'Extract' {
  return state.extraction === undefined ? 'Parse' : 'Extract';
}

/** A succeeded extract task's stored result; null otherwise, or when it is gone (deleted meanwhile). */
async function readExtraction(store: ObjectStore, state: TaskState): Promise<ExtractionOutput | null> {
  if (state.status !== 'Succeeded' || state.extractionKey === undefined || state.extractionKey === null) return null;
  try {
    return await getJson<ExtractionOutput>(store, state.extractionKey);
  } catch (error) {
    if (error instanceof ObjectNotFoundError) return null;
    throw error;
  }
}

function plainText(ctx: GatewayContext, text: string): void {
  ctx.type = 'text/plain';
  ctx.body = text;
}

/**
 * The Tasks API of the current SDK: `POST /api/v1/tasks/parse`, `POST /api/v1/tasks/extract`,
 * `GET /api/v1/tasks/{id}[/parse|/extract]`,
 * `GET /api/v1/tasks` (cursor pages), `DELETE /api/v1/tasks/{id}`, `GET /api/v1/tasks/{id}/cancel`.
 * Same service, workflow and rules as v1; only the request and response shapes differ, so a task
 * made through either API reads through both. Must be mounted before the v1 routes: the shared
 * list path falls through to v1 unless the request is the current API's.
 */
export function currentTaskRoutes(options: CurrentTaskRoutesOptions): Router<GatewayState> {
  const { service, presenter, store } = options;
  const router = new Router<GatewayState>({ prefix: '/api/v1' });

  /** One task of the presenter's in the current API's shape. */
  async function toCurrent(task: ApiTask, state: TaskState, view: TaskView): Promise<CurrentTask> {
    // An extract task's output is its extraction; a parse task's has the pages.
    const isParse = state.extraction === undefined;
    const pages = isParse && view.includeChunks ? await readTaskPages(store, state, options.presignExpiresSec) : [];
    const extraction = isParse ? null : await readExtraction(store, state);
    return toCurrentTask({
      task,
      state,
      pages,
      extraction,
      publicUrl: options.publicUrl,
      serverVersion: options.version,
    });
  }

  async function present(states: readonly TaskState[], view: TaskView): Promise<CurrentTask[]> {
    // The current API's segments carry the spreadsheet fields; v1's keep the spec's shape.
    const tasks = await presenter.toTasks(states, { ...view, currentFields: true });
    return Promise.all(
      tasks.map(async (task, index) => {
        const state = states[index] ?? states[0];
        if (state === undefined || state.taskId !== task.task_id) throw new Error('presenter answered out of order');
        return toCurrent(task, state, view);
      }),
    );
  }

  async function presentOne(state: TaskState, view: TaskView): Promise<CurrentTask> {
    const [task] = await present([state], view);
    if (task === undefined) throw new Error('presenter answered nothing');
    return task;
  }

  router.post('/tasks/parse', options.authenticate, options.limitRate, async function createParseTask(ctx) {
    const body = parseOr400(
      parseCreateBodySchema,
      await readJsonBody(ctx.req, options.maxJsonBytes, options.bodyBudget, UPLOAD_HINT),
    );
    const configuration = await service.resolveNew(body, 'current');
    const file = parseFileInput(body.file);
    const state = await service.create(callerOf(ctx), service.newTaskId(), file, body.file_name, configuration, {
      webhook: webhookRequestOf(body),
    });
    ctx.body = await presentOne(state, { includeChunks: true, base64Urls: false });
  });

  /**
   * An extract task: parse (the file, or the input and settings of the caller's parse task named
   * by `file`), then extraction against `schema` (the same workflow; the run's last step).
   */
  router.post('/tasks/extract', options.authenticate, options.limitRate, async function createExtractTask(ctx) {
    const body = parseOr400(
      extractCreateBodySchema,
      await readJsonBody(ctx.req, options.maxJsonBytes, options.bodyBudget, UPLOAD_HINT),
    );
    const taskId = service.newTaskId();
    const parseTaskId = parseTaskIdOf(body.file);
    const extraction = { schema: body.schema, system_prompt: body.system_prompt ?? null, parse_task_id: parseTaskId };
    let state: TaskState;
    if (parseTaskId !== null) {
      if (body.parse_configuration !== undefined)
        throw badRequest('parse_configuration cannot be used when file is a task_id');
      if (body.file_name !== undefined) throw badRequest('file_name cannot be used when file is a task_id');
      const source = await service.copyParseTaskInput(callerOf(ctx), parseTaskId, taskId);
      // The parse task's settings; only the expiry is this task's own.
      const configuration = { ...source.configuration, expires_in: body.expires_in ?? source.configuration.expires_in };
      state = await service.createFromStored(callerOf(ctx), taskId, source.input, configuration, {
        extraction,
        webhook: webhookRequestOf(body),
      });
    } else {
      const configuration = await service.resolveNew(
        { ...body.parse_configuration, ...(body.expires_in === undefined ? {} : { expires_in: body.expires_in }) },
        'current',
      );
      state = await service.create(callerOf(ctx), taskId, parseFileInput(body.file), body.file_name, configuration, {
        extraction,
        webhook: webhookRequestOf(body),
      });
    }
    ctx.body = await presentOne(state, { includeChunks: true, base64Urls: false });
  });

  /**
   * `presentOne`'s JSON text; a parse task's chunks are written one at a time, each presented when
   * it is read, so a long document's output is never held whole.
   */
  async function presentText(state: TaskState, view: TaskView): Promise<Iterable<string> | AsyncIterable<string>> {
    const parts = await presenter.toTaskParts(state, { ...view, currentFields: true });
    const task = await toCurrent(parts.task, state, view);
    if (task.task_type !== 'Parse' || task.output === null) return [JSON.stringify(task)];
    // A parse task's output is its last field, and its chunks the output's first.
    const { output, ...head } = task as CurrentTask & { output: CurrentParseOutput };
    const names = new Map<number, string>();
    async function* chunks(): AsyncGenerator<CurrentChunk> {
      for await (const chunk of parts.chunks) {
        const current = toCurrentChunk(chunk);
        noteSheetNames(names, current);
        yield current;
      }
    }
    return chunkedJsonText(head, 'output', chunks(), () => {
      const rest: Partial<CurrentParseOutput> = { ...output, pages: withSheetNames(output.pages, names) };
      delete rest.chunks;
      return rest;
    });
  }

  async function getTask(ctx: GatewayContext, taskId: string): Promise<void> {
    const query = parseOr400(viewQuerySchema, ctx.query);
    const state = await service.get(callerOf(ctx), taskId);
    const text = await presentText(state, { includeChunks: query.include_chunks, base64Urls: query.base64_urls });
    ctx.type = 'application/json';
    ctx.body = Readable.from(text);
  }
  router.get('/tasks/:taskId/parse', options.authenticate, async function getParseTask(ctx) {
    await getTask(ctx, ctx.params.taskId ?? '');
  });
  // Either path answers the task in its own shape (`task_type` tells which).
  router.get('/tasks/:taskId/extract', options.authenticate, async function getExtractTask(ctx) {
    await getTask(ctx, ctx.params.taskId ?? '');
  });
  router.get('/tasks/:taskId', options.authenticate, async function getCurrentTask(ctx) {
    await getTask(ctx, ctx.params.taskId ?? '');
  });

  async function listTasks(ctx: GatewayContext): Promise<void> {
    const query = parseOr400(listQuerySchema, ctx.query);
    const statuses = query.statuses === null ? null : new Set<TaskStatus>(query.statuses);
    const page = await service.listPage(callerOf(ctx), {
      cursor: query.cursor,
      limit: query.limit,
      sort: query.sort,
      startMs: query.start,
      endMs: query.end,
      keep: (state) =>
        (statuses === null || statuses.has(state.status)) &&
        (query.task_types === null || query.task_types.includes(taskTypeOf(state))),
    });
    const tasks = await present(page.items, { includeChunks: query.include_chunks, base64Urls: query.base64_urls });
    ctx.body = { tasks, has_more: page.hasMore, next_cursor: page.nextCursor };
  }
  // One path, two contracts: anything that is not the current API's request goes on to v1's list.
  router.get('/tasks', async function listCurrentTasks(ctx, next) {
    if (!isCurrentListRequest(ctx)) {
      await next();
      return;
    }
    await options.authenticate(ctx, () => listTasks(ctx));
  });

  router.delete('/tasks/:taskId', options.authenticate, async function deleteCurrentTask(ctx) {
    await service.delete(callerOf(ctx), ctx.params.taskId ?? '');
    plainText(ctx, MESSAGES.taskDeleted);
  });

  router.get('/tasks/:taskId/cancel', options.authenticate, async function cancelCurrentTask(ctx) {
    await service.cancel(callerOf(ctx), ctx.params.taskId ?? '');
    plainText(ctx, MESSAGES.taskCancelled);
  });

  return router;
}
