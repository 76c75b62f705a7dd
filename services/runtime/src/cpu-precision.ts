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
 * Loads a stage's model at one precision: `run` is one inference of a fixed probe input, so
 * `resolvePrecision` can time both copies on this machine; `release` frees the model.
 */
export type PrecisionProbe = (
  precision: ModelPrecision,
) => Promise<{ run: () => Promise<unknown>; release: () => Promise<void> }>;

/** Timed rounds per precision after one warm-up each, alternating so a busy moment hits both. */
const PROBE_ROUNDS = 3;

/**
 * int8 must take at most this share of float32's time to be chosen: float32 is the published
 * weights, so a tie keeps it.
 */
const INT8_MAX_SHARE = 0.85;

/** CPU milliseconds (user + system, all threads) this process spends in `run`. */
async function cpuMsOf(run: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * The precision a model stage runs at: the setting itself, or for `auto` the faster of int8 and
 * float32 on this CPU, measured once at start with `probe` (CPU time of the process, so other
 * processes starting beside it do not sway it). Whether int8 pays depends on more than the
 * instruction set: it took about 0.6x float32's time on an AVX2-only AMD EPYC, where
 * an earlier AVX2 machine showed no gain (docs/models.md), so no flag list decides it. `reason` gives the figures, for the start-up log.
 */
export async function resolvePrecision(
  setting: PrecisionSetting,
  probe: PrecisionProbe,
): Promise<{ precision: ModelPrecision; reason: string }> {
  if (setting !== 'auto') return { precision: setting, reason: 'set explicitly' };
  const models = { int8: await probe('int8'), float32: await probe('float32') };
  const times: Record<ModelPrecision, number[]> = { int8: [], float32: [] };
  try {
    for (const precision of MODEL_PRECISIONS) await models[precision].run();
    for (let round = 0; round < PROBE_ROUNDS; round += 1) {
      for (const precision of MODEL_PRECISIONS) times[precision].push(await cpuMsOf(models[precision].run));
    }
  } finally {
    await Promise.all(MODEL_PRECISIONS.map((precision) => models[precision].release()));
  }
  const int8 = median(times.int8);
  const float32 = median(times.float32);
  const figures = `int8 ${int8.toFixed(0)} ms, float32 ${float32.toFixed(0)} ms of CPU per probe inference`;
  return int8 <= float32 * INT8_MAX_SHARE
    ? { precision: 'int8', reason: `auto: ${figures}` }
    : { precision: 'float32', reason: `auto: ${figures}; int8 is chosen at ${INT8_MAX_SHARE}x or less` };
}
