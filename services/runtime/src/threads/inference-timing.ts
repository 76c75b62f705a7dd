import { isMainThread } from 'node:worker_threads';
import { metrics } from '../metrics.js';

/** One model inference and how long it took; crosses the thread boundary with a job's reply. */
export interface InferenceTiming {
  model: string;
  seconds: number;
}

/** A worker thread's timings not yet sent; bounded in case a thread runs models outside any job. */
const pending: InferenceTiming[] = [];
const MAX_PENDING = 10_000;

/**
 * Runs one model inference and records its time as `folio_model_inference_seconds{model}`. Models
 * run in worker threads, whose metrics no scrape reads: there the time waits for the job's reply
 * (serveThreadJobs sends it, the pool observes it on the main thread); on the main thread (tests,
 * inline engines) it is observed at once.
 */
export async function timeInference<T>(model: string, run: () => Promise<T>): Promise<T> {
  const startedAt = performance.now();
  try {
    return await run();
  } finally {
    const seconds = (performance.now() - startedAt) / 1000;
    if (isMainThread) metrics.modelInference.observe({ model }, seconds);
    else if (pending.length < MAX_PENDING) pending.push({ model, seconds });
  }
}

/** Takes the timings this worker thread recorded since the last call (serveThreadJobs). */
export function takeInferenceTimings(): InferenceTiming[] {
  return pending.splice(0);
}

/** Observes timings a worker thread sent (the thread pool, on the main thread). */
export function observeInferenceTimings(timings: readonly InferenceTiming[] | undefined): void {
  for (const { model, seconds } of timings ?? []) metrics.modelInference.observe({ model }, seconds);
}
