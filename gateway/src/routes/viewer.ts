import { createSignedUrl, isValidSignature, type ObjectStore } from '@folio/runtime';
import type { TaskState } from '@folio/workflows/contracts';
import { Router } from '@koa/router';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { GatewayContext, GatewayMiddleware, GatewayState } from '../context.js';
import { pagesRunPrefix, readRenderedPage } from '../current-api/task-pages.js';
import { ApiError } from '../http-errors.js';
import type { TaskPresenter } from '../tasks/task-response.js';
import type { Caller, TaskService } from '../tasks/task-service.js';
import type { TaskWorkflows } from '../tasks/task-workflows.js';
import { contentTypeOfKey, sendStoredObject } from './files.js';
import { parseOr400 } from './tasks.js';

/**
 * The viewer page: its script and stylesheet from this origin only (no inline script or style;
 * boxes are placed through the CSSOM, which style-src does not govern), page images as blob: URLs
 * made from authenticated fetches, calls to this origin only, and Trusted Types enforced (the
 * script builds every node with createElement and textContent, never from HTML strings).
 */
export const VIEWER_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob:",
  "connect-src 'self'",
  "require-trusted-types-for 'script'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Lifetime of a signed viewer link unless the request names one, and the longest it may ask for. */
export const VIEWER_LINK_DEFAULT_SEC = 15 * 60;
export const VIEWER_LINK_MAX_SEC = 24 * 60 * 60;

/** The browser assets, read once: `gateway/viewer/` beside `src/` and `dist/`. */
const ASSETS_DIR = new URL('../../viewer/', import.meta.url);
const ASSET_TYPES: Record<string, string> = {
  'viewer.js': 'application/javascript',
  'viewer.css': 'text/css',
  'favicon.svg': 'image/svg+xml',
};

/**
 * What a viewer link signs: the page's path. It starts with `/`, which no storage key may, so a
 * viewer signature can never open a file through `/files/...` (same secret, same HMAC).
 */
function linkSubject(taskId: string): string {
  return `/viewer/${taskId}`;
}

/**
 * The signature of a viewer link, made by the storage driver's URL signing (`createSignedUrl`):
 * the HMAC is taken from the URL it builds, so both kinds of link share one scheme and one check.
 */
function signLink(secret: string, taskId: string, expiresAtSec: number): string {
  const signed = new URL(createSignedUrl('http://viewer.invalid', secret, linkSubject(taskId), expiresAtSec));
  const signature = signed.searchParams.get('signature');
  if (signature === null) throw new Error('createSignedUrl made a URL without a signature');
  return signature;
}

export interface ViewerRoutesOptions {
  service: TaskService;
  presenter: TaskPresenter;
  /** Finds the owner of a signed link's task (the link names no owner). */
  workflows: TaskWorkflows;
  store: ObjectStore;
  authenticate: GatewayMiddleware;
  /** The gateway's URL signing secret (STORAGE_SIGNING_SECRET). */
  signingSecret: string;
  /** Base of the links it hands out. */
  publicUrl: string;
  now: () => number;
}

const linkQuerySchema = z.object({
  expires_in: z.coerce
    .number({ error: `expected an integer from 60 to ${VIEWER_LINK_MAX_SEC}` })
    .int({ error: `expected an integer from 60 to ${VIEWER_LINK_MAX_SEC}` })
    .min(60, { error: `expected an integer from 60 to ${VIEWER_LINK_MAX_SEC}` })
    .max(VIEWER_LINK_MAX_SEC, { error: `expected an integer from 60 to ${VIEWER_LINK_MAX_SEC}` })
    .default(VIEWER_LINK_DEFAULT_SEC),
});

const pageParamSchema = z.coerce.number().int().min(1);

/** Run prefixes of page images are looked up once per output (a listing of the task's runs). */
const PREFIX_MEMO_SIZE = 256;

function callerOf(ctx: GatewayContext): Caller {
  return { ownerId: ctx.state.ownerId, requestId: ctx.state.requestId };
}

/**
 * The page viewer (issue 20, item 7):
 * - `GET /viewer/{task_id}`: the page, no credentials (it asks for an API key, or reads a signed
 *   link's `expires` and `signature` from its own URL);
 * - `GET /viewer/assets/{viewer.js,viewer.css,favicon.svg}`;
 * - `GET /viewer/{task_id}/task`: the task as `GET /api/v1/task/{task_id}` answers it;
 * - `GET /viewer/{task_id}/pages/{page_number}`: the rendered page image;
 * - `POST /viewer/{task_id}/link[?expires_in=]`: a signed link to the page, for the task's owner.
 * The data routes take the API's credentials or a valid signature for the task; another owner's
 * task answers `Task not found` as everywhere. The task JSON itself carries no viewer link.
 */
