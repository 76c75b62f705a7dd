import { Context } from '@temporalio/activity';
import { callUnary, currentJobPriority, currentLogFields, type StageName } from '@folio/runtime';
import { isInternalFailure, toActivityFailure, toRepeatedCallFailure } from './grpc-failure.js';

/** A generated unary client method, bound to its client (grpc-js methods use `this`). */
export type BoundUnaryMethod<Req, Res> = Parameters<typeof callUnary<Req, Res>>[0];

export interface StageCallOptions {
  stage: StageName;
  timeoutMs: number;
  requestId: string;
  heartbeatIntervalMs?: number;
  /** Aborts the call besides the activity's cancellation (a sibling call of the activity failed). */
  signal?: AbortSignal;
}

/** The owner of the task the current activity works for, if its log fields carry it. */
function ownerField(): string | undefined {
  const { owner } = currentLogFields();
  return typeof owner === 'string' ? owner : undefined;
}

/**
 * Calls one stage RPC from inside an activity: deadline, request id, the activity's cancellation
 * signal (a cancelled activity aborts the call), heartbeats while waiting (so a lost worker is
 * noticed and cancellation is delivered; not from a local activity, which cannot heartbeat: the
 * workflow task it runs in does that), and the gRPC -> Temporal failure mapping. An internal
 * error is followed by one more call at once: the same error again fails the task now instead of
 * after every retry (grpc-failure.ts). Stage calls are idempotent, so repeating one is safe.
 */
export async function callStage<Req, Res>(
  method: BoundUnaryMethod<Req, Res>,
  request: Req,
  options: StageCallOptions,
): Promise<Res> {
  const context = Context.current();
  const timer = context.info.isLocal
    ? undefined
    : setInterval(() => context.heartbeat(), options.heartbeatIntervalMs ?? 10_000);
  const signal = options.signal
    ? AbortSignal.any([context.cancellationSignal, options.signal])
    : context.cancellationSignal;
  const call = (): Promise<Res> =>
    callUnary(method, request, {
      timeoutMs: options.timeoutMs,
      requestId: options.requestId,
      // The stage logs every line of the call with the task and run it works for.
      taskId: context.info.workflowExecution?.workflowId,
      run: context.info.workflowExecution?.runId,
      // Set for the activity by its interceptor (activity-telemetry.ts) when its input names the owner.
      owner: ownerField(),
      // A background run's calls (the same interceptor sets it) queue behind other runs' jobs.
      priority: currentJobPriority(),
      signal,
    });
  try {
    try {
      return await call();
    } catch (error) {
      if (!isInternalFailure(error) || signal.aborted) throw toActivityFailure(error, options.stage);
      try {
        return await call();
      } catch (again) {
        throw toRepeatedCallFailure(error, again, options.stage);
      }
    }
  } finally {
    clearInterval(timer);
  }
}
