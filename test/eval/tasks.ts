// Sending documents through the public API, two at a time at most (the machine has 2 cores, and
// more tasks in flight only queue inside the stack and blur the per-document timings).
import { createTask, waitForTask, type ApiSegment } from '../src/api.js';

/** Options of one evaluation run, from the command line (scripts/eval.mjs). */
export interface EvalOptions {
  set: 'omnidoc' | 'icdar' | 'checks' | 'formulas' | 'tables' | 'all';
  limit: number | null;
  /** Only the checks documents whose file name contains this (for the formula set: the engines). */
  only: string | null;
  /** The part of the checks set to score: `tuned` (the default) or `frozen` (only before stopping). */
  part: 'tuned' | 'frozen';
  /** The formula benchmark's variants to run (comma-separated names); every variant when null. */
  variant: string | null;
  out: string;
  draw: string | null;
  corpus: string;
  highResolution: boolean;
  concurrency: number;
}

/** What came back for one document. */
export interface TaskOutcome {
  taskId: string | null;
  status: string;
  message: string;
  seconds: number;
  pageCount: number | null;
  /** Every segment in output order (chunks in order, segments in chunk order). */
  segments: ApiSegment[];
}

/**
 * The request options: each chunk holds one segment and headers and footers stay in the output,
 * so every segment the layout produced is scored in the order the service gives; Table, Formula
 * and Page use the built-in (Auto) strategies, since the evaluation has no language model.
 */
export function taskConfig(
  ocrStrategy: 'All' | 'Auto',
  highResolution: boolean,
  fileName: string,
): Record<string, unknown> {
  return {
    file_name: fileName,
    ocr_strategy: ocrStrategy,
    segmentation_strategy: 'LayoutAnalysis',
    high_resolution: highResolution,
    chunk_processing: { target_length: 0, ignore_headers_and_footers: false },
    segment_processing: {
      Table: { strategy: 'Auto', format: 'Html' },
      Formula: { strategy: 'Auto' },
      Page: { strategy: 'Auto' },
      Picture: { crop_image: 'Auto' },
    },
  };
}

/** What a failed fetch says of its cause (" (other side closed)"), or nothing. */
function causeOf(error: Error): string {
  return error.cause instanceof Error ? ` (${error.cause.message})` : '';
}

/** Creates a task for `bytes`, waits for it and returns its segments; failures are returned, not thrown. */
export async function runTask(
  bytes: Buffer,
  mimeType: string,
  config: Record<string, unknown>,
  timeoutMs: number,
): Promise<TaskOutcome> {
  const startedAt = performance.now();
  const seconds = (): number => (performance.now() - startedAt) / 1000;
  try {
    const created = await createTask(bytes, config, mimeType);
    const task = await waitForTask(created.task_id, timeoutMs);
    return {
      taskId: task.task_id,
      status: task.status,
      message: task.message,
      seconds: seconds(),
      pageCount: task.output?.page_count ?? null,
      segments: task.status === 'Succeeded' ? task.output.chunks.flatMap((chunk) => chunk.segments) : [],
    };
  } catch (error) {
    return {
      taskId: null,
      status: 'Error',
      message: error instanceof Error ? `${error.message}${causeOf(error)}` : String(error),
      seconds: seconds(),
      pageCount: null,
      segments: [],
    };
  }
}
