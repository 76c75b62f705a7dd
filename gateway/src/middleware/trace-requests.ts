import { extractTraceContext, inSpan } from '@folio/runtime';
import { SpanKind, SpanStatusCode, defaultTextMapGetter } from '@opentelemetry/api';
import type { GatewayMiddleware } from '../context.js';
import { routePattern } from './route-pattern.js';

/**
 * Makes every request a server span (`POST /api/v1/task/parse`) under the caller's `traceparent`,
 * if any: the Temporal client's StartWorkflow span and every log line of the request sit inside it.
 * Attributes follow OTel's HTTP conventions (method, route pattern, path without the query, status)
 * plus `folio.request_id` and `folio.task_id` (the route's task, or the one the request created).
 * Installed first, outside the error handler, so it sees the status errors are answered with.
 * createApp adds it only when tracing is on; `skip` leaves out probes and scrapes.
 */
export function traceRequests(options: { skip?: (path: string) => boolean } = {}): GatewayMiddleware {
  return async function traceRequestsMiddleware(ctx, next) {
    if (options.skip?.(ctx.path)) {
      await next();
      return;
    }
    const parent = extractTraceContext(ctx.headers, defaultTextMapGetter);
    const attributes = { 'http.request.method': ctx.method, 'url.path': ctx.path, 'url.scheme': ctx.protocol };
    await inSpan(ctx.method, { kind: SpanKind.SERVER, parent, attributes }, async (span) => {
      try {
        await next();
      } finally {
        const route = routePattern(ctx);
        span?.updateName(`${ctx.method} ${route}`);
        span?.setAttributes({
          'http.route': route,
          'http.response.status_code': ctx.status,
          'folio.request_id': ctx.state.requestId,
        });
        const taskId = (ctx as { params?: Record<string, string> }).params?.taskId; // set by @koa/router on a match
        if (taskId) span?.setAttribute('folio.task_id', taskId);
        if (ctx.status >= 500) span?.setStatus({ code: SpanStatusCode.ERROR });
      }
    });
  };
}
