import { describe, expect, it } from 'vitest';
import { MIB, availableMemoryBytes, chooseWorkerCount } from './worker-count.js';

const GIB = 1024 * MIB;

describe('chooseWorkerCount', () => {
  it('defaults to one worker per core when memory holds them', () => {
    expect(
      chooseWorkerCount({ configured: undefined, bytesPerWorker: 700 * MIB, cpus: 8, memoryBytes: 32 * GIB }),
    ).toEqual({
      workers: 8,
      reason: 'cpu',
      byCpu: 8,
      byMemory: 23,
      memoryMiB: 32 * 1024,
    });
  });

  it('caps the default by the share of memory: 16 cores and 4 GiB start 2 OCR workers, not 16', () => {
    const count = chooseWorkerCount({
      configured: undefined,
      bytesPerWorker: 700 * MIB,
      cpus: 16,
      memoryBytes: 4 * GIB,
    });
    expect(count).toMatchObject({ workers: 2, reason: 'memory', byCpu: 16, byMemory: 2 });
  });

  it('divides the cores by the threads per worker and never goes below one worker', () => {
    expect(
      chooseWorkerCount({ configured: undefined, threadsPerWorker: 2, bytesPerWorker: MIB, cpus: 8, memoryBytes: GIB })
        .workers,
    ).toBe(4);
    expect(
      chooseWorkerCount({ configured: undefined, threadsPerWorker: 4, bytesPerWorker: MIB, cpus: 2, memoryBytes: GIB })
        .workers,
    ).toBe(1);
    expect(
      chooseWorkerCount({ configured: undefined, bytesPerWorker: 2 * GIB, cpus: 4, memoryBytes: GIB }).workers,
    ).toBe(1);
  });

  it('keeps an explicit setting even past both limits', () => {
    const count = chooseWorkerCount({ configured: 6, bytesPerWorker: 700 * MIB, cpus: 2, memoryBytes: 2 * GIB });
    expect(count).toMatchObject({ workers: 6, reason: 'setting', byCpu: 2, byMemory: 1 });
  });

  it("reads this machine's memory as a positive byte count no larger than the machine's", () => {
    const bytes = availableMemoryBytes();
    expect(bytes).toBeGreaterThan(0);
    expect(Number.isFinite(bytes)).toBe(true);
  });
});
