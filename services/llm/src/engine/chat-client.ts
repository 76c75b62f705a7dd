import type { ModelConfig } from './models.js';
import type { Clock, RateLimiter } from './token-bucket.js';

/** One part of a user message: text or an image (data URL). */
export type ContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string | ContentPart[];
}

export interface ChatRequest {
  messages: ChatMessage[];
  temperature: number;
  /** 0 for no limit. */
  maxCompletionTokens: number;
  /**
   * The gRPC call's signal: once it aborts (the caller cancelled or its deadline passed) the
   * request in flight is aborted, no retry starts, and the signal's reason is thrown.
   */
  signal?: AbortSignal;
}

export interface ChatAnswer {
  content: string;
  /** `stop`, `length`, ... as the provider reports it. */
  finishReason: string;
}

/** A chat call that failed for good (after retries, or at once for a non-retryable status). */
export class ChatCallError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'ChatCallError';
  }
}

export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** First backoff; doubles per retry. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 3, baseDelayMs: 1000, maxDelayMs: 30_000 };

/** A Retry-After longer than this is capped: the workflow's own timeout is the real bound. */
const MAX_RETRY_AFTER_MS = 120_000;

export interface ChatClientDeps {
  fetch: typeof globalThis.fetch;
  clock: Clock;
  /** 0..1; jitter source, seeded in tests. */
  random: () => number;
  retry: RetryPolicy;
  /** Per-model limiter, by model id. */
  limiter: (model: ModelConfig) => RateLimiter;
}

/** Calls one model's chat-completions endpoint, with retries. */
export type ChatClient = (model: ModelConfig, request: ChatRequest) => Promise<ChatAnswer>;

/** Parses `Retry-After` (seconds or an HTTP date) into milliseconds; null when absent or unreadable. */
export function parseRetryAfter(header: string | null, nowMs: number = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.min(Math.max(0, seconds * 1000), MAX_RETRY_AFTER_MS);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.min(Math.max(0, date - nowMs), MAX_RETRY_AFTER_MS);
}

function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

interface CompletionBody {
  choices?: { message?: { content?: unknown }; finish_reason?: unknown }[];
}

/** Some providers answer content as a list of text parts; join them. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part: unknown) =>
        typeof part === 'object' && part !== null && 'text' in part && typeof part.text === 'string' ? part.text : '',
      )
      .join('');
  }
  return '';
}

function toBody(model: ModelConfig, request: ChatRequest): string {
  return JSON.stringify({
    model: model.model,
    messages: request.messages,
    temperature: request.temperature,
    // `max_completion_tokens` is the current OpenAI name; omitted when the task sets no limit.
    ...(request.maxCompletionTokens > 0 ? { max_completion_tokens: request.maxCompletionTokens } : {}),
  });
}

/** The provider's `error.message` when the body is OpenAI's error JSON, else the body's start. */
function errorDetail(text: string): string {
  try {
    const json = JSON.parse(text) as { error?: { message?: unknown } }; // checked just below
    if (typeof json.error?.message === 'string') return json.error.message.slice(0, 200);
  } catch {
    // not JSON: fall through to the raw text
  }
  return text.slice(0, 200);
}

type Attempt = { answer: ChatAnswer } | { retryable: boolean; error: ChatCallError; retryAfterMs: number | null };

async function attempt(deps: ChatClientDeps, model: ModelConfig, body: string, call?: AbortSignal): Promise<Attempt> {
  let response: Response;
  const timeout = AbortSignal.timeout(model.timeoutMs);
  try {
    response = await deps.fetch(model.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(model.apiKey ? { authorization: `Bearer ${model.apiKey}` } : {}),
      },
      body,
      signal: call ? AbortSignal.any([timeout, call]) : timeout,
    });
  } catch (error) {
    // Nobody waits for this answer any more: no retry, the call's own reason.
    call?.throwIfAborted();
    // Timeouts and network failures are transient by nature.
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    const message = timedOut
      ? `timed out after ${model.timeoutMs} ms`
      : `request failed: ${error instanceof Error ? error.message : String(error)}`;
    return { retryable: true, error: new ChatCallError(message, null), retryAfterMs: null };
  }
  if (!response.ok) {
    // Drain the body so the connection can be reused; its text helps the operator (never secrets).
    const detail = errorDetail(await response.text().catch(() => ''));
    const error = new ChatCallError(`HTTP ${response.status}${detail ? `: ${detail}` : ''}`, response.status);
    return {
      retryable: isRetryableStatus(response.status),
      error,
      retryAfterMs: parseRetryAfter(response.headers.get('retry-after')),
    };
  }
  let json: CompletionBody;
  try {
    json = (await response.json()) as CompletionBody; // checked field by field below
  } catch (error) {
    return {
      retryable: true,
      error: new ChatCallError(`answer is not JSON: ${String(error)}`, response.status),
      retryAfterMs: null,
    };
  }
  const choice = json.choices?.[0];
  if (!choice)
    return { retryable: true, error: new ChatCallError('answer has no choices', response.status), retryAfterMs: null };
  return {
    answer: {
      content: contentText(choice.message?.content),
      finishReason: typeof choice.finish_reason === 'string' ? choice.finish_reason : '',
    },
  };
}

/** The clock's sleep, cut short (throwing the signal's reason) when `signal` aborts. */
async function sleepUnlessAborted(clock: Clock, ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return clock.sleep(ms);
  signal.throwIfAborted();
  let onAbort: () => void = () => undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    await Promise.race([clock.sleep(ms), aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/**
 * Creates the chat-completions caller. Every attempt takes a token from the model's bucket first.
 * Timeouts, network errors, 408, 429 and 5xx are retried with exponential backoff and jitter; a
 * `Retry-After` header, when present, replaces the computed delay. Other statuses fail at once.
 */
export function createChatClient(deps: ChatClientDeps): ChatClient {
  return async function complete(model, request) {
    const body = toBody(model, request);
    const { signal } = request;
    for (let retry = 0; ; retry++) {
      signal?.throwIfAborted();
      await deps.limiter(model).acquire();
      signal?.throwIfAborted();
      const result = await attempt(deps, model, body, signal);
      if ('answer' in result) return result.answer;
      if (!result.retryable || retry >= deps.retry.maxRetries) throw result.error;
      const backoff = Math.min(deps.retry.maxDelayMs, deps.retry.baseDelayMs * 2 ** retry);
      // Jitter between half and all of the backoff spreads out clients that failed together.
      await sleepUnlessAborted(deps.clock, result.retryAfterMs ?? backoff * (0.5 + deps.random() / 2), signal);
    }
  };
}
