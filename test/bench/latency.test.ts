import { temporal } from '@temporalio/proto';
import { describe, expect, it } from 'vitest';
import { quantile, runAnatomy } from './latency.js';

const EventType = temporal.api.enums.v1.EventType;

/** An arbitrary moment, in ms since the epoch. */
const T0 = 1_800_000_000_000;

function at(ms: number): { seconds: number; nanos: number } {
  const total = T0 + ms;
  return { seconds: Math.floor(total / 1000), nanos: (total % 1000) * 1e6 };
}

function memo(status: string) {
  return { fields: { task: { data: new TextEncoder().encode(JSON.stringify({ status })) } } };
}

function event(eventId: number, ms: number, eventType: temporal.api.enums.v1.EventType, attributes = {}) {
  return { eventId, eventTime: at(ms), eventType, ...attributes };
}

/** Started 0; a workflow task 5-30; render 40-100; a workflow task 100-120 publishing Succeeded at 121. */
const events = [
  event(1, 0, EventType.EVENT_TYPE_WORKFLOW_EXECUTION_STARTED, {
    workflowExecutionStartedEventAttributes: { memo: memo('Starting') },
  }),
  event(2, 0, EventType.EVENT_TYPE_WORKFLOW_TASK_SCHEDULED),
  event(3, 5, EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED),
  event(4, 30, EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED),
  event(5, 30, EventType.EVENT_TYPE_WORKFLOW_PROPERTIES_MODIFIED, {
    workflowPropertiesModifiedEventAttributes: { upsertedMemo: memo('Processing') },
  }),
  event(6, 30, EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED, {
    activityTaskScheduledEventAttributes: { activityType: { name: 'renderPages' } },
  }),
  event(7, 40, EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED, {
    activityTaskStartedEventAttributes: { scheduledEventId: 6 },
  }),
  event(8, 100, EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED, {
    activityTaskCompletedEventAttributes: { scheduledEventId: 6 },
  }),
  event(9, 100, EventType.EVENT_TYPE_WORKFLOW_TASK_SCHEDULED),
  event(10, 104, EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED),
  event(11, 120, EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED),
  event(12, 121, EventType.EVENT_TYPE_WORKFLOW_PROPERTIES_MODIFIED, {
    workflowPropertiesModifiedEventAttributes: { upsertedMemo: memo('Succeeded') },
  }),
  // After Succeeded: not part of the run's time or counts.
  event(13, 200, EventType.EVENT_TYPE_WORKFLOW_TASK_SCHEDULED),
] as unknown as temporal.api.history.v1.IHistoryEvent[];

describe('runAnatomy', () => {
  it('times the run up to the event that published Succeeded and parts activity time from the rest', () => {
    const anatomy = runAnatomy({ events });
    expect(anatomy.workflowMs).toBe(121);
    expect(anatomy.activityMs).toEqual(new Map([['renderPages', 60]]));
    expect(anatomy.orchestrationMs).toBe(61);
    expect(anatomy).toMatchObject({ events: 12, workflowTasks: 2, activities: 1, localActivities: 0 });
  });

  it('refuses a history that never succeeded', () => {
    expect(() => runAnatomy({ events: events.slice(0, 6) })).toThrow(/never publishes a Succeeded/);
  });
});

describe('quantile', () => {
  it('takes the nearest rank', () => {
    const values = Array.from({ length: 20 }, (_, index) => 20 - index);
    expect(quantile(values, 0.5)).toBe(10);
    expect(quantile(values, 0.95)).toBe(19);
    expect(quantile(values, 0)).toBe(1);
  });
});
