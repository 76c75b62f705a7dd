import { Client, Connection } from '@temporalio/client';
import { temporal } from '@temporalio/proto';

const EventType = temporal.api.enums.v1.EventType;

/** Time spent in one activity type during a task's run. */
export interface StageTime {
  activity: string;
  calls: number;
  /** Sum of the calls' start-to-close times. */
  busyMs: number;
  /** First start to last close: the stage's share of the wall-clock time. */
  spanMs: number;
}

/** One activity type's part of the summed activity time of one or more tasks. */
export interface StageShare {
  activity: string;
  calls: number;
  busyMs: number;
  /** busyMs as a percentage of every activity's busyMs together. */
  percent: number;
}

/** Where the stage times come from: the stack's Temporal frontend and namespace. */
export interface TemporalTarget {
  address: string;
  namespace: string;
}

/** A history timestamp in ms since the epoch. */
export function toMs(time: { seconds?: unknown; nanos?: number | null } | null | undefined): number {
  return Number(time?.seconds ?? 0) * 1000 + (time?.nanos ?? 0) / 1e6;
}

/** One activity call: its type and when it ran, in ms since the epoch. */
export interface ActivityCall {
  activity: string;
  start: number;
  end: number;
}

/** What the SDK core writes in a local activity's marker (its `data` payload, JSON). */
interface LocalActivityMarkerData {
  activity_type?: string;
  complete_time?: { seconds?: number; nanos?: number } | null;
  original_schedule_time?: { seconds?: number; nanos?: number } | null;
}

const LOCAL_ACTIVITY_MARKER = 'core_local_activity';

/**
 * A local activity's call from its marker. The core records `complete_time` as the workflow time
 * of the workflow task that scheduled it plus the call's run time, and `original_schedule_time` on
 * the worker's clock, so the run time is `complete_time` minus the start time of the last workflow
 * task started by then.
 */
function localActivityCall(data: LocalActivityMarkerData, workflowTaskStarts: readonly number[]): ActivityCall | null {
  if (!data.activity_type || !data.complete_time || !data.original_schedule_time) return null;
  const scheduled = toMs(data.original_schedule_time);
  const taskStart = workflowTaskStarts.filter((time) => time <= scheduled).at(-1) ?? workflowTaskStarts.at(-1);
  if (taskStart === undefined) return null;
  const runMs = Math.max(0, toMs(data.complete_time) - taskStart);
  return { activity: data.activity_type, start: scheduled, end: scheduled + runMs };
}

/** Every activity call of one task, ordinary and local, read from its workflow history. */
export function activityCalls(history: temporal.api.history.v1.IHistory): ActivityCall[] {
  const scheduled = new Map<number, string>();
  const started = new Map<number, number>();
  const workflowTaskStarts: number[] = [];
  const calls: ActivityCall[] = [];
  for (const event of history.events ?? []) {
    const id = Number(event.eventId);
    if (event.eventType === EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED) {
      workflowTaskStarts.push(toMs(event.eventTime));
    } else if (event.eventType === EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED) {
      scheduled.set(id, event.activityTaskScheduledEventAttributes?.activityType?.name ?? '?');
    } else if (event.eventType === EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED) {
      started.set(Number(event.activityTaskStartedEventAttributes?.scheduledEventId), toMs(event.eventTime));
    } else if (event.eventType === EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED) {
      const scheduledId = Number(event.activityTaskCompletedEventAttributes?.scheduledEventId);
      const end = toMs(event.eventTime);
      calls.push({ activity: scheduled.get(scheduledId) ?? '?', start: started.get(scheduledId) ?? end, end });
    } else if (event.markerRecordedEventAttributes?.markerName === LOCAL_ACTIVITY_MARKER) {
      const payload = event.markerRecordedEventAttributes.details?.['data']?.payloads?.[0]?.data;
      if (!payload) continue;
      const call = localActivityCall(
        JSON.parse(new TextDecoder().decode(payload)) as LocalActivityMarkerData, // the core writes it
        workflowTaskStarts,
      );
      if (call) calls.push(call);
    }
  }
  return calls;
}

/** How much orchestration one task took: its history's events, workflow tasks and activities. */
export interface HistoryCounts {
  events: number;
  workflowTasks: number;
  /** Activities through the task queue, and local ones (run inside a workflow task). */
  activities: number;
  localActivities: number;
}

