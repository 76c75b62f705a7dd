import type { GatewayMiddleware } from '../context.js';

/**
 * The policy of every response unless a route sets its own: the API answers JSON and plain text,
 * which need nothing from a browser, so nothing may load and no page may frame them.
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Swagger UI and ReDoc: scripts and styles only from this origin (no CDN, no inline script),
 * inline styles (both set style attributes; ReDoc injects <style>), ReDoc's search worker from a
 * blob: URL, and calls to this origin only.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Sets `X-Content-Type-Options: nosniff` and the API's Content-Security-Policy on every response,
 * before the routes run, so errors carry them too; routes that serve pages or files narrow or
 * replace the policy.
 */
export function securityHeaders(): GatewayMiddleware {
  return async function securityHeadersMiddleware(ctx, next) {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Content-Security-Policy', API_CSP);
    await next();
  };
}
