import { Router } from '@koa/router';
import type { GatewayState } from '../context.js';

/** `GET /health`: `OK - Version <semver>`, no credentials and no Temporal needed. */
export function healthRoute(options: { version: string }): Router<GatewayState> {
  const router = new Router<GatewayState>();
  router.get('/health', function health(ctx) {
    ctx.type = 'text/plain';
    ctx.body = `OK - Version ${options.version}`;
  });
  return router;
}
