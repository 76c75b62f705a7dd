import { Router } from '@koa/router';
import { renderMetrics } from '@folio/runtime';
import type { GatewayState } from '../context.js';

/**
 * `GET /metrics`: every metric of this gateway process in the Prometheus text format, no
 * credentials (like /health: keep it off the public listener with the ingress or load balancer;
 * docs/observability.md).
 */
export function metricsRoute(): Router<GatewayState> {
  const router = new Router<GatewayState>();
  router.get('/metrics', async function scrapeMetrics(ctx) {
    const { contentType, body } = await renderMetrics();
    ctx.set('Cache-Control', 'no-store');
    ctx.type = contentType;
    ctx.body = body;
  });
  return router;
}
