import { openAsBlob } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Task } from './task.js';

/**
 * Files up to this size go as base64 in the JSON create (the spec's recommended form); larger ones
 * stream as multipart (`POST /api/v1/task`), since the gateway holds a JSON body whole and caps it
 * (MAX_JSON_BODY_BYTES, 100 MiB of base64 by default).
 */
export const JSON_UPLOAD_MAX_BYTES = 48 * 1024 * 1024;

/** Answers worth another try: the spec asks clients to back off on 429; 502-504 are passing. */
const RETRY_STATUSES = new Set([429, 502, 503, 504]);

/** An answer the service refused, with its plain-text message. */
export class FolioApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string, options?: { cause?: unknown }) {
    super(`${status} ${message}`, options);
    this.name = 'FolioApiError';
    this.status = status;
  }
}

export interface FileFormat {
  extension: string;
  mime_type: string;
}

export interface UploadFile {
  path: string;
  /** The name the task records (`file_name`). */
  name: string;
  byteSize: number;
  mimeType: string;
}

export interface FolioClient {
  /** Accepted formats, from `GET /api/v1/file-types`. */
  fileTypes(): Promise<FileFormat[]>;
  createTask(file: UploadFile, configuration: Record<string, unknown>): Promise<Task>;
  getTask(taskId: string, options: { includeChunks: boolean }): Promise<Task>;
}

export interface FolioClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Tries of a call that met a retryable answer or a network error (GETs) before giving up. */
  maxAttempts?: number;
  /** First back-off; it doubles each try, up to 8 s. */
  retryBaseMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

/** A client of the API over Node's fetch, retrying with exponential back-off where that is safe. */
export function createFolioClient(options: FolioClientOptions): FolioClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const maxAttempts = options.maxAttempts ?? 6;
  const retryBaseMs = options.retryBaseMs ?? 500;
  const authorization = `Bearer ${options.apiKey}`;

  /**
   * One call. `idempotent` calls are tried again after network errors too; a create only after an
   * answer that says it did nothing (429, 502-504), so a lost answer never makes two tasks.
   */
  async function call(path: string, init: () => RequestInit, idempotent: boolean): Promise<Response> {
    for (let attempt = 1; ; attempt += 1) {
      const backoffMs = Math.min(8000, retryBaseMs * 2 ** (attempt - 1));
      let response: Response;
      try {
        const request = init();
        response = await doFetch(`${baseUrl}${path}`, { ...request, headers: { authorization, ...request.headers } });
      } catch (error) {
        if (!idempotent || attempt >= maxAttempts)
          throw new Error(`cannot reach ${baseUrl}: ${describe(error)}`, { cause: error });
        await sleep(backoffMs);
        continue;
      }
      if (response.ok) return response;
      const text = await response.text();
      if (!RETRY_STATUSES.has(response.status) || attempt >= maxAttempts)
        throw new FolioApiError(response.status, text.trim());
      await sleep(backoffMs);
    }
  }

  async function json<T>(response: Response): Promise<T> {
    return (await response.json()) as T;
  }

  return {
    async fileTypes() {
      const groups = await json<Record<string, { formats: FileFormat[] }>>(
        await call('/api/v1/file-types', () => ({}), true),
      );
      return Object.values(groups).flatMap((group) => group.formats);
    },

    async createTask(file, configuration) {
      if (file.byteSize <= JSON_UPLOAD_MAX_BYTES) {
        const data = (await readFile(file.path)).toString('base64');
        const body = JSON.stringify({
          ...configuration,
          file: `data:${file.mimeType};base64,${data}`,
          file_name: file.name,
        });
        return json<Task>(
          await call(
            '/api/v1/task/parse',
            () => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body }),
            false,
          ),
        );
      }
      // A file-backed Blob: fetch streams it from disk instead of holding it in memory.
      const blob = await openAsBlob(file.path, { type: file.mimeType });
      return json<Task>(
        await call(
          '/api/v1/task',
          () => {
            const form = new FormData();
            // Each setting is one field holding its JSON, as the multipart route reads them.
            for (const [name, value] of Object.entries(configuration)) form.append(name, JSON.stringify(value));
            form.append('file', blob, file.name);
            return { method: 'POST', body: form };
          },
          false,
        ),
      );
    },

    async getTask(taskId, { includeChunks }) {
      const path = `/api/v1/task/${encodeURIComponent(taskId)}?include_chunks=${includeChunks}`;
      return json<Task>(await call(path, () => ({}), true));
    },
  };
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}
