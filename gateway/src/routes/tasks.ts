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
import type { TaskPresenter, TaskView } from '../tasks/task-response.js';
import type { Caller, TaskService } from '../tasks/task-service.js';

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

const booleanParam = (fallback: boolean) =>
  z
    .enum(['true', 'false'], { error: 'expected true or false' })
    .optional()
    .transform((value) => (value === undefined ? fallback : value === 'true'));

const timestampParam = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '') return null;
    const ms = Date.parse(value);
    if (Number.isNaN(ms)) ctx.addIssue({ code: 'custom', message: 'expected an ISO 8601 timestamp' });
    return ms;
  });

const taskQuerySchema = z.object({ include_chunks: booleanParam(true), base64_urls: booleanParam(false) });

function listQuerySchema(defaultLimit: number) {
  return z.object({
    page: z.coerce
      .number({ error: 'expected an integer >= 1' })
      .int({ error: 'expected an integer >= 1' })
      .min(1, { error: 'expected an integer >= 1' })
      .default(1),
    limit: z.coerce
      .number({ error: 'expected an integer from 1 to 1000' })
      .int({ error: 'expected an integer from 1 to 1000' })
      .min(1, { error: 'expected an integer from 1 to 1000' })
      .max(1000, { error: 'expected an integer from 1 to 1000' })
      .default(defaultLimit),
    start: timestampParam,
    end: timestampParam,
    // Chunks make a list heavy; a list shows them only when asked.
    include_chunks: booleanParam(false),
    base64_urls: booleanParam(false),
  });
}

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
  const listQuery = listQuerySchema(options.listLimit ?? 10);
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
    ctx.body = await presenter.toTask(state, { includeChunks: query.include_chunks, base64Urls: query.base64_urls });
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
