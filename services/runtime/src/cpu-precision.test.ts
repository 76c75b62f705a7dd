import { describe, expect, it } from 'vitest';
import { readCpuFeatures, resolvePrecision } from './cpu-precision.js';

const x86 = (flags: string): string =>
  `processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 7B13\nflags\t\t: fpu sse2 ${flags}\n\nprocessor\t: 1\n`;
const arm = 'processor\t: 0\nBogoMIPS\t: 50.00\nFeatures\t: fp asimd asimddp sha3\nCPU implementer\t: 0x41\n';

describe('resolvePrecision', () => {
  it('picks int8 on an x86 CPU with AVX-512 VNNI or AVX-VNNI', () => {
    expect(resolvePrecision('auto', readCpuFeatures(x86('avx2 avx512f avx512_vnni')))).toEqual({
      precision: 'int8',
      reason: 'auto: the CPU has avx512_vnni',
    });
    expect(resolvePrecision('auto', readCpuFeatures(x86('avx2 avx_vnni'))).precision).toBe('int8');
  });

  it('picks float32 on an AVX2-only CPU, where int8 is no faster', () => {
    const resolved = resolvePrecision('auto', readCpuFeatures(x86('avx avx2 fma')));
    expect(resolved.precision).toBe('float32');
    expect(resolved.reason).toContain('none of avx512_vnni');
  });

  it('reads Arm feature lists and a machine without /proc/cpuinfo text', () => {
    expect(resolvePrecision('auto', readCpuFeatures(arm)).precision).toBe('int8');
    expect(resolvePrecision('auto', readCpuFeatures('')).precision).toBe('float32');
  });

  it('keeps an explicit setting whatever the CPU', () => {
    expect(resolvePrecision('int8', readCpuFeatures(''))).toEqual({ precision: 'int8', reason: 'set explicitly' });
    expect(resolvePrecision('float32', readCpuFeatures(x86('avx512_vnni'))).precision).toBe('float32');
  });

  it('reads the model name', () => {
    expect(readCpuFeatures(x86('avx2')).model).toBe('AMD EPYC 7B13');
  });
});
