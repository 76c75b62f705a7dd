import { temporal } from '@temporalio/proto';
import { describe, expect, it } from 'vitest';
import { activityCalls, stageShares } from './stage-times.js';

const EventType = temporal.api.enums.v1.EventType;

/** An arbitrary moment, in ms since the epoch. */
const T0 = 1_800_000_000_000;

/** The history timestamp `ms` milliseconds after T0. */
function at(ms: number): { seconds: number; nanos: number } {
  const total = T0 + ms;
  return { seconds: Math.floor(total / 1000), nanos: (total % 1000) * 1e6 };
}

function localMarker(eventId: number, eventMs: number, activity: string, scheduledMs: number, completeMs: number) {
  const data = {
    seq: eventId,
    attempt: 1,
    activity_type: activity,
    complete_time: at(completeMs),
    original_schedule_time: at(scheduledMs),
  };
  return {
    eventId,
    eventTime: at(eventMs),
    eventType: EventType.EVENT_TYPE_MARKER_RECORDED,
    markerRecordedEventAttributes: {
      markerName: 'core_local_activity',
      details: { data: { payloads: [{ data: new TextEncoder().encode(JSON.stringify(data)) }] } },
    },
  };
}

describe('activityCalls', () => {
  it('reads queued activities from their started and completed events, local ones from their markers', () => {
    const history = {
      events: [
        { eventId: 3, eventTime: at(0), eventType: EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED },
        // Scheduled 20 ms into the task, ran 30 ms: the core writes the task's start time plus 30.
        localMarker(5, 100, 'prepareDocument', 20, 30),
        {
          eventId: 6,
          eventTime: at(100),
          eventType: EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED,
          activityTaskScheduledEventAttributes: { activityType: { name: 'renderPages' } },
        },
        {
          eventId: 7,
          eventTime: at(150),
          eventType: EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED,
          activityTaskStartedEventAttributes: { scheduledEventId: 6 },
        },
        {
          eventId: 8,
          eventTime: at(450),
          eventType: EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED,
          activityTaskCompletedEventAttributes: { scheduledEventId: 6 },
        },
        { eventId: 10, eventTime: at(1000), eventType: EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED },
        // Two in one task: each ran from the task's start (1,000) for its own time.
        localMarker(12, 1200, 'cropSegments', 1005, 1040),
        localMarker(13, 1200, 'chunkDocument', 1045, 1010),
      ],
    };
    // The generated types want Long ids; plain numbers read the same (`Number(...)`).
    expect(activityCalls(history as unknown as temporal.api.history.v1.IHistory)).toEqual([
      { activity: 'prepareDocument', start: T0 + 20, end: T0 + 50 },
      { activity: 'renderPages', start: T0 + 150, end: T0 + 450 },
      { activity: 'cropSegments', start: T0 + 1005, end: T0 + 1045 },
      { activity: 'chunkDocument', start: T0 + 1045, end: T0 + 1055 },
    ]);
  });
});

describe('stageShares', () => {
  it("gives each activity type's busy time as a share of all of it", () => {
    const shares = stageShares([
      [
        { activity: 'renderPages', calls: 1, busyMs: 300, spanMs: 300 },
        { activity: 'chunkDocument', calls: 1, busyMs: 100, spanMs: 100 },
      ],
      [{ activity: 'renderPages', calls: 2, busyMs: 600, spanMs: 400 }],
    ]);
    expect(shares).toEqual([
      { activity: 'renderPages', calls: 3, busyMs: 900, percent: 90 },
      { activity: 'chunkDocument', calls: 1, busyMs: 100, percent: 10 },
    ]);
  });
});
