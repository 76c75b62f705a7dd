import { SIGNED_FILES_PATH, assertValidKey, isValidSignature, type ObjectStore } from '@folio/runtime';
import type { GatewayContext, GatewayMiddleware } from '../context.js';
import { ApiError } from '../http-errors.js';

export interface FilesRouteOptions {
  store: ObjectStore;
  signingSecret: string;
  now: () => number;
}

/** The storage key of a `/files/<key>` path: each segment was URL-encoded when the URL was signed. */
function keyOf(path: string): string | null {
  try {
    const key = path
      .slice(SIGNED_FILES_PATH.length + 1)
      .split('/')
      .map(decodeURIComponent)
      .join('/');
    assertValidKey(key);
    return key;
  } catch {
    return null;
  }
}

/**
 * Types served inline, by the extension of the signed key: none of them runs script in a
 * browser. Any other key (an HTML or SVG input file, say) is sent as bytes to download.
 */
const INLINE_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  json: 'application/json',
};

/**
 * Nothing loads, nothing frames the file. A PDF viewer refuses to run in a sandboxed document, so
 * only the other types get `sandbox` (an opaque origin, no script even if a browser rendered one).
 */
const FILE_CSP = "default-src 'none'; frame-ancestors 'none'";

/** The Content-Type a key is served with: from its extension (signed), never from `name`. */
export function contentTypeOfKey(key: string): string | null {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? null : (INLINE_TYPES[name.slice(dot + 1).toLowerCase()] ?? null);
}

const INLINE_MIME_TYPES = new Set(Object.values(INLINE_TYPES));

/**
 * Answers a GET or HEAD with a stored object: inline only when `contentType` is one of the types
 * that run no script in a browser, else a sandboxed download. Shared by the signed URLs here and
 * `GET /api/v1/files/{id}/content`.
 */
export async function sendStoredObject(
  ctx: GatewayContext,
  store: ObjectStore,
  key: string,
  file: { name: string; byteSize: number; contentType: string | null },
): Promise<void> {
  const inline = file.contentType !== null && INLINE_MIME_TYPES.has(file.contentType);
  // An RFC 6266 disposition: inline for the safe types, a download for everything else.
  ctx.attachment(file.name, { type: inline ? 'inline' : 'attachment' });
  // After attachment(), which sets a type from the name's extension: the caller's type decides.
  ctx.type = file.contentType ?? 'application/octet-stream';
  ctx.set('Content-Security-Policy', file.contentType === 'application/pdf' ? FILE_CSP : `${FILE_CSP}; sandbox`);
  ctx.set('Cache-Control', 'private, max-age=300');
  // A HEAD response never reads the body, so no stream is opened for it.
  if (ctx.method === 'GET') ctx.body = await store.getStream(key);
  else ctx.status = 200;
  // After the body: assigning a stream drops any Content-Length set before.
  ctx.length = file.byteSize;
}

/**
 * `GET /files/<key>?expires=&signature=[&name=]`: serves objects behind the filesystem driver's
 * signed URLs. A bad or expired signature is 403, a missing object 404. The Content-Type comes
 * from the signed key alone; the unsigned `name` only names the file in Content-Disposition (it
 * used to set the type too: `name=x.html` served any object as HTML on the API's origin, issue 17).
 * Not a router route: keys span any number of path segments.
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
    const name =
      typeof ctx.query.name === 'string' && ctx.query.name ? ctx.query.name : key.slice(key.lastIndexOf('/') + 1);
    await sendStoredObject(ctx, options.store, key, {
      name,
      byteSize: info.byteSize,
      contentType: contentTypeOfKey(key),
    });
  };
}
