import { Readable } from 'node:stream';
import { Router } from '@koa/router';
import { z } from 'zod';
import { LARGE_FILE_HINT, readJsonBody, type BodyBudget } from '../body.js';
import {
  configurationInputSchema,
  createTaskBodySchema,
  describeIssues,
  webhookRequestOf,
} from '../configuration/schema.js';
import type { GatewayContext, GatewayMiddleware, GatewayState } from '../context.js';
import { MESSAGES, badRequest } from '../http-errors.js';
import { parseFileInput } from '../tasks/file-input.js';
import { taskText, type TaskPresenter, type TaskView } from '../tasks/task-response.js';
import type { Caller, TaskService } from '../tasks/task-service.js';
import { booleanQuery } from './query-params.js';

export interface TaskRoutesOptions {
  service: TaskService;
  presenter: TaskPresenter;
  /** Runs before every task route: auth. */
  authenticate: GatewayMiddleware;
  /** Runs before create and update, after auth: the per-owner token bucket. */
  limitRate: GatewayMiddleware;
  /** Largest JSON body of create (it carries the file); an update's is the smaller of this and 1 MiB. */
  maxJsonBytes: number;
  /** JSON bodies being read across requests (JSON_BODIES_IN_FLIGHT_BYTES). */
  bodyBudget: BodyBudget;
  /** Default page size of the task list. */
  listLimit?: number;
}

/** The largest body an update may send: it only carries configuration. */
const UPDATE_BODY_BYTES = 1024 * 1024;

const timestampParam = z
  .string()
  .meta({ format: 'date-time' })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '') return null;
    const ms = Date.parse(value);
    if (Number.isNaN(ms)) ctx.addIssue({ code: 'custom', message: 'expected an ISO 8601 timestamp' });
    return ms;
  });

const INCLUDE_CHUNKS = 'Include the chunks of a succeeded task.';

/** A task with chunks, or without; links presigned or inline. */
export const taskQuerySchema = z.object({
  include_chunks: booleanQuery(true, INCLUDE_CHUNKS),
  base64_urls: booleanQuery(
    false,
    'Return images and the PDF as data URIs instead of presigned URLs, while they total at most BASE64_URLS_MAX_BYTES (32 MiB by default) per response; a task past that gets presigned URLs for all its links.',
  ),
});

/** The v1 list's query: a page number, its size, the creation time bounds and the task view. */
function listQuerySchema(defaultLimit: number) {
  return z.object({
    page: z.coerce
      .number({ error: 'expected an integer >= 1' })
      .int({ error: 'expected an integer >= 1' })
      .min(1, { error: 'expected an integer >= 1' })
      .default(1)
      .meta({ description: '1-based page.' }),
    limit: z.coerce
      .number({ error: 'expected an integer from 1 to 1000' })
      .int({ error: 'expected an integer from 1 to 1000' })
      .min(1, { error: 'expected an integer from 1 to 1000' })
      .max(1000, { error: 'expected an integer from 1 to 1000' })
      .default(defaultLimit)
      .meta({ description: 'Tasks per page.' }),
    start: timestampParam.meta({ description: 'Created at or after.' }),
    end: timestampParam.meta({ description: 'Created at or before.' }),
    // Chunks make a list heavy; a list shows them only when asked.
    include_chunks: booleanQuery(false, INCLUDE_CHUNKS),
    base64_urls: taskQuerySchema.shape.base64_urls,
  });
}

/** Page size of the v1 list when neither the request nor the options name one. */
const DEFAULT_LIST_LIMIT = 10;
/** The v1 list's query under the default page size (the API document's). */
export const defaultListQuerySchema = listQuerySchema(DEFAULT_LIST_LIMIT);

/** Parses with zod, turning the first issue into a plain-text 400. */
export function parseOr400<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(describeIssues(result.error));
  return result.data;
}

function callerOf(ctx: GatewayContext): Caller {
  return { ownerId: ctx.state.ownerId, requestId: ctx.state.requestId };
}

function plainText(ctx: GatewayContext, text: string): void {
  ctx.type = 'text/plain';
  ctx.body = text;
}

/** The `/api/v1/task...` and `/api/v1/tasks` routes (JSON create, poll, update, cancel, delete, list). */
export function taskRoutes(options: TaskRoutesOptions): Router<GatewayState> {
  const { service, presenter } = options;
  const listQuery = options.listLimit === undefined ? defaultListQuerySchema : listQuerySchema(options.listLimit);
  const router = new Router<GatewayState>({ prefix: '/api/v1' });
  const defaultView: TaskView = { includeChunks: true, base64Urls: false };

  router.post('/task/parse', options.authenticate, options.limitRate, async function createTask(ctx) {
    const body = parseOr400(
      createTaskBodySchema,
      await readJsonBody(ctx.req, options.maxJsonBytes, options.bodyBudget, LARGE_FILE_HINT),
    );
    const configuration = await service.resolveNew(body);
    const file = parseFileInput(body.file);
    const taskId = service.newTaskId();
    const state = await service.create(callerOf(ctx), taskId, file, body.file_name, configuration, {
      webhook: webhookRequestOf(body),
    });
    ctx.body = await presenter.toTask(state, defaultView);
  });

  router.get('/task/:taskId', options.authenticate, async function getTask(ctx) {
    const query = parseOr400(taskQuerySchema, ctx.query);
    const state = await service.get(callerOf(ctx), ctx.params.taskId ?? '');
    // What clients poll, with a long document's whole output: written a chunk at a time.
    const text = taskText(
      await presenter.toTaskParts(state, { includeChunks: query.include_chunks, base64Urls: query.base64_urls }),
    );
    ctx.type = 'application/json';
    ctx.body = Readable.from(text);
  });

  router.patch('/task/:taskId/parse', options.authenticate, options.limitRate, async function updateTask(ctx) {
    const input = parseOr400(
      configurationInputSchema,
      await readJsonBody(ctx.req, Math.min(UPDATE_BODY_BYTES, options.maxJsonBytes), options.bodyBudget),
    );
    const state = await service.update(callerOf(ctx), ctx.params.taskId ?? '', input);
    ctx.body = await presenter.toTask(state, defaultView);
  });

  router.get('/task/:taskId/cancel', options.authenticate, async function cancelTask(ctx) {
    await service.cancel(callerOf(ctx), ctx.params.taskId ?? '');
    plainText(ctx, MESSAGES.taskCancelled);
  });

  router.delete('/task/:taskId', options.authenticate, async function deleteTask(ctx) {
    await service.delete(callerOf(ctx), ctx.params.taskId ?? '');
    plainText(ctx, MESSAGES.taskDeleted);
  });

  router.get('/tasks', options.authenticate, async function listTasks(ctx) {
    const query = parseOr400(listQuery, ctx.query);
    const states = await service.list(callerOf(ctx), {
      page: query.page,
      limit: query.limit,
      startMs: query.start,
      endMs: query.end,
    });
    const view = { includeChunks: query.include_chunks, base64Urls: query.base64_urls };
    ctx.body = await presenter.toTasks(states, view);
  });

  return router;
}
