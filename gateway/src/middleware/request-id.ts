import type { Logger } from '@folio/runtime';
import { randomUUID } from 'node:crypto';
import type { GatewayMiddleware } from '../context.js';

const REQUEST_ID_HEADER = 'x-request-id';
/** Accept a caller's id only when it is short and printable, so it is safe in logs and headers. */
const VALID_REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Gives every request an id (the caller's `x-request-id` when sane), echoed in the response. */
export function requestId(options: { logger: Logger }): GatewayMiddleware {
  return async function requestIdMiddleware(ctx, next) {
    const given = ctx.get(REQUEST_ID_HEADER);
    const id = VALID_REQUEST_ID.test(given) ? given : randomUUID();
    ctx.state.requestId = id;
    ctx.state.log = options.logger.child({ requestId: id });
    ctx.set(REQUEST_ID_HEADER, id);
    await next();
  };
}