export function viewerRoutes(options: ViewerRoutesOptions): Router<GatewayState> {
  const { service, store } = options;
  const html = readFileSync(new URL('index.html', ASSETS_DIR), 'utf8');
  const assets = new Map(
    Object.keys(ASSET_TYPES).map((name) => [name, readFileSync(new URL(name, ASSETS_DIR), 'utf8')]),
  );
  const prefixes = new Map<string, string>();
  const router = new Router<GatewayState>({ prefix: '/viewer' });

  /** Signed link or API credentials; a signature that does not hold is 403, never a fallback. */
  const viewerAuth: GatewayMiddleware = async function viewerAuth(ctx, next) {
    const { signature, expires } = ctx.query;
    if (signature === undefined && expires === undefined) {
      await options.authenticate(ctx, next);
      return;
    }
    // Mounted only on routes with a :taskId parameter; the middleware type does not know them.
    const taskId = (ctx.params as { taskId?: string }).taskId ?? '';
    const nowSec = Math.floor(options.now() / 1000);
    const valid =
      typeof signature === 'string' &&
      typeof expires === 'string' &&
      isValidSignature(options.signingSecret, linkSubject(taskId), Number(expires), signature, nowSec);
    if (!valid) throw new ApiError('forbidden');
    const state = await options.workflows.get(taskId);
    if (state === null) throw new ApiError('task-not-found');
    // The service checks the rest (deleted, expired) with the owner the task names.
    ctx.state.ownerId = state.ownerId;
    await next();
  };

  async function imagePrefix(state: TaskState): Promise<string | null> {
    const memoKey = `${state.taskId}\n${state.outputKey ?? ''}`;
    const known = prefixes.get(memoKey);
    if (known !== undefined) return known;
    const prefix = await pagesRunPrefix(store, state);
    if (prefix === null) return null;
    // A Map keeps insertion order: drop the oldest entry past the bound.
    if (prefixes.size >= PREFIX_MEMO_SIZE) prefixes.delete(prefixes.keys().next().value ?? '');
    prefixes.set(memoKey, prefix);
    return prefix;
  }

  router.get('/assets/:file', function viewerAsset(ctx) {
    const name = ctx.params.file ?? '';
    const text = assets.get(name);
    if (text === undefined) return;
    ctx.type = ASSET_TYPES[name] ?? 'application/octet-stream';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = text;
  });

  router.get('/:taskId', function viewerPage(ctx) {
    ctx.set('Content-Security-Policy', VIEWER_CSP);
    // A signed link carries its signature in the address: no page it links to may see it.
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'text/html';
    ctx.body = html;
  });

  router.get('/:taskId/task', viewerAuth, async function viewerTask(ctx) {
    const state = await service.get(callerOf(ctx), ctx.params.taskId ?? '');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await options.presenter.toTask(state, { includeChunks: true, base64Urls: false });
  });

  router.get('/:taskId/pages/:pageNumber', viewerAuth, async function viewerPageImage(ctx) {
    const state = await service.get(callerOf(ctx), ctx.params.taskId ?? '');
    const pageNumber = pageParamSchema.safeParse(ctx.params.pageNumber);
    if (
      !pageNumber.success ||
      state.status !== 'Succeeded' ||
      state.pageCount === null ||
      pageNumber.data > state.pageCount
    ) {
      throw new ApiError('not-found');
    }
    const prefix = await imagePrefix(state);
    const page = prefix === null ? null : await readRenderedPage(store, prefix, pageNumber.data - 1);
    const info = page === null ? null : await store.stat(page.image.key);
    if (page === null || info === null) throw new ApiError('not-found');
    const key = page.image.key;
    await sendStoredObject(ctx, store, key, {
      name: key.slice(key.lastIndexOf('/') + 1),
      byteSize: info.byteSize,
      contentType: contentTypeOfKey(key),
    });
  });

  router.post('/:taskId/link', options.authenticate, async function viewerLink(ctx) {
    const query = parseOr400(linkQuerySchema, ctx.query);
    const state = await service.get(callerOf(ctx), ctx.params.taskId ?? '');
    const expiresAtSec = Math.floor(options.now() / 1000) + query.expires_in;
    const url = new URL(`${options.publicUrl}${linkSubject(encodeURIComponent(state.taskId))}`);
    url.searchParams.set('expires', String(expiresAtSec));
    url.searchParams.set('signature', signLink(options.signingSecret, state.taskId, expiresAtSec));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { url: url.toString(), expires_at: new Date(expiresAtSec * 1000).toISOString() };
  });

  return router;
}
