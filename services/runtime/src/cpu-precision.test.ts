import { describe, expect, it } from 'vitest';
import { readCpuFeatures, resolvePrecision, type PrecisionProbe } from './cpu-precision.js';
import type { ModelPrecision } from './stage-config.js';

const x86 = (flags: string): string =>
  `processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 7B13\nflags\t\t: fpu sse2 ${flags}\n\nprocessor\t: 1\n`;

/** Keeps the CPU busy until this process has used `ms` more milliseconds of it, as an inference would. */
function spin(ms: number): void {
  const start = process.cpuUsage();
  const used = (): number => {
    const { user, system } = process.cpuUsage(start);
    return (user + system) / 1000;
  };
  while (used() < ms);
}

/** A probe whose runs take the given CPU milliseconds; records loads, runs and releases. */
function fakeProbe(costs: Record<ModelPrecision, number>): { probe: PrecisionProbe; calls: string[] } {
  const calls: string[] = [];
  const probe: PrecisionProbe = (precision) => {
    calls.push(`load ${precision}`);
    return Promise.resolve({
      run: () => {
        calls.push(`run ${precision}`);
        spin(costs[precision]);
        return Promise.resolve();
      },
      release: () => {
        calls.push(`release ${precision}`);
        return Promise.resolve();
      },
    });
  };
  return { probe, calls };
}

describe('resolvePrecision', () => {
  it('picks int8 under auto where it takes clearly less CPU than float32, and says how much', async () => {
    const { probe, calls } = fakeProbe({ int8: 4, float32: 16 });
    const resolved = await resolvePrecision('auto', probe);
    expect(resolved.precision).toBe('int8');
    expect(resolved.reason).toMatch(/^auto: int8 \d+ ms, float32 \d+ ms of CPU per probe inference$/);
    // One warm-up and three timed rounds each, alternating; both models freed.
    expect(calls.filter((call) => call === 'run int8')).toHaveLength(4);
    expect(calls.filter((call) => call === 'run float32')).toHaveLength(4);
    expect(calls.slice(-2).sort()).toEqual(['release float32', 'release int8']);
  });

  it('keeps float32, the published weights, where int8 is no faster or only a little', async () => {
    expect((await resolvePrecision('auto', fakeProbe({ int8: 16, float32: 4 }).probe)).precision).toBe('float32');
    const tie = await resolvePrecision('auto', fakeProbe({ int8: 12, float32: 12 }).probe);
    expect(tie.precision).toBe('float32');
    expect(tie.reason).toContain('int8 is chosen at 0.85x or less');
  });

  it('frees both models when a probe inference fails', async () => {
    const released: string[] = [];
    const probe: PrecisionProbe = (precision) =>
      Promise.resolve({
        run: () => (precision === 'int8' ? Promise.reject(new Error('bad model')) : Promise.resolve()),
        release: () => {
          released.push(precision);
          return Promise.resolve();
        },
      });
    await expect(resolvePrecision('auto', probe)).rejects.toThrow('bad model');
    expect(released.sort()).toEqual(['float32', 'int8']);
  });

  it('keeps an explicit setting without loading anything', async () => {
    const { probe, calls } = fakeProbe({ int8: 1, float32: 1 });
    expect(await resolvePrecision('int8', probe)).toEqual({ precision: 'int8', reason: 'set explicitly' });
    expect((await resolvePrecision('float32', probe)).precision).toBe('float32');
    expect(calls).toEqual([]);
  });
});

describe('readCpuFeatures', () => {
  it('reads the model name and flags', () => {
    const features = readCpuFeatures(x86('avx2 avx512_vnni'));
    expect(features.model).toBe('AMD EPYC 7B13');
    expect(features.flags.has('avx512_vnni')).toBe(true);
  });

  it('reads Arm feature lists and a machine without /proc/cpuinfo text', () => {
    const arm = 'processor\t: 0\nBogoMIPS\t: 50.00\nFeatures\t: fp asimd asimddp sha3\nCPU implementer\t: 0x41\n';
    expect(readCpuFeatures(arm).flags.has('asimddp')).toBe(true);
    expect(readCpuFeatures('').flags.size).toBe(0);
  });
});