/** Counts what these events of a history hold. */
export function historyCounts(events: readonly temporal.api.history.v1.IHistoryEvent[]): HistoryCounts {
  const count = (type: temporal.api.enums.v1.EventType) => events.filter((event) => event.eventType === type).length;
  const markers = events.filter(
    (event) => event.markerRecordedEventAttributes?.markerName === LOCAL_ACTIVITY_MARKER,
  ).length;
  return {
    events: events.length,
    workflowTasks: count(EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED),
    activities: count(EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED),
    localActivities: markers,
  };
}

/** The time split per activity type of one finished task, in the order the types first started. */
export function stageTimesOf(history: temporal.api.history.v1.IHistory): StageTime[] {
  const stages = new Map<string, StageTime & { first: number; last: number }>();
  for (const { activity, start, end } of activityCalls(history).sort((a, b) => a.start - b.start)) {
    const stage = stages.get(activity) ?? { activity, calls: 0, busyMs: 0, spanMs: 0, first: start, last: end };
    stage.calls += 1;
    stage.busyMs += end - start;
    stage.first = Math.min(stage.first, start);
    stage.last = Math.max(stage.last, end);
    stage.spanMs = stage.last - stage.first;
    stages.set(activity, stage);
  }
  return [...stages.values()].map(({ activity, calls, busyMs, spanMs }) => ({ activity, calls, busyMs, spanMs }));
}

/**
 * The workflow histories of the tasks (the workflow id is the task id), in the order given; one
 * connection. A task whose workflow continued as new (a big document's history) gets the events of
 * all its runs, oldest first (event ids start again in each run).
 */
export async function fetchHistories(
  target: TemporalTarget,
  taskIds: readonly string[],
): Promise<temporal.api.history.v1.IHistory[]> {
  const connection = await Connection.connect({ address: target.address });
  try {
    const client = new Client({ connection, namespace: target.namespace });
    const histories: temporal.api.history.v1.IHistory[] = [];
    for (const taskId of taskIds) {
      let events = (await client.workflow.getHandle(taskId).fetchHistory()).events ?? [];
      for (;;) {
        const previousRun = events[0]?.workflowExecutionStartedEventAttributes?.continuedExecutionRunId;
        if (!previousRun) break;
        events = [...((await client.workflow.getHandle(taskId, previousRun).fetchHistory()).events ?? []), ...events];
      }
      histories.push({ events });
    }
    return histories;
  } finally {
    await connection.close();
  }
}

/**
 * Sums each activity type's busy time over all tasks and gives it as a share of the total, in
 * the order the types first appear. Activities of one task overlap (pages run side by side) and
 * tasks overlap each other, so the shares say where the work went, not where the wall time went.
 */
export function stageShares(perTask: readonly StageTime[][]): StageShare[] {
  const sums = new Map<string, { calls: number; busyMs: number }>();
  for (const stage of perTask.flat()) {
    const sum = sums.get(stage.activity) ?? { calls: 0, busyMs: 0 };
    sum.calls += stage.calls;
    sum.busyMs += stage.busyMs;
    sums.set(stage.activity, sum);
  }
  const totalMs = [...sums.values()].reduce((total, sum) => total + sum.busyMs, 0);
  return [...sums].map(([activity, { calls, busyMs }]) => ({
    activity,
    calls,
    busyMs,
    percent: totalMs > 0 ? (100 * busyMs) / totalMs : 0,
  }));
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** One line: `renderPages 0.42 s (3 calls)` per stage, spans, comma separated. */
export function formatStageTimes(stages: readonly StageTime[]): string {
  return stages
    .map((stage) => `${stage.activity} ${(stage.spanMs / 1000).toFixed(2)} s (${plural(stage.calls, 'call')})`)
    .join(', ');
}

/** One line: `renderPages 12.3% (4.10 s, 67 calls)` per stage, comma separated. */
export function formatStageShares(shares: readonly StageShare[]): string {
  return shares
    .map(
      (share) =>
        `${share.activity} ${share.percent.toFixed(1)}% (${(share.busyMs / 1000).toFixed(2)} s, ${plural(share.calls, 'call')})`,
    )
    .join(', ');
}
