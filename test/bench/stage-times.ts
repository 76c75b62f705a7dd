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

function toMs(time: { seconds?: unknown; nanos?: number | null } | null | undefined): number {
  return Number(time?.seconds ?? 0) * 1000 + (time?.nanos ?? 0) / 1e6;
}

/**
 * The time split per stage of a finished task, read from its workflow history (the workflow id
 * is the task id): one entry per activity type, in the order the stages first started.
 */
export async function stageTimes(temporalAddress: string, taskId: string): Promise<StageTime[]> {
  const connection = await Connection.connect({ address: temporalAddress });
  try {
    const history = await new Client({ connection }).workflow.getHandle(taskId).fetchHistory();
    const scheduled = new Map<number, string>();
    const started = new Map<number, number>();
    const stages = new Map<string, StageTime & { first: number; last: number }>();
    for (const event of history.events ?? []) {
      const id = Number(event.eventId);
      if (event.eventType === EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED) {
        scheduled.set(id, event.activityTaskScheduledEventAttributes?.activityType?.name ?? '?');
      } else if (event.eventType === EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED) {
        started.set(Number(event.activityTaskStartedEventAttributes?.scheduledEventId), toMs(event.eventTime));
      } else if (event.eventType === EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED) {
        const scheduledId = Number(event.activityTaskCompletedEventAttributes?.scheduledEventId);
        const activity = scheduled.get(scheduledId) ?? '?';
        const start = started.get(scheduledId) ?? toMs(event.eventTime);
        const end = toMs(event.eventTime);
        const stage = stages.get(activity) ?? { activity, calls: 0, busyMs: 0, spanMs: 0, first: start, last: end };
        stage.calls += 1;
        stage.busyMs += end - start;
        stage.first = Math.min(stage.first, start);
        stage.last = Math.max(stage.last, end);
        stage.spanMs = stage.last - stage.first;
        stages.set(activity, stage);
      }
    }
    return [...stages.values()].map(({ activity, calls, busyMs, spanMs }) => ({ activity, calls, busyMs, spanMs }));
  } finally {
    await connection.close();
  }
}

/** One line: `renderPages 0.42 s (3 calls)` per stage, spans, comma separated. */
export function formatStageTimes(stages: StageTime[]): string {
  return stages
    .map(
      (stage) =>
        `${stage.activity} ${(stage.spanMs / 1000).toFixed(2)} s (${stage.calls} call${stage.calls === 1 ? '' : 's'})`,
    )
    .join(', ');
}
