// One-page latency (issue 44 item 3): a small document sent again and again on an idle stack,
// create to Succeeded as a client polling every 50 ms sees it, and where each run's time went by
// its workflow history: the stage calls, the orchestration around them, and what lies outside the
// workflow (the create request, the polls, the last GET).
import type { temporal } from '@temporalio/proto';
import { createTask, waitForTask } from '../src/api.js';
import { activityCalls, historyCounts, toMs, type ActivityCall, type HistoryCounts } from './stage-times.js';

/** How often the client polls: the figure the target is stated with. */
export const LATENCY_POLL_MS = 50;

/** The memo key the workflow publishes its state under (workflows' TASK_MEMO_KEY). */
const TASK_MEMO_KEY = 'task';

/** One run as the client saw it. */
export interface LatencyRun {
  taskId: string;
  /** Create request sent to Succeeded seen, in ms. */
  totalMs: number;
}

/** Sends `bytes` `runs` times, one task at a time, and times each from create to Succeeded. */
export async function measureLatency(
  bytes: Buffer,
  config: Record<string, unknown>,
  runs: number,
): Promise<LatencyRun[]> {
  const measured: LatencyRun[] = [];
  for (let run = 0; run < runs; run++) {
    const startedAt = performance.now();
    const created = await createTask(bytes, config);
    const task = await waitForTask(created.task_id, 120_000, undefined, LATENCY_POLL_MS);
    if (task.status !== 'Succeeded') throw new Error(`latency run ${run + 1}: ${task.status} ${task.message}`);
    measured.push({ taskId: task.task_id, totalMs: performance.now() - startedAt });
  }
  return measured;
}

/** What one task's history says about its first run. */
export interface RunAnatomy extends HistoryCounts {
  /** Workflow start to the event that published the Succeeded state. */
  workflowMs: number;
  /** Each activity type's summed run time. */
  activityMs: Map<string, number>;
  /** workflowMs less the time some activity was running: workflow tasks, queues, signals. */
  orchestrationMs: number;
}

/** The status a memo event publishes, if it carries the task state. */
function publishedStatus(event: temporal.api.history.v1.IHistoryEvent): string | null {
  const fields =
    event.workflowPropertiesModifiedEventAttributes?.upsertedMemo?.fields ??
    event.workflowExecutionStartedEventAttributes?.memo?.fields;
  const data = fields?.[TASK_MEMO_KEY]?.data;
  if (!data) return null;
  const state = JSON.parse(new TextDecoder().decode(data)) as { status?: string };
  return state.status ?? null;
}

/** Time covered by the union of the calls' intervals, within [from, to]. */
function coveredMs(calls: readonly ActivityCall[], from: number, to: number): number {
  let covered = 0;
  let reach = from;
  for (const call of [...calls].sort((a, b) => a.start - b.start)) {
    const start = Math.max(call.start, reach);
    const end = Math.min(call.end, to);
    if (end > start) covered += end - start;
    reach = Math.max(reach, end);
  }
  return covered;
}

/** The anatomy of a task's first run, up to the event that published Succeeded. */
export function runAnatomy(history: temporal.api.history.v1.IHistory): RunAnatomy {
  const events = history.events ?? [];
  const start = toMs(events[0]?.eventTime);
  const succeeded = events.find((event) => publishedStatus(event) === 'Succeeded');
  if (!succeeded) throw new Error('the history never publishes a Succeeded state');
  const end = toMs(succeeded.eventTime);
  const upTo = events.slice(0, events.indexOf(succeeded) + 1);
  const calls = activityCalls({ events: upTo });
  const activityMs = new Map<string, number>();
  for (const call of calls) activityMs.set(call.activity, (activityMs.get(call.activity) ?? 0) + call.end - call.start);
  return {
    ...historyCounts(upTo),
    workflowMs: end - start,
    activityMs,
    orchestrationMs: end - start - coveredMs(calls, start, end),
  };
}

/** The value at quantile `q` (0-1) of `values`, nearest rank. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

const median = (values: readonly number[]): number => quantile(values, 0.5);

/** The lines the bench prints: percentiles, then the median run taken apart. */
export function formatLatency(runs: readonly LatencyRun[], anatomies: readonly RunAnatomy[]): string[] {
  const totals = runs.map((run) => run.totalMs);
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const lines = [
    `create -> Succeeded over ${runs.length} runs (polled every ${LATENCY_POLL_MS} ms): p50 ${seconds(median(totals))} s, p95 ${seconds(quantile(totals, 0.95))} s, min ${seconds(quantile(totals, 0))} s`,
  ];
  if (anatomies.length === 0) return lines;
  const workflow = median(anatomies.map((anatomy) => anatomy.workflowMs));
  const types = [...new Set(anatomies.flatMap((anatomy) => [...anatomy.activityMs.keys()]))];
  const perType = types.map(
    (type) => `${type} ${median(anatomies.map((anatomy) => anatomy.activityMs.get(type) ?? 0)).toFixed(0)}`,
  );
  lines.push(
    `  medians, ms: workflow start -> Succeeded published ${workflow.toFixed(0)} (orchestration ${median(anatomies.map((anatomy) => anatomy.orchestrationMs)).toFixed(0)}: workflow tasks, queues, signals), outside the workflow ${(median(totals) - workflow).toFixed(0)} (create, polls, last GET)`,
    `  activities, median ms each: ${perType.join(', ')}`,
    `  per task: ${median(anatomies.map((anatomy) => anatomy.events))} history events, ${median(anatomies.map((anatomy) => anatomy.workflowTasks))} workflow tasks, ${median(anatomies.map((anatomy) => anatomy.activities))} activities + ${median(anatomies.map((anatomy) => anatomy.localActivities))} local`,
  );
  return lines;
}
