import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Context, log } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { blockCachedSource, detectFileType } from '@folio/runtime';
import { storageKeys } from '../contracts.js';
import { announceStart } from './start-signal.js';
import type { ActivityDeps, StartNotice } from './types.js';
import { resolvePublicAddress, type LookupAll, type ResolvedAddress } from './url-guard.js';

export interface FetchInputInput {
  taskId: string;
  url: string;
  /** The name the gateway chose; empty when the URL gave none (then `<taskId>.<ext>`). */
  fileName: string;
  requestId: string;
  /** The task's owner, for the log lines of the call (absent in runs recorded before it was sent). */
  ownerId?: string;
  startNotice: StartNotice;
}

export interface FetchInputResult {
  inputKey: string;
  mimeType: string;
  fileName: string;
  byteSize: number;
}

export interface FetchActivities {
  fetchInput(input: FetchInputInput): Promise<FetchInputResult>;
}

const MAX_REDIRECTS = 5;

const refuse = (message: string, type: string): ApplicationFailure => ApplicationFailure.nonRetryable(message, type);

/** A lookup that answers with the address already checked, whatever form the caller asks for. */
function pinnedLookup(resolved: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [resolved]);
    else callback(null, resolved.address, resolved.family);
  };
}

/**
 * Opens one GET, following redirects, each hop checked against the address rules (every address
 * its host resolves to) and connected to the address checked. `lookupAll` is for tests.
 */
export async function openUrl(
  rawUrl: string,
  allowPrivate: boolean,
  signal: AbortSignal,
  lookupAll?: LookupAll,
): Promise<IncomingMessage> {
  let url = rawUrl;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      throw refuse('Only http and https URLs are supported', 'InvalidUrlError');
    const resolved = await resolvePublicAddress(parsed.hostname, allowPrivate, lookupAll);
    if (resolved === null) throw refuse('URL host is not allowed', 'InvalidUrlError');
    const send = parsed.protocol === 'https:' ? httpsRequest : httpRequest;
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      send(parsed, { method: 'GET', lookup: pinnedLookup(resolved), signal }, resolve)
        .on('error', reject)
        .end();
    });
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location !== undefined) {
      response.resume();
      url = new URL(location, parsed).toString();
      continue;
    }
    if (status >= 200 && status < 300) return response;
    response.resume();
    // A 4xx will not change on retry; a 5xx might.
    if (status >= 400 && status < 500) throw refuse(`Failed to fetch file: HTTP ${status}`, 'FetchFailedError');
    throw ApplicationFailure.retryable(`Failed to fetch file: HTTP ${status}`, 'FetchFailedError');
  }
  throw refuse('Too many redirects', 'FetchFailedError');
}

/** Counts bytes and fails the stream once it passes the limit, so nothing is held in memory. */
function byteLimit(maxBytes: number): Transform & { byteSize: () => number } {
  let byteSize = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      byteSize += chunk.length;
      if (byteSize > maxBytes) callback(refuse('File exceeds the size limit', 'FileTooLargeError'));
      else callback(null, chunk);
    },
  });
  return Object.assign(transform, { byteSize: () => byteSize });
}

/** The activity that downloads a URL input inside the workflow, not while the client waits. */
export function createFetchActivities(deps: ActivityDeps): FetchActivities {
  return {
    async fetchInput(input) {
      await announceStart(deps.signaller, input.startNotice);
      const context = Context.current();
      const signal = AbortSignal.any([context.cancellationSignal, AbortSignal.timeout(deps.fetch.timeoutMs)]);
      const heartbeat = setInterval(() => context.heartbeat(), deps.heartbeatIntervalMs ?? 10_000);
      const dir = await mkdtemp(join(tmpdir(), 'folio-fetch-'));
      try {
        const response = await openUrl(input.url, deps.fetch.allowPrivateUrls, signal);
        const declared = Number(response.headers['content-length'] ?? NaN);
        if (declared > deps.fetch.maxBytes) {
          response.destroy();
          throw refuse('File exceeds the size limit', 'FileTooLargeError');
        }
        // Spool to a temp file: type detection needs the head, and storage wants a stream.
        const file = join(dir, 'download');
        const limit = byteLimit(deps.fetch.maxBytes);
        await pipeline(response, limit, createWriteStream(file), { signal });

        // Detection reads only the parts it needs (a ZIP's headers, an OLE directory), by position.
        const handle = await open(file);
        let type;
        try {
          type = await detectFileType(
            blockCachedSource(limit.byteSize(), async (position, length) => {
              const { buffer, bytesRead } = await handle.read(Buffer.alloc(length), 0, length, position);
              return buffer.subarray(0, bytesRead);
            }),
          );
        } finally {
          await handle.close();
        }
        if (type === null) throw refuse('Unsupported file type', 'UnsupportedFileTypeError');

        const fileName = input.fileName !== '' ? input.fileName : `${input.taskId}.${type.extension}`;
        const inputKey = storageKeys.input(input.taskId, fileName);
        const stored = await deps.store.put(inputKey, createReadStream(file), { contentType: type.mimeType });
        log.info('input fetched', { task_id: input.taskId, byteSize: stored.byteSize, mimeType: type.mimeType });
        return { inputKey, mimeType: type.mimeType, fileName, byteSize: stored.byteSize };
      } catch (error) {
        if (error instanceof ApplicationFailure) throw error;
        if (signal.aborted && !context.cancellationSignal.aborted) {
          throw ApplicationFailure.retryable('Timed out fetching the file', 'FetchTimeoutError');
        }
        throw error;
      } finally {
        clearInterval(heartbeat);
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
