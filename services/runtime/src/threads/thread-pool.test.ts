import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CallCancelledError, DeadlineExceededError } from '../errors.js';
import { createLogger, withLogFields } from '../logger.js';
import { JOB_NICE } from './thread-nice.js';
import { createThreadPool } from './thread-pool.js';

// Worker threads run plain JavaScript, so this test drives the compiled worker: turbo's test task
// runs after the build.
const workerUrl = new URL('../../dist/threads/testing-worker.js', import.meta.url);
if (!existsSync(fileURLToPath(workerUrl)))
  throw new Error('Build services/runtime first (npx tsc -b): dist/threads/testing-worker.js is missing');

const logger = createLogger({ name: 'thread-pool-test', level: 'silent' });
const pool = createThreadPool<object, number | Uint8Array>({ name: 'test', size: 2, workerUrl, logger });
afterAll(() => pool.close());

describe('thread pool', () => {
  it('runs jobs across workers and answers each with its own output', async () => {
    await pool.start();
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => pool.run({ square: n })));
    expect(results).toEqual([1, 4, 9, 16, 25]);
  });

  it('holds less urgent jobs back from free workers while an interactive job runs', async () => {
    const finished: string[] = [];
    const interactive = pool
      .run({ blockMs: 200 }, { priority: 'interactive' })
      .then(() => finished.push('interactive'));
    const normal = pool.run({ square: 3 }).then(() => finished.push('normal'));
    await Promise.all([interactive, normal]);
    expect(finished).toEqual(['interactive', 'normal']);
  });

  it('runs each job at the niceness of its priority where the thread may change it both ways (root on Linux)', async () => {
    const niceOf = (priority: 'interactive' | 'normal' | 'background') =>
      pool.run({ nice: true }, { priority }) as Promise<number>;
    const [background, interactive, normal] = [
      await niceOf('background'),
      await niceOf('interactive'),
      await niceOf('normal'),
    ];
    if (process.platform === 'linux' && process.getuid?.() === 0) {
      expect([background - interactive, normal - interactive]).toEqual([JOB_NICE.background, JOB_NICE.normal]);
    } else expect(background).toBeGreaterThanOrEqual(interactive);
  });

  it('tells a job whether it runs alone: no other job of the pool running or queued', async () => {
    await expect(pool.run({ alone: true })).resolves.toBe(1);
    const busy = pool.run({ blockMs: 200 });
    await expect(pool.run({ alone: true })).resolves.toBe(0);
    await busy;
  });

  it('rejects a job whose handler throws, with the message, and keeps working', async () => {
    await expect(pool.run({ fail: 'no such page' })).rejects.toThrow('no such page');
    await expect(pool.run({ square: 6 })).resolves.toBe(36);
  });

  it('fails the job of a worker that dies and replaces the worker', async () => {
    await expect(pool.run({ exit: true })).rejects.toThrow(/test worker exited \(code 3\)/);
    await expect(pool.run({ square: 7 })).resolves.toBe(49);
  });

  it('moves transferred buffers back to the main thread', async () => {
    const bytes = await pool.run({ bytes: 16 });
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect([...(bytes as Uint8Array)]).toEqual(new Array(16).fill(7));
  });

  it('reports a start-up failure from start() and from jobs', async () => {
    const broken = createThreadPool<object, number>({
      name: 'broken',
      size: 1,
      workerUrl,
      logger,
      workerData: { failStart: 'model file missing' },
    });
    try {
      await expect(broken.start()).rejects.toThrow('model file missing');
      await expect(broken.run({ square: 2 })).rejects.toThrow('model file missing');
    } finally {
      await broken.close();
    }
  });

  it('drops a queued job whose signal aborts before it starts, with the signal reason', async () => {
    const single = createThreadPool<object, number>({ name: 'single', size: 1, workerUrl, logger });
    try {
      await single.start();
      const busy = single.run({ blockMs: 300 });
      const controller = new AbortController();
      const queued = single.run({ square: 3 }, { signal: controller.signal });
      controller.abort(new CallCancelledError());
      // Rejected while the worker is still busy with the first job: it never ran.
      const outcome = await Promise.race([queued.catch((error: unknown) => error), busy.then(() => 'busy done')]);
      expect(outcome).toBeInstanceOf(CallCancelledError);
      await expect(busy).resolves.toBe(300);
      await expect(single.run({ square: 3 }, { signal: AbortSignal.abort() })).rejects.toThrow();
    } finally {
      await single.close();
    }
  });

  it('runs queued interactive jobs first and background ones last, each kind in its order', async () => {
    const single = createThreadPool<object, number>({ name: 'priority', size: 1, workerUrl, logger });
    try {
      await single.start();
      const finished: number[] = [];
      const track = (job: Promise<number>): Promise<number> =>
        job.then((n) => {
          finished.push(n);
          return n;
        });
      const busy = track(single.run({ blockMs: 200 }));
      const queued = [
        track(single.run({ square: 2 }, { priority: 'background' })),
        track(single.run({ square: 3 }, { priority: 'background' })),
        track(single.run({ square: 4 })),
        // A background RPC's jobs take its priority without being told (the call's log fields).
        track(withLogFields({ priority: 'background' }, () => single.run({ square: 5 }))),
        track(single.run({ square: 6 }, { priority: 'normal' })),
        track(single.run({ square: 7 }, { priority: 'interactive' })),
        track(withLogFields({ priority: 'interactive' }, () => single.run({ square: 8 }))),
      ];
      await Promise.all([busy, ...queued]);
      expect(finished).toEqual([200, 49, 64, 16, 36, 4, 9, 25]);
    } finally {
      await single.close();
    }
  });

  it('terminates a worker whose job runs past jobTimeoutMs, fails the job DEADLINE_EXCEEDED and replaces the worker', async () => {
    const limited = createThreadPool<object, number>({
      name: 'limited',
      size: 1,
      workerUrl,
      logger,
      jobTimeoutMs: 200,
    });
    try {
      await limited.start();
      const startedAt = performance.now();
      const error = await limited.run({ blockMs: 60_000 }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DeadlineExceededError);
      expect((error as DeadlineExceededError).code).toBe('DEADLINE_EXCEEDED');
      expect((error as Error).message).toBe('The limited job took longer than 0.2 s');
      expect(performance.now() - startedAt).toBeLessThan(5_000);
      await expect(limited.run({ square: 5 })).resolves.toBe(25);
      await expect(limited.run({ blockMs: 20 })).resolves.toBe(20);
    } finally {
      await limited.close();
    }
  });

  it('rejects jobs after close', async () => {
    const closing = createThreadPool<object, number>({ name: 'closing', size: 1, workerUrl, logger });
    await closing.close();
    await expect(closing.run({ square: 2 })).rejects.toThrow('The closing worker pool is closed');
  });
});
