import type { IncomingMessage } from 'node:http';
import { ApiError, badRequest } from './http-errors.js';

/** The 413 of a body past its limit, saying what the limit is (and, given a hint, what to do instead). */
export function bodyTooLarge(limitBytes: number, hint = ''): ApiError {
  return new ApiError('payload-too-large', `Request body is too large: the limit is ${limitBytes} bytes${hint}`);
}

/** Where a file too large for a JSON body can go instead. */
export const LARGE_FILE_HINT = '; send larger files as multipart (POST /api/v1/task) or by URL';

/**
 * Reads a request body whole, refusing more than `limitBytes` (early from Content-Length, else
 * while streaming, so a 512 MiB body never gets past the limit into memory). Chunks are kept as
 * received and joined once, so a large body is copied once.
 */
export function readBody(req: IncomingMessage, limitBytes: number, hint = ''): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) {
    // Drained, not buffered: the reply can go out while the client is still sending.
    req.resume();
    return Promise.reject(bodyTooLarge(limitBytes, hint));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let settled = false;
    const settle = (done: () => void): void => {
      if (settled) return;
      settled = true;
      done();
    };
    // Plain listeners rather than `for await`: leaving an async iterator early destroys the
    // socket, and the client would see a reset instead of the 413. Past the limit the rest is
    // read and dropped.
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      total += chunk.length;
      if (total > limitBytes) {
        chunks.length = 0;
        settle(() => reject(bodyTooLarge(limitBytes, hint)));
        return;
      }
      chunks.push(chunk);
    });
    req.once('end', () =>
      settle(() => resolve(chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks, total))),
    );
    req.once('error', (error) => settle(() => reject(error)));
    req.once('close', () => settle(() => reject(new Error('Request closed before its body ended'))));
  });
}

/**
 * Parses a JSON request body. An empty body reads as `{}` (an update may change nothing but is
 * still answered by the update rules). A 50 MB base64 file parses in well under a second: V8's
 * JSON.parse is the fastest parser available, and the body is decoded to a string only once.
 */
export async function readJsonBody(req: IncomingMessage, limitBytes: number, hint = ''): Promise<unknown> {
  const body = await readBody(req, limitBytes, hint);
  if (body.length === 0) return {};
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    throw badRequest('Invalid JSON body');
  }
}
