import { createLogger, createMemoryLimitsStore, createRateLimiter } from '@folio/runtime';
import Koa from 'koa';
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GatewayState } from '../context.js';
import { errorHandler } from './error-handler.js';
import { rateLimit } from './rate-limit.js';

const logger = createLogger({ name: 'test', level: 'silent' });

function limitedApp(ratePerSec: number, burst: number): Koa<GatewayState> {
  const limiter = createRateLimiter(createMemoryLimitsStore({ keyPrefix: 'test:', logger }), {
    name: 'requests',
    ratePerSec,
    burst,
  });
  const app = new Koa<GatewayState>();
  app.silent = true;
  app.use(errorHandler({ logger }));
  app.use(async (ctx, next) => {
    ctx.state.log = logger;
    ctx.state.ownerId = ctx.get('x-owner');
    await next();
  });
  app.use(rateLimit(limiter));
  app.use((ctx) => {
    ctx.body = 'ok';
  });
  return app;
}

describe('rateLimit', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('allows a burst per owner, then 429 Usage limit exceeded with Retry-After until the window turns', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const app = limitedApp(2, 3).callback();
    const send = (owner: string) => request(app).post('/').set('x-owner', owner);
    expect([(await send('a')).status, (await send('a')).status, (await send('a')).status]).toEqual([200, 200, 200]);
    const refused = await send('a');
    expect(refused.status).toBe(429);
    expect(refused.text).toBe('Usage limit exceeded');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await send('b')).status).toBe(200);
    vi.setSystemTime(Date.now() + 1000);
    expect((await send('a')).status).toBe(200);
  });
});
