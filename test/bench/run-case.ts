// Runs one pipeline case the way a user of the API would: every document created as a task,
// `concurrency` of them in flight, each polled until it ends; the whole machine's CPU and the
// stack's memory sampled meanwhile.
import { mapLimit } from '@folio/runtime';
import { createTask, waitForTask } from '../src/api.js';
import { sampleCpu, type CpuUsage } from '../src/cpu-sampler.js';
import { STACK_PROCESSES, sampleMemory, type MemorySample, type ProcessFilter } from '../src/memory-sampler.js';
import { sampleProcessCpu } from '../src/process-cpu.js';
import type { PipelineCase } from './cases.js';

/**
 * A single task is polled every 100 ms (250 by default), so its time is the service's within
 * 0.1 s; each poll has the gateway describe the workflow to Temporal, so polling much faster
 * takes CPU from the pipeline. A batch polls every 500 ms, as a batch client would: with several
 * tasks in flight, 100 ms polls would add up, and 0.5 s is little against the batch's minutes.
 */
const SINGLE_POLL_MS = 100;
const BATCH_POLL_MS = 500;

/** Long enough for any task of a case to end even at the back of a busy batch; only a hang hits it. */
const TASK_TIMEOUT_MS = 30 * 60_000;

/** How one document of a case ended. */
export interface DocumentOutcome {
  fileName: string;
  taskId: string | null;
  status: string;
  message: string;
  pageCount: number;
}

/** What one case measured. */
export interface CaseResult {
  outcomes: DocumentOutcome[];
  pages: number;
  /** First create to last task ended. */
  seconds: number;
  cpu: CpuUsage;
  /** The stack's processes at their highest summed RSS; null when the stack is not local. */
  peakRss: MemorySample | null;
  /** CPU seconds of each of the stack's processes over the case; null when the stack is not local. */
  cpuByProcess: Map<string, number> | null;
}

/** Runs `benchCase`; `stackProcesses` null means the stack runs elsewhere and is not sampled. */
export async function runCase(
  benchCase: PipelineCase,
  stackProcesses: Omit<ProcessFilter, 'pattern'> | null,
): Promise<CaseResult> {
  const documents = benchCase.documents();
  const pollMs = benchCase.concurrency > 1 ? BATCH_POLL_MS : SINGLE_POLL_MS;
  const memory = stackProcesses ? sampleMemory({ pattern: STACK_PROCESSES, ...stackProcesses }) : null;
  const processCpu = stackProcesses ? sampleProcessCpu({ pattern: STACK_PROCESSES, ...stackProcesses }) : null;
  const cpu = sampleCpu(250);
  const startedAt = performance.now();
  const outcomes = await mapLimit(documents, benchCase.concurrency, async (document) => {
    const fileName = document.fileName ?? benchCase.id;
    try {
      const config = document.fileName ? { ...benchCase.config, file_name: document.fileName } : benchCase.config;
      const created = await createTask(document.bytes, config);
      const task = await waitForTask(created.task_id, TASK_TIMEOUT_MS, undefined, pollMs);
      return {
        fileName,
        taskId: task.task_id,
        status: task.status,
        message: task.message,
        pageCount: task.output?.page_count ?? 0,
      };
    } catch (error) {
      return { fileName, taskId: null, status: 'Error', message: String(error), pageCount: 0 };
    }
  });
  const seconds = (performance.now() - startedAt) / 1000;
  const usage = cpu.stop();
  const peakRss = memory ? memory.stop() : null;
  const cpuByProcess = processCpu ? processCpu.stop() : null;
  return {
    outcomes,
    pages: outcomes.reduce((total, outcome) => total + outcome.pageCount, 0),
    seconds,
    cpu: usage,
    peakRss,
    cpuByProcess,
  };
}
