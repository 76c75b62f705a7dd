import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { MODEL_PRECISIONS, type ModelPrecision } from './stage-config.js';

/** A model stage's precision setting: a precision, or `auto` to pick one from the CPU (resolvePrecision). */
export const PRECISION_SETTINGS = ['auto', ...MODEL_PRECISIONS] as const;
export type PrecisionSetting = (typeof PRECISION_SETTINGS)[number];

/** What the CPU offers, as the kernel reports it. */
export interface CpuFeatures {
  model: string;
  /** Lower-case feature flags (`flags` on x86, `Features` on Arm); empty where /proc/cpuinfo is absent. */
  flags: ReadonlySet<string>;
}

/**
 * Flags of int8 dot-product instructions, with which onnxruntime's int8 convolutions beat float32:
 * AVX-512 VNNI, AVX-VNNI and AMX on x86, the dot-product and int8 matrix extensions on Arm. Without
 * them (AVX2 alone) the int8 layout model ran no faster than float32 (docs/models.md).
 */
export const INT8_DOT_PRODUCT_FLAGS = ['avx512_vnni', 'avx_vnni', 'amx_int8', 'asimddp', 'i8mm'] as const;

/** Parses /proc/cpuinfo text (or reads it); a machine without one gets no flags. */
export function readCpuFeatures(cpuinfo?: string): CpuFeatures {
  let text = cpuinfo;
  if (text === undefined) {
    try {
      text = readFileSync('/proc/cpuinfo', 'utf8');
    } catch {
      text = '';
    }
  }
  const field = (name: string): string => new RegExp(`^${name}\\s*:\\s*(.*)$`, 'mi').exec(text)?.[1]?.trim() ?? '';
  const flags = new Set((field('flags') || field('Features')).toLowerCase().split(/\s+/).filter(Boolean));
  return { model: field('model name') || cpus()[0]?.model || 'unknown', flags };
}

/**
 * The precision a model stage runs at: the setting itself, or for `auto` int8 on a CPU with int8
 * dot-product instructions and float32 elsewhere. `reason` says why, for the start-up log.
 */
export function resolvePrecision(
  setting: PrecisionSetting,
  features: CpuFeatures = readCpuFeatures(),
): { precision: ModelPrecision; reason: string } {
  if (setting !== 'auto') return { precision: setting, reason: 'set explicitly' };
  const found = INT8_DOT_PRODUCT_FLAGS.filter((flag) => features.flags.has(flag));
  return found.length > 0
    ? { precision: 'int8', reason: `auto: the CPU has ${found.join(', ')}` }
    : { precision: 'float32', reason: `auto: the CPU has none of ${INT8_DOT_PRODUCT_FLAGS.join(', ')}` };
}
