import { SIGNED_FILES_PATH, assertValidKey, isValidSignature, type ObjectStore } from '@folio/runtime';
import type { GatewayMiddleware } from '../context.js';
import { ApiError } from '../http-errors.js';

export interface FilesRouteOptions {
  store: ObjectStore;
  signingSecret: string;
  now: () => number;
}

/** The storage key of a `/files/<key>` path: each segment was URL-encoded when the URL was signed. */
function keyOf(path: string): string | null {
  try {
    const key = path.slice(SIGNED_FILES_PATH.length + 1).split('/').map(decodeURIComponent).join('/');
    assertValidKey(key);
    return key;
  } catch {
    return null;
  }
}

/**
 * `GET /files/<key>?expires=&signature=[&name=]`: serves objects behind the filesystem driver's
 * signed URLs. A bad or expired signature is 403, a missing object 404; `name` sets the
 * Content-Disposition file name. Not a router route: keys span any number of path segments.
 */
export function filesRoute(options: FilesRouteOptions): GatewayMiddleware {
  const prefix = `${SIGNED_FILES_PATH}/`;
  return async function serveSignedFile(ctx, next) {
    if (!ctx.path.startsWith(prefix) || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) {
      await next();
      return;
    }
    const key = keyOf(ctx.path);
    if (key === null) throw new ApiError('not-found');
    const expires = Number(ctx.query.expires);
    const signature = typeof ctx.query.signature === 'string' ? ctx.query.signature : '';
    if (!isValidSignature(options.signingSecret, key, expires, signature, Math.floor(options.now() / 1000))) {
      throw new ApiError('forbidden');
    }
    const info = await options.store.stat(key);
    if (info === null) throw new ApiError('not-found');
    const name = typeof ctx.query.name === 'string' && ctx.query.name ? ctx.query.name : key.slice(key.lastIndexOf('/') + 1);
    // Sets Content-Type from the name's extension and an RFC 6266 inline disposition.
    ctx.attachment(name, { type: 'inline' });
    ctx.set('Cache-Control', 'private, max-age=300');
    // A HEAD response never reads the body, so no stream is opened for it.
    if (ctx.method === 'GET') ctx.body = await options.store.getStream(key);
    else ctx.status = 200;
    // After the body: assigning a stream drops any Content-Length set before.
    ctx.length = info.byteSize;
  };
}
