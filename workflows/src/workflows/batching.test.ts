import { describe, expect, it } from 'vitest';
import { batches, createLimiter, mapLimit } from './batching.js';

/** A call the test ends by hand. */
function deferred(): { promise: Promise<void>; resolve: () => void; reject: (error: Error) => void } {
  let resolve!: () => void; // assigned by the executor below
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** Lets every pending promise callback run. */
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('batches', () => {
  it('splits pages into consecutive batches, the last one shorter', () => {
    expect(batches([0, 1, 2, 3, 4, 5, 6, 7], 3)).toEqual([
      [0, 1, 2],
      [3, 4, 5],
      [6, 7],
    ]);
    expect(batches([], 3)).toEqual([]);
  });
});

describe('mapLimit', () => {
  it('keeps the items in order with at most `limit` in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const results = await mapLimit([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      most = Math.max(most, ++inFlight);
      await settle();
      inFlight--;
      return item * 10;
    });
    expect(results).toEqual([10, 20, 30, 40, 50, 60, 70]);
    expect(most).toBe(3);
  });
});

describe('createLimiter', () => {
  it('never has more than `limit` calls in flight, and starts the waiting ones in call order', async () => {
    const limited = createLimiter(2);
    const calls = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    const done = calls.map((call, index) =>
      limited(() => {
        started.push(index);
        return call.promise;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    calls[1]!.resolve();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    calls[0]!.resolve();
    calls[2]!.resolve();
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    calls[3]!.resolve();
    calls[4]!.resolve();
    await Promise.all(done);
  });

  it('frees the place of a failed call', async () => {
    const limited = createLimiter(1);
    const failing = limited(() => Promise.reject(new Error('stage down')));
    const next = limited(() => Promise.resolve('ran'));
    await expect(failing).rejects.toThrow('stage down');
    await expect(next).resolves.toBe('ran');
  });
});
