import { describe, expect, it } from 'vitest';
import { startFakeChatServer } from '../testing/chat-server.js';
import { FakeClock } from '../testing/fakes.js';
import { ChatCallError, createChatClient, parseRetryAfter } from './chat-client.js';
import type { ModelConfig } from './models.js';
import { createTokenBucket, unlimited } from './token-bucket.js';

describe('chat client', () => {
  it('reads Retry-After as seconds or as an HTTP date, capped', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('100000', now)).toBe(120_000);
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
  });

  it('retries network failures and gives up with a ChatCallError after the last retry', async () => {
    const server = await startFakeChatServer(() => ({ content: 'x' }));
    const endpoint = `${server.baseUrl}/chat/completions`;
    await server.close(); // nothing listens there any more: connection refused
    const clock = new FakeClock();
    const chat = createChatClient({
      fetch: globalThis.fetch,
      clock,
      random: () => 0,
      retry: { maxRetries: 2, baseDelayMs: 100, maxDelayMs: 1000 },
      limiter: () => unlimited,
    });
    const model: ModelConfig = {
      id: 'm',
      endpoint,
      apiKey: '',
      model: 'm',
      isDefault: true,
      isFallback: true,
      rateLimit: null,
      timeoutMs: 1000,
    };
    const error: unknown = await chat(model, { messages: [], temperature: 0, maxCompletionTokens: 0 }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ChatCallError);
    expect((error as Error).message).toMatch(/^request failed/);
    // Jitter 0 gives half the backoff.
    expect(clock.sleeps).toEqual([50, 100]);
  });

  it("stops when the call's signal aborts: the request in flight is aborted, no retry, the signal's reason thrown", async () => {
    const model: ModelConfig = {
      id: 'm',
      endpoint: 'http://provider.invalid/chat/completions',
      apiKey: '',
      model: 'm',
      isDefault: true,
      isFallback: true,
      rateLimit: null,
      timeoutMs: 60_000,
    };
    const reason = new Error('call cancelled');
    // A provider that answers nothing until the request is aborted.
    let fetches = 0;
    const hanging: typeof globalThis.fetch = (_url, init) => {
      fetches++;
      return new Promise((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error)),
      );
    };
    const inFlight = new AbortController();
    const chat = createChatClient({
      fetch: hanging,
      clock: new FakeClock(),
      random: () => 0,
      retry: { maxRetries: 3, baseDelayMs: 100, maxDelayMs: 1000 },
      limiter: () => unlimited,
    });
    const pending = chat(model, { messages: [], temperature: 0, maxCompletionTokens: 0, signal: inFlight.signal });
    setTimeout(() => inFlight.abort(reason), 20);
    await expect(pending).rejects.toBe(reason);
    expect(fetches).toBe(1);

    // Aborted while waiting to retry a failed attempt: the wait ends at once, no second attempt.
    let attempts = 0;
    const failing: typeof globalThis.fetch = () => {
      attempts++;
      return Promise.resolve(new Response('busy', { status: 503 }));
    };
    const waiting = new AbortController();
    const sleepy = { now: () => 0, sleep: () => new Promise<void>((resolve) => setTimeout(resolve, 60_000).unref()) };
    const retrying = createChatClient({
      fetch: failing,
      clock: sleepy,
      random: () => 0,
      retry: { maxRetries: 3, baseDelayMs: 100, maxDelayMs: 1000 },
      limiter: () => unlimited,
    });
    const started = Date.now();
    const backingOff = retrying(model, {
      messages: [],
      temperature: 0,
      maxCompletionTokens: 0,
      signal: waiting.signal,
    });
    setTimeout(() => waiting.abort(reason), 20);
    await expect(backingOff).rejects.toBe(reason);
    expect(attempts).toBe(1);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('takes a token from the model bucket before every attempt', async () => {
    const server = await startFakeChatServer(() => ({ content: 'ok' }));
    const clock = new FakeClock();
    const bucket = createTokenBucket(1, clock);
    const chat = createChatClient({
      fetch: globalThis.fetch,
      clock,
      random: () => 0,
      retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1 },
      limiter: () => bucket,
    });
    const model: ModelConfig = {
      id: 'm',
      endpoint: `${server.baseUrl}/chat/completions`,
      apiKey: '',
      model: 'm',
      isDefault: true,
      isFallback: true,
      rateLimit: 1,
      timeoutMs: 1000,
    };
    for (let i = 0; i < 3; i++) await chat(model, { messages: [], temperature: 0, maxCompletionTokens: 0 });
    expect(clock.sleeps).toEqual([1000, 1000]);
    expect(server.requests[0]?.authorization).toBeUndefined();
    await server.close();
  });
});
