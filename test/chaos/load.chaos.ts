// Load and fairness on the real stack: a flood from one owner must not delay another owner's task
// by more than 2x its unloaded time (per-owner admission, docs/architecture.md "Fairness"), and
// 100 concurrent tasks from 5 owners must all complete.
import { describe, expect, inject, test } from 'vitest';
import { makeReport } from '../src/fixtures.js';
import { createRaw, dataUri, isClearMessage, runCase, settle } from './chaos-case.js';
import type { ChaosOwner } from './chaos-setup.js';
import type { TrackedTask } from './report.js';

const MINUTE = 60_000;

/** Creates a task as `owner` and waits for it; returns its outcome and create-to-end seconds. */
async function timedTask(
  owner: ChaosOwner,
  pdf: string,
  budgetMs: number,
): Promise<{ status: string; message: string; seconds: number; task: TrackedTask | null }> {
  const key = inject('chaosKeys')[owner];
  const startedAt = performance.now();
  const created = await createRaw({ file: pdf, file_name: `${owner}.pdf` }, key);
  if (!created.task) return { status: `HTTP ${created.status}`, message: created.text, seconds: 0, task: null };
  // Polled every 100 ms: the times compared are a few seconds, the poll period must not count.
  const ended = await settle(created.task.task_id, key, budgetMs, 100);
  return {
    status: ended?.status ?? 'still running',
    message: ended?.message ?? '',
    seconds: (performance.now() - startedAt) / 1000,
    task: { taskId: created.task.task_id, key },
  };
}

/** Creates `count` tasks as `owner` at once; returns them (a refused create is reported, not thrown). */
async function flood(
  owner: ChaosOwner,
  pdf: string,
  count: number,
): Promise<{ tasks: TrackedTask[]; refused: string[] }> {
  const key = inject('chaosKeys')[owner];
  const replies = await Promise.all(
    Array.from({ length: count }, (_, index) => createRaw({ file: pdf, file_name: `${owner}-${index}.pdf` }, key)),
  );
  return {
    tasks: replies.flatMap((reply) => (reply.task ? [{ taskId: reply.task.task_id, key }] : [])),
    refused: replies.flatMap((reply) => (reply.task ? [] : [`${reply.status} ${reply.text}`])),
  };
}

/** Waits for every task; returns how many ended each way. */
async function settleAll(tasks: TrackedTask[], budgetMs: number): Promise<Map<string, number>> {
  const statuses = await Promise.all(
    tasks.map(async (task) => (await settle(task.taskId, task.key, budgetMs))?.status ?? 'still running'),
  );
  const counts = new Map<string, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return counts;
}

const describeCounts = (counts: Map<string, number>): string =>
  [...counts].map(([status, count]) => `${count} ${status}`).join(', ');

const set = inject('chaosSet');

describe('load and fairness', () => {
  test.runIf(set === 'full')(
    "a flood from one owner delays another owner's task by at most 2x its unloaded time",
    async () => {
      // The single task is the same 3-page document the flood sends.
      const document = dataUri(makeReport(3));
      const result = await runCase('load', 'fairness: 1 task beside a 40-task flood', async () => {
        // Unloaded: the better of two runs, so that a cold first run does not flatter the ratio.
        const first = await timedTask('chaos-victim', document, 3 * MINUTE);
        const second = await timedTask('chaos-victim', document, 3 * MINUTE);
        const unloaded = Math.min(first.seconds, second.seconds);
        const flooded = await flood('load-1', document, 40);
        // Let the flood fill the stages before the other owner's task arrives.
        await new Promise((resolve) => setTimeout(resolve, 5000));
        const loaded = await timedTask('chaos-victim', document, 10 * MINUTE);
        const floodEnds = await settleAll(flooded.tasks, 20 * MINUTE);
        const tasks = [first.task, second.task, loaded.task, ...flooded.tasks].filter(
          (task): task is TrackedTask => task !== null,
        );
        const ratio = loaded.seconds / unloaded;
        const ok =
          first.status === 'Succeeded' &&
          loaded.status === 'Succeeded' &&
          ratio <= 2 &&
          flooded.refused.length === 0 &&
          floodEnds.get('Succeeded') === flooded.tasks.length;
        return {
          outcome:
            `unloaded ${unloaded.toFixed(1)} s, beside the flood ${loaded.seconds.toFixed(1)} s (${ratio.toFixed(2)}x, at most 2x); ` +
            `flood: ${describeCounts(floodEnds)}${flooded.refused.length > 0 ? `, refused ${flooded.refused[0]}` : ''}` +
            (loaded.status === 'Succeeded' || isClearMessage(loaded.message)
              ? ''
              : ` (${loaded.status}: ${loaded.message})`),
          ok,
          tasks,
        };
      });
      expect(result.ok, result.outcome).toBe(true);
    },
    40 * MINUTE,
  );

  test.runIf(set === 'full')(
    '100 concurrent tasks from 5 owners all complete',
    async () => {
      const pdf = dataUri(makeReport(1));
      const owners: ChaosOwner[] = ['load-1', 'load-2', 'load-3', 'load-4', 'load-5'];
      const result = await runCase('load', '100 concurrent tasks, 5 owners', async () => {
        const startedAt = performance.now();
        const batches = await Promise.all(owners.map((owner) => flood(owner, pdf, 20)));
        const tasks = batches.flatMap((batch) => batch.tasks);
        const refused = batches.flatMap((batch) => batch.refused);
        const counts = await settleAll(tasks, 30 * MINUTE);
        const seconds = (performance.now() - startedAt) / 1000;
        return {
          outcome: `${describeCounts(counts)} in ${seconds.toFixed(0)} s${refused.length > 0 ? `; ${refused.length} refused: ${refused[0]}` : ''}`,
          ok: refused.length === 0 && counts.get('Succeeded') === 100,
          tasks,
        };
      });
      expect(result.ok, result.outcome).toBe(true);
    },
    40 * MINUTE,
  );
});
