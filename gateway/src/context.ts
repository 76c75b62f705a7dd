import type { Logger } from '@folio/runtime';
import type { Middleware, ParameterizedContext } from 'koa';

/** What the middleware chain puts on `ctx.state` for the handlers after it. */
export interface GatewayState {
  /** Set by request-id: the incoming `x-request-id` or a fresh UUID. */
  requestId: string;
  /** Child logger carrying the request id. */
  log: Logger;
  /** Set by auth on protected routes: the credential's owner id. */
  ownerId: string;
}

export type GatewayContext = ParameterizedContext<GatewayState>;
export type GatewayMiddleware = Middleware<GatewayState>;
