// What every chaos case does around its own action: time it, sample the stack's memory, wait for
// the tasks it created within its budget, check that a normal task still succeeds afterwards, and
// write its row.
import { inject } from 'vitest';
import { api, createTask, waitForTask, type ApiTask } from '../src/api.js';
import { makeReport } from '../src/fixtures.js';
import { STACK_PROCESSES, sampleMemory } from '../src/memory-sampler.js';
import { recordCase, type CaseResult, type TrackedTask } from './report.js';

/** A response as the cases see it. */
export interface Reply {
  status: number;
  text: string;
}

/**
 * A message a person can act on: not empty, not a generic server error, no stack trace, no
 * `[object Object]` or `undefined` leaking from a template.
 */
export function isClearMessage(message: string | null | undefined): boolean {
  if (!message || message.trim().length === 0) return false;
  return !/internal server error|\bundefined\b|\[object |\n\s+at |^Error:|^Task started$|^Task queued$|call stack|(Range|Type|Reference)Error|Cannot read propert/i.test(
    message,
  );
}

/** Creates a task from a JSON body (the file as a data URI or whatever the case sends), as `key`. */
export async function createRaw(body: unknown, key: string): Promise<Reply & { task: ApiTask | null }> {
  const response = await api('POST', '/api/v1/task/parse', { body, key });
  return {
    status: response.status,
    text: response.text,
    task: response.status === 200 ? response.json<ApiTask>() : null,
  };
}

/** A data URI of `bytes` (the MIME type is only a hint: the service detects the type from the bytes). */
export function dataUri(bytes: Buffer, mime = 'application/octet-stream'): string {
  return `data:${mime};base64,${bytes.toString('base64')}`;
}

/** Polls `taskId` as `key` every `pollMs` until it ends or `budgetMs` passes; null if it did not end in time. */
export async function settle(taskId: string, key: string, budgetMs: number, pollMs = 500): Promise<ApiTask | null> {
  const deadline = Date.now() + budgetMs;
  for (;;) {
    const response = await api('GET', `/api/v1/task/${taskId}?include_chunks=true`, { key });
    if (response.status === 200) {
      const task = response.json<ApiTask>();
      if (task.status !== 'Starting' && task.status !== 'Processing') return task;
    } else if (response.status >= 500 || response.status === 404) {
      throw new Error(`polling ${taskId}: ${response.status} ${response.text}`);
    }
    if (Date.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** A one-page report, as any tenant would send, must still succeed: the service is up and well. */
export async function canarySucceeds(): Promise<boolean> {
  const task = await createTask(makeReport(1), { ocr_strategy: 'Auto', file_name: 'canary.pdf' }).catch(() => null);
  if (!task) return false;
  const done = await waitForTask(task.task_id, 180_000, undefined, 500).catch(() => null);
  return done?.status === 'Succeeded';
}

/** What a case's action reports back to `runCase`. */
export interface CaseOutcome {
  outcome: string;
  ok: boolean;
  tasks: TrackedTask[];
  serverErrors?: number;
  kills?: number;
}

/**
 * Runs one case: `action` under a memory sampler and a clock, then (unless `canary` is false) a
 * normal task that must succeed; records the row and returns it.
 */
export async function runCase(
  suite: string,
  name: string,
  action: () => Promise<CaseOutcome>,
  options: { canary?: boolean } = {},
): Promise<CaseResult> {
  const memory = sampleMemory({ pattern: STACK_PROCESSES, ancestorPid: inject('chaosStackPid') });
  const startedAt = performance.now();
  let outcome: CaseOutcome;
  try {
    outcome = await action();
  } catch (error) {
    outcome = { outcome: `error: ${error instanceof Error ? error.message : String(error)}`, ok: false, tasks: [] };
  }
  const seconds = (performance.now() - startedAt) / 1000;
  const peakRssBytes = memory.stop().bytes;
  let ok = outcome.ok;
  let text = outcome.outcome;
  if (options.canary !== false && !(await canarySucceeds())) {
    ok = false;
    text += ' (a normal task after it did not succeed)';
  }
  const result: CaseResult = {
    suite,
    name,
    outcome: text,
    ok,
    seconds,
    peakRssBytes,
    taskIds: outcome.tasks.map((task) => task.taskId),
    serverErrors: outcome.serverErrors ?? 0,
    kills: outcome.kills ?? 0,
  };
  recordCase(inject('chaosReport'), result, outcome.tasks);
  return result;
}
