import type { GatewayMiddleware } from '../context.js';
import { toErrorResponse } from '../http-errors.js';

/**
 * One log line per request with method, path, status and duration (never bodies or keys). It sits
 * inside the error handler, so for a thrown error it logs the status the handler will answer with.
 */
export function accessLog(options: { skip?: (path: string) => boolean } = {}): GatewayMiddleware {
  return async function accessLogMiddleware(ctx, next) {
    const startedAt = performance.now();
    let status: number | undefined;
    try {
      await next();
    } catch (error) {
      status = toErrorResponse(error).status;
      throw error;
    } finally {
      if (!options.skip?.(ctx.path)) {
        ctx.state.log.info(
          {
            method: ctx.method,
            path: ctx.path,
            status: status ?? ctx.status,
            durationMs: Math.round(performance.now() - startedAt),
          },
          'request',
        );
      }
    }
  };
}
