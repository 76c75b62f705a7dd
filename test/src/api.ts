import { inject } from 'vitest';

/** A Task as the API returns it (the fields the tests read). */
export interface ApiTask {
  task_id: string;
  status: 'Starting' | 'Processing' | 'Succeeded' | 'Failed' | 'Cancelled';
  message: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  expires_at: string | null;
  task_url: string;
  configuration: Record<string, unknown> & { input_file_url: string | null };
  output: {
    chunks: ApiChunk[];
    file_name: string | null;
    page_count: number | null;
    pdf_url: string | null;
    extracted_json: unknown;
  };
}

export interface ApiSegment {
  segment_id: string;
  segment_type: string;
  bbox: { left: number; top: number; width: number; height: number };
  page_number: number;
  page_width: number;
  page_height: number;
  content: string;
  html: string;
  markdown: string;
  text: string;
  image: string | null;
  confidence: number | null;
  ocr: {
    text: string;
    bbox: { left: number; top: number; width: number; height: number };
    confidence: number | null;
  }[];
}

export interface ApiChunk {
  chunk_id: string;
  chunk_length: number;
  segments: ApiSegment[];
  embed: string;
}

/** Which stack an API call goes to (`baseUrl`, the suite's by default) with which key (`key`, the e2e owner's by default; null for none). */
export interface ApiTarget {
  baseUrl?: string;
  key?: string | null;
}

/** Calls the API of the target stack, returning status, text and JSON body. */
export async function api(
  method: string,
  path: string,
  options: ApiTarget & { body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; text: string; json: <T>() => T; headers: Headers }> {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? inject('apiKey') : options.key;
  if (key !== null) headers.authorization = headers.authorization ?? key;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const send = (): Promise<Response> =>
    fetch(`${options.baseUrl ?? inject('baseUrl')}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  let response: Response;
  try {
    response = await send();
  } catch (error) {
    // A kept-alive socket the gateway closed while this process's event loop was busy (the formula
    // benchmark typesets for half a minute between requests) is found closed only on use; the
    // request never reached the gateway, so it is sent once more on a new socket.
    if (!closedSocket(error)) throw error;
    response = await send();
  }
  const text = await response.text();
  return { status: response.status, text, json: <T>() => JSON.parse(text) as T, headers: response.headers };
}

/** Whether a fetch failed on a socket the other side had closed before the request went out. */
function closedSocket(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  return cause?.code === 'UND_ERR_SOCKET' || cause?.code === 'ECONNRESET' || cause?.code === 'EPIPE';
}

/** Creates a task from bytes sent as a data URI; returns the created task. */
export async function createTask(
  file: Buffer,
  config: Record<string, unknown> = {},
  mime = 'application/pdf',
  target: ApiTarget = {},
): Promise<ApiTask> {
  const response = await api('POST', '/api/v1/task/parse', {
    ...target,
    body: { file: `data:${mime};base64,${file.toString('base64')}`, ...config },
  });
  if (response.status !== 200) throw new Error(`create failed: ${response.status} ${response.text}`);
  return response.json<ApiTask>();
}

/**
 * Polls a task every `pollMs` until it leaves Starting/Processing (or `until` holds), failing after
 * timeoutMs. The benchmark polls often, so that its times are the service's and not the poll period.
 */
export async function waitForTask(
  taskId: string,
  timeoutMs = 120_000,
  until?: (task: ApiTask) => boolean,
  pollMs = 250,
  target: ApiTarget = {},
): Promise<ApiTask> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await api('GET', `/api/v1/task/${taskId}`, target);
    if (response.status !== 200) throw new Error(`poll failed: ${response.status} ${response.text}`);
    const task = response.json<ApiTask>();
    const done = until ? until(task) : task.status !== 'Starting' && task.status !== 'Processing';
    if (done) return task;
    if (Date.now() > deadline)
      throw new Error(`task ${taskId} still ${task.status} (${task.message}) after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
