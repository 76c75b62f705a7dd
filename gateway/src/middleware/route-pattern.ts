import { SIGNED_FILES_PATH } from '@folio/runtime';
import type { GatewayContext } from '../context.js';

/**
 * The route a request matched, as a pattern: the router's (`/api/v1/task/:taskId`), `/files*` for
 * signed files, `unmatched` otherwise. Metrics labels and span names use it, so task ids never
 * make a series or a span name each.
 */
export function routePattern(ctx: GatewayContext): string {
  const matched = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute; // set by @koa/router on a match
  if (typeof matched === 'string') return matched;
  return ctx.path.startsWith(SIGNED_FILES_PATH) ? `${SIGNED_FILES_PATH}*` : 'unmatched';
}
