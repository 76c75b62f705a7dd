import type { Logger } from '@folio/runtime';
import type { GatewayMiddleware } from '../context.js';
import { toErrorResponse } from '../http-errors.js';

/**
 * Runs first: turns every thrown error into a plain-text response with the spec's message, and logs
 * the unexpected ones in full with the request id. Also answers unmatched routes in plain text.
 */
export function errorHandler(options: { logger: Logger }): GatewayMiddleware {
  return async function errorHandlerMiddleware(ctx, next) {
    try {
      await next();
      if (ctx.status === 404 && (ctx.body === undefined || ctx.body === null)) {
        ctx.status = 404;
        ctx.type = 'text/plain';
        ctx.body = 'Not found';
      }
    } catch (error) {
      // request-id runs after this middleware, so fall back to the base logger if it never ran.
      const log = (ctx.state.log as Logger | undefined) ?? options.logger;
      const response = toErrorResponse(error);
      if (response.unexpected) log.error({ err: error, method: ctx.method, path: ctx.path }, 'request failed');
      else log.debug({ status: response.status, message: response.message }, 'request refused');
      ctx.status = response.status;
      ctx.set(response.headers);
      ctx.type = 'text/plain';
      ctx.body = response.message;
    }
  };
}
