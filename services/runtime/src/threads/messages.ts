import type { JobPriority } from './job-priority.js';
import type { InferenceTiming } from './inference-timing.js';

/** An error as it crosses the thread boundary; `kind` carries a domain type (e.g. RenderFailure's). */
export interface SerializedError {
  message: string;
  stack: string | undefined;
  kind: string | null;
}

/** Main thread -> worker: one job. */
export interface JobMessage {
  id: number;
  input: unknown;
  /**
   * No other job of the pool runs, and none will start beside it (nothing waits, or the job is
   * interactive: less urgent jobs wait for it): the job may use the cores the other workers would.
   */
  alone: boolean;
  /** The job's priority: the worker thread takes its niceness (thread-nice.ts). */
  priority: JobPriority;
}

/** Worker -> main thread. */
export type WorkerMessage =
  | { kind: 'ready' }
  | { kind: 'startFailed'; error: SerializedError }
  | { kind: 'reply'; id: number; ok: true; output: unknown; timings?: InferenceTiming[] }
  | { kind: 'reply'; id: number; ok: false; error: SerializedError; timings?: InferenceTiming[] };

export type JobReply = Extract<WorkerMessage, { kind: 'reply' }>;

export function serializeError(error: unknown): SerializedError {
  if (error instanceof Error) return { message: error.message, stack: error.stack, kind: null };
  return { message: String(error), stack: undefined, kind: null };
}

export function deserializeError(error: SerializedError): Error {
  const rebuilt = new Error(error.message);
  if (error.stack) rebuilt.stack = error.stack;
  return rebuilt;
}
