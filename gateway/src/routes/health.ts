import { Router } from '@koa/router';
import type { GatewayState } from '../context.js';
import type { ReadinessReport } from '../readiness.js';

/**
 * `GET /health` (and `/api/v1/health`): `OK - Version <semver>`, no credentials and no Temporal needed (the spec's
 * liveness answer, unchanged). `GET /health/ready`: whether Temporal, object storage and every
 * stage answer, 200 when all do, 503 naming the ones that do not (readiness.ts).
 */
export function healthRoute(options: {
  version: string;
  checkReadiness: () => Promise<ReadinessReport>;
}): Router<GatewayState> {
  const router = new Router<GatewayState>();
  // `/api/v1/health` is where the current SDK's `health.check()` asks (its base URL ends in /api/v1).
  router.get(['/health', '/api/v1/health'], function health(ctx) {
    ctx.type = 'text/plain';
    ctx.body = `OK - Version ${options.version}`;
  });
  router.get('/health/ready', async function ready(ctx) {
    const report = await options.checkReadiness();
    ctx.status = report.status === 'ready' ? 200 : 503;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = report;
  });
  return router;
}
