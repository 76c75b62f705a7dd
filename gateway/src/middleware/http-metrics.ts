import { metrics } from '@folio/runtime';
import type { GatewayMiddleware } from '../context.js';
import { toErrorResponse } from '../http-errors.js';
import { routePattern } from './route-pattern.js';

/**
 * Counts and times every request by method, route pattern and status
 * (`folio_http_requests_total`, `folio_http_request_duration_seconds`), and unexpected errors by
 * class (`folio_errors_total{component="gateway"}`). The route is the router's pattern
 * (`/api/v1/task/:taskId`), never the raw path, so task ids do not make a label each. It sits
 * inside the error handler, like the access log, and sees the status a thrown error is answered with.
 */
export function httpMetrics(): GatewayMiddleware {
  return async function httpMetricsMiddleware(ctx, next) {
    const startedAt = performance.now();
    let status: number | undefined;
    try {
      await next();
    } catch (error) {
      const response = toErrorResponse(error);
      status = response.status;
      if (response.unexpected)
        metrics.errors.inc({ component: 'gateway', kind: error instanceof Error ? error.name : 'UnknownError' });
      throw error;
    } finally {
      const labels = { method: ctx.method, route: routePattern(ctx), status: String(status ?? ctx.status) };
      metrics.httpRequests.inc(labels);
      metrics.httpRequestDuration.observe(labels, (performance.now() - startedAt) / 1000);
    }
  };
}
