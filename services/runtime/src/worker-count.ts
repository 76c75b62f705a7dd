import { availableParallelism, totalmem } from 'node:os';

/** Bytes in a mebibyte, for per-worker estimates written in MiB. */
export const MIB = 1024 * 1024;

export interface WorkerCountOptions {
  /** What the service's `<STAGE>_WORKERS` setting says; when set it wins over both limits. */
  configured: number | undefined;
  /** Threads each worker runs (ONNX Runtime threads); the CPU limit is cores / this. Default 1. */
  threadsPerWorker?: number;
  /** About how much memory one worker holds at its peak (its model copy, its heap). */
  bytesPerWorker: number;
  /**
   * The share of the machine's memory this stage's workers may take: the rest of the stack (other
   * stages, Temporal, the gateway) runs beside them. Default one half.
   */
  memoryShare?: number;
  /** The machine, for tests; read from the OS by default. */
  cpus?: number;
  memoryBytes?: number;
}

/** The chosen worker count and why, for the start-up log. */
export interface WorkerCount {
  workers: number;
  /** `setting`: the configured value; `cpu` or `memory`: the default's binding limit. */
  reason: 'setting' | 'cpu' | 'memory';
  byCpu: number;
  byMemory: number;
  memoryMiB: number;
}

/**
 * The memory this process may use: the machine's, or the cgroup's limit when lower (a container).
 * Node reports no limit as 0 or as a huge number, so the smaller of the two is taken.
 */
export function availableMemoryBytes(): number {
  const constrained = process.constrainedMemory();
  const total = totalmem();
  return constrained > 0 ? Math.min(constrained, total) : total;
}

/**
 * How many worker threads a stage runs: the setting when there is one; otherwise one per core
 * (divided by its threads per worker), but no more than its share of memory holds, and at least
 * one. Each OCR worker holds its own model copy (about 700 MiB), so on a machine with many cores
 * and little memory the CPU count alone would start more workers than fit.
 */
export function chooseWorkerCount(options: WorkerCountOptions): WorkerCount {
  const cpus = options.cpus ?? availableParallelism();
  const memoryBytes = options.memoryBytes ?? availableMemoryBytes();
  const byCpu = Math.max(1, Math.floor(cpus / (options.threadsPerWorker ?? 1)));
  const byMemory = Math.max(1, Math.floor((memoryBytes * (options.memoryShare ?? 0.5)) / options.bytesPerWorker));
  const memoryMiB = Math.round(memoryBytes / MIB);
  if (options.configured !== undefined)
    return { workers: options.configured, reason: 'setting', byCpu, byMemory, memoryMiB };
  return byMemory < byCpu
    ? { workers: byMemory, reason: 'memory', byCpu, byMemory, memoryMiB }
    : { workers: byCpu, reason: 'cpu', byCpu, byMemory, memoryMiB };
}
