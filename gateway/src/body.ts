import type { IncomingMessage } from 'node:http';
import { ApiError, badRequest } from './http-errors.js';

/** The 413 of a body past its limit, saying what the limit is (and, given a hint, what to do instead). */
export function bodyTooLarge(limitBytes: number, hint = ''): ApiError {
  return new ApiError('payload-too-large', `Request body is too large: the limit is ${limitBytes} bytes${hint}`);
}

/**
 * Bytes of JSON bodies the gateway holds at once, across requests: a body is read and parsed
 * whole (about four times its size at the peak), so without a bound many large creates at once
 * could take all of the process's memory. `take` reserves bytes (false: not now), `give` returns them.
 */
export interface BodyBudget {
  take(bytes: number): boolean;
  give(bytes: number): void;
  readonly limitBytes: number;
}

export function createBodyBudget(limitBytes: number): BodyBudget {
  let held = 0;
  return {
    limitBytes,
    take(bytes) {
      if (held + bytes > limitBytes) return false;
      held += bytes;
      return true;
    },
    give(bytes) {
      held = Math.max(0, held - bytes);
    },
  };
}

/** Seconds a client is asked to wait when the bodies in flight fill the budget. */
const BUSY_RETRY_AFTER_SEC = 2;

/** The 429 of a body that does not fit in the bodies being read now. */
function bodiesBusy(budget: BodyBudget): ApiError {
  return new ApiError(
    'rate-limited',
    `Server busy: request bodies being read fill its ${budget.limitBytes} bytes (JSON_BODIES_IN_FLIGHT_BYTES); retry shortly`,
    { retryAfterSec: BUSY_RETRY_AFTER_SEC },
  );
}

/** Where a file too large for a JSON body can go instead. */
export const LARGE_FILE_HINT = '; send larger files as multipart (POST /api/v1/task) or by URL';

/** A body read whole, and the bytes of the budget it holds until `release`. */
interface HeldBody {
  body: Buffer;
  release: () => void;
}

/**
 * Reads a request body whole, refusing more than `limitBytes` (early from Content-Length, else
 * while streaming, so a 512 MiB body never gets past the limit into memory), and reserving its
 * bytes in `budget` (up front from Content-Length, else chunk by chunk): past the budget it answers
 * 429 with Retry-After. Chunks are kept as received and joined once, so a large body is copied once.
 */
function readBody(req: IncomingMessage, limitBytes: number, budget: BodyBudget, hint: string): Promise<HeldBody> {
  const declared = Number(req.headers['content-length']);
  const refuse = (error: ApiError): Promise<HeldBody> => {
    // Drained, not buffered: the reply can go out while the client is still sending.
    req.resume();
    return Promise.reject(error);
  };
  if (Number.isFinite(declared) && declared > limitBytes) return refuse(bodyTooLarge(limitBytes, hint));
  const upFront = Number.isFinite(declared) && declared > 0 ? declared : 0;
  if (!budget.take(upFront)) return refuse(bodiesBusy(budget));
  let reserved = upFront;
  const release = (): void => {
    budget.give(reserved);
    reserved = 0;
  };
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let settled = false;
    const settle = (done: () => void): void => {
      if (settled) return;
      settled = true;
      done();
    };
    const fail = (error: Error): void => {
      chunks.length = 0;
      release();
      settle(() => reject(error));
    };
    // Plain listeners rather than `for await`: leaving an async iterator early destroys the
    // socket, and the client would see a reset instead of the 413. Past the limit the rest is
    // read and dropped.
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      total += chunk.length;
      if (total > limitBytes) return fail(bodyTooLarge(limitBytes, hint));
      // A body sent without Content-Length (or longer than it said) reserves as it arrives.
      if (total > reserved) {
        if (!budget.take(total - reserved)) return fail(bodiesBusy(budget));
        reserved = total;
      }
      chunks.push(chunk);
    });
    req.once('end', () =>
      settle(() =>
        resolve({ body: chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks, total), release }),
      ),
    );
    req.once('error', (error) => fail(error));
    req.once('close', () => fail(new Error('Request closed before its body ended')));
  });
}

/**
 * Parses a JSON request body of at most `limitBytes`, its bytes held in `budget` while it is read
 * and parsed. An empty body reads as `{}` (an update may change nothing but is still answered by
 * the update rules). A 50 MB base64 file parses in well under a second: V8's JSON.parse is the
 * fastest parser available, and the body is decoded to a string only once.
 */
export async function readJsonBody(
  req: IncomingMessage,
  limitBytes: number,
  budget: BodyBudget,
  hint = '',
): Promise<unknown> {
  const { body, release } = await readBody(req, limitBytes, budget, hint);
  try {
    if (body.length === 0) return {};
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    throw badRequest('Invalid JSON body');
  } finally {
    release();
  }
}
