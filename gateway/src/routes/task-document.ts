import { Router } from '@koa/router';
import type { GatewayContext, GatewayMiddleware, GatewayState } from '../context.js';
import { MESSAGES, badRequest } from '../http-errors.js';
import type { DocumentFormat, TaskPresenter } from '../tasks/task-response.js';
import type { TaskService } from '../tasks/task-service.js';

export interface TaskDocumentRoutesOptions {
  service: TaskService;
  presenter: TaskPresenter;
  /** Runs before every route: auth. */
  authenticate: GatewayMiddleware;
}

/**
 * The HTML document is the segments' own markup from the chunk stage (Auto rules escape the text,
 * model answers are allow-listed there): still, it runs nothing, loads only images, and is a
 * sandboxed page of its own, not of this origin.
 */
const DOCUMENT_CSP = [
  "default-src 'none'",
  'img-src * data:',
  "style-src 'unsafe-inline'",
  'sandbox',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const CONTENT_TYPES: Record<DocumentFormat, string> = {
  markdown: 'text/markdown; charset=utf-8',
  html: 'text/html; charset=utf-8',
};

/**
 * `GET /api/v1/task/{task_id}/markdown` and `/html` (beyond the spec; the Task JSON is unchanged):
 * the whole document of a succeeded task, owner-scoped like the task route (another owner's task
 * is 404 `Task not found`); a task without output is 400 naming its status.
 */
export function taskDocumentRoutes(options: TaskDocumentRoutesOptions): Router<GatewayState> {
  const router = new Router<GatewayState>({ prefix: '/api/v1' });

  async function answer(ctx: GatewayContext, taskId: string, format: DocumentFormat): Promise<void> {
    const caller = { ownerId: ctx.state.ownerId, requestId: ctx.state.requestId };
    const state = await options.service.get(caller, taskId);
    const document = await options.presenter.toDocument(state, format);
    if (document === null) throw badRequest(MESSAGES.noOutput(state.status));
    if (format === 'html') ctx.set('Content-Security-Policy', DOCUMENT_CSP);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = CONTENT_TYPES[format];
    ctx.body = document;
  }

  router.get('/task/:taskId/markdown', options.authenticate, async function getTaskMarkdown(ctx) {
    await answer(ctx, ctx.params.taskId ?? '', 'markdown');
  });
  router.get('/task/:taskId/html', options.authenticate, async function getTaskHtml(ctx) {
    await answer(ctx, ctx.params.taskId ?? '', 'html');
  });
  return router;
}
