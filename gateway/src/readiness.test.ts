import { Connection } from '@temporalio/client';
import { createGrpcServer, createLogger, listen, shutdownServer } from '@folio/runtime';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createDependencyProbes, createReadinessCheck, type ReadinessProbe } from './readiness.js';
import { createHarness, type Harness } from './testing/harness.js';

const logger = createLogger({ name: 'readiness-test', level: 'silent' });
const ok: ReadinessProbe = () => Promise.resolve();
const refused: ReadinessProbe = () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.5:50052'));
const hanging: ReadinessProbe = () => new Promise(() => undefined);

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('GET /health/ready', () => {
  it('answers 200 with every component ok, and leaves /health as the spec says', async () => {
    harness = await createHarness({ readinessProbes: { temporal: ok, storage: ok, ocr: ok } });
    const server = request(harness.app.callback());
    const response = await server.get('/health/ready').expect(200);
    expect(response.body).toEqual({ status: 'ready', components: { temporal: 'ok', storage: 'ok', ocr: 'ok' } });
    expect(response.headers['cache-control']).toBe('no-store');
    expect((await server.get('/health').expect(200)).text).toBe('OK - Version 9.9.9');
  });

  it('answers 503 naming what is down, without the reason (that goes to the log)', async () => {
    harness = await createHarness({ readinessProbes: { temporal: ok, storage: ok, ocr: refused } });
    const response = await request(harness.app.callback()).get('/health/ready').expect(503);
    expect(response.body).toEqual({
      status: 'not ready',
      components: { temporal: 'ok', storage: 'ok', ocr: 'down' },
      down: ['ocr'],
    });
    expect(response.text).not.toContain('10.0.0.5');
  });
});

describe('readiness check', () => {
  it('counts a probe that does not answer in time as down', async () => {
    const check = createReadinessCheck({ probes: { temporal: hanging, storage: ok }, timeoutMs: 50, logger });
    await expect(check()).resolves.toEqual({
      status: 'not ready',
      components: { temporal: 'down', storage: 'ok' },
      down: ['temporal'],
    });
  });

  it('shares one check between concurrent requests and reuses it for cacheMs', async () => {
    let calls = 0;
    let nowMs = 0;
    const counted: ReadinessProbe = () => {
      calls += 1;
      return Promise.resolve();
    };
    const check = createReadinessCheck({ probes: { storage: counted }, cacheMs: 1000, logger, now: () => nowMs });
    await Promise.all([check(), check(), check()]);
    expect(calls).toBe(1);
    nowMs = 999;
    await check();
    expect(calls).toBe(1);
    nowMs = 1000;
    await check();
    expect(calls).toBe(2);
  });
});

describe('dependency probes', () => {
  it('finds a listening stage ready, and an unreachable stage and Temporal down', async () => {
    const stage = createGrpcServer();
    const port = await listen(stage, '127.0.0.1', 0);
    harness = await createHarness();
    const connection = Connection.lazy({ address: '127.0.0.1:1' });
    const { probes, close } = createDependencyProbes({
      connection,
      store: harness.store,
      stageAddresses: {
        render: `127.0.0.1:${port}`,
        ocr: '127.0.0.1:1',
        layout: `127.0.0.1:${port}`,
        chunk: `127.0.0.1:${port}`,
        llm: `127.0.0.1:${port}`,
      },
    });
    try {
      const report = await createReadinessCheck({ probes, timeoutMs: 1000, logger })();
      expect(report.components).toEqual({
        temporal: 'down',
        storage: 'ok',
        render: 'ok',
        ocr: 'down',
        layout: 'ok',
        chunk: 'ok',
        llm: 'ok',
      });
      expect(report.down).toEqual(['temporal', 'ocr']);
    } finally {
      close();
      // The Temporal connection stays open: its retry interceptor may still have an attempt
      // scheduled (it stops at the deadline), and it throws if the channel closed under it.
      await shutdownServer(stage, 100);
    }
  });
});
