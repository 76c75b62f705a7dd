import {
  InterceptingCall,
  Metadata,
  Server,
  ServerCredentials,
  status,
  type ServerUnaryCall,
  type ServiceError,
  type sendUnaryData,
  type CallOptions,
  type ClientUnaryCall,
  type Interceptor,
  type ServiceDefinition,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import { SpanKind, SpanStatusCode, type Span, type TextMapGetter, type TextMapSetter } from '@opentelemetry/api';
import { addIntrospection, markNotServing, type ProtoSources } from './grpc-introspection.js';
import { AppError, CallCancelledError, DeadlineExceededError, type ErrorCode } from './errors.js';
import { withLogFields, type Logger } from './logger.js';
import { metrics } from './metrics.js';
import { parseJobPriority, type JobPriority } from './threads/job-priority.js';
import { extractTraceContext, inSpan, injectTraceContext, taskSpanAttributes } from './tracing.js';

/** Metadata key carrying the gateway's request id through every RPC. */
export const REQUEST_ID_METADATA = 'x-request-id';
/** Metadata key carrying the task id (the workflow id) of the activity that calls a stage. */
export const TASK_ID_METADATA = 'x-task-id';
/** Metadata key carrying the workflow run id of the activity that calls a stage. */
export const TASK_RUN_METADATA = 'x-task-run';
/** Metadata key carrying the owner id of the task an activity works for. */
export const TASK_OWNER_METADATA = 'x-task-owner';
/** Metadata key marking a call made for a background run (`JobPriority`); absent: normal. */
export const TASK_PRIORITY_METADATA = 'x-task-priority';

const statusByCode: Record<ErrorCode, status> = {
  INVALID_ARGUMENT: status.INVALID_ARGUMENT,
  NOT_FOUND: status.NOT_FOUND,
  FAILED_PRECONDITION: status.FAILED_PRECONDITION,
  RESOURCE_EXHAUSTED: status.RESOURCE_EXHAUSTED,
  UNAVAILABLE: status.UNAVAILABLE,
  DEADLINE_EXCEEDED: status.DEADLINE_EXCEEDED,
  CANCELLED: status.CANCELLED,
  INTERNAL: status.INTERNAL,
};

/** Maps a handler failure to a gRPC error: `AppError` by its code, anything else to INTERNAL. */
export function toServiceError(error: unknown): Partial<ServiceError> {
  if (error instanceof AppError) {
    const metadata = new Metadata();
    metadata.set('error-type', error.name);
    return { code: statusByCode[error.code], details: error.message, metadata };
  }
  return { code: status.INTERNAL, details: 'Internal stage error' };
}

/** Trace context in gRPC metadata: `traceparent`/`tracestate` keys, as instrumentation-grpc sends them. */
const metadataGetter: TextMapGetter<Metadata> = {
  keys: (metadata) => Object.keys(metadata.getMap()),
  get: (metadata, key) => {
    const values = metadata.get(key);
    return values.length > 0 ? values.map(String) : undefined;
  },
};
const metadataSetter: TextMapSetter<Metadata> = { set: (metadata, key, value) => metadata.set(key, value) };

/** Statuses that mark a server span failed (OTel's RPC conventions); refusals of bad input do not. */
const SERVER_ERROR_STATUSES: ReadonlySet<status> = new Set([
  status.UNKNOWN,
  status.DEADLINE_EXCEEDED,
  status.UNIMPLEMENTED,
  status.INTERNAL,
  status.UNAVAILABLE,
  status.DATA_LOSS,
]);

/** What a unary handler gets besides the request. */
export interface UnaryContext {
  requestId: string;
  /** The caller's deadline (`Infinity` when it set none). */
  deadline: Date | number;
  /**
   * Aborts when the caller cancels the call (its reason a `CallCancelledError`) or the deadline
   * passes (a `DeadlineExceededError`): nobody will read the answer, so queued work should be
   * dropped. Pass it to thread pools and check it between pages.
   */
  signal: AbortSignal;
}

/** setTimeout fires at once past this delay (a signed 32-bit millisecond count). */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** A cancellation this close to the deadline is the deadline (the timeout header travels in whole ms). */
const DEADLINE_CANCEL_SLACK_MS = 100;

/** The signal of one call: aborted by the call's cancellation or its deadline; `dispose` detaches both. */
function callSignal<Req, Res>(
  call: ServerUnaryCall<Req, Res>,
  rpcName: string,
): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const deadline = call.getDeadline();
  const deadlineMs = deadline instanceof Date ? deadline.getTime() : deadline;
  const passDeadline = (): void => controller.abort(new DeadlineExceededError(`${rpcName} passed its deadline`));
  // At its deadline the client cancels the stream too, a moment before or after our timer.
  const onCancelled = (): void => {
    if (Date.now() >= deadlineMs - DEADLINE_CANCEL_SLACK_MS) passDeadline();
    else controller.abort(new CallCancelledError(`${rpcName} was cancelled by the caller`));
  };
  call.on('cancelled', onCancelled);
  const remainingMs = deadlineMs - Date.now();
  // A deadline weeks away (or none: Infinity) needs no timer.
  const timer = remainingMs <= MAX_TIMER_MS ? setTimeout(passDeadline, Math.max(0, remainingMs)) : undefined;
  timer?.unref();
  if (call.cancelled) onCancelled();
  return {
    signal: controller.signal,
    dispose: () => {
      clearTimeout(timer);
      call.off('cancelled', onCancelled);
    },
  };
}

/**
 * Adapts an async function to a grpc-js unary handler: errors are mapped once here, and anything
 * unexpected is logged before it becomes INTERNAL. The handler's `signal` carries the call's
 * cancellation and deadline; an answer after either is dropped by grpc-js. Every stage RPC gets
 * here its latency histogram (`folio_rpc_duration_seconds`), its error count and its log fields:
 * `rpc`, `requestId`, and the caller's task as `task_id`, `run` and `owner` on every line logged during the call.
 * With tracing on, the call is a server span (`folio.ocr.v1.OcrService/RecognizePages`) under the
 * caller's `traceparent`, with the task id, run and owner as attributes.
 */
export function unary<Req, Res>(
  logger: Logger,
  rpcName: string,
  handle: (request: Req, context: UnaryContext) => Promise<Res>,
): (call: ServerUnaryCall<Req, Res>, callback: sendUnaryData<Res>) => void {
  return function handleUnary(call, callback) {
    const requestId = metadataValue(call.metadata, REQUEST_ID_METADATA);
    const taskId = metadataValue(call.metadata, TASK_ID_METADATA);
    const run = metadataValue(call.metadata, TASK_RUN_METADATA);
    const owner = metadataValue(call.metadata, TASK_OWNER_METADATA);
    const priority = parseJobPriority(metadataValue(call.metadata, TASK_PRIORITY_METADATA));
    const startedAt = performance.now();
    const elapsedSec = (): number => (performance.now() - startedAt) / 1000;
    // Every line logged while the call runs (handler, engine, pool) carries these fields.
    const fields = {
      rpc: rpcName,
      requestId,
      ...(taskId ? { task_id: taskId } : {}),
      ...(run ? { run } : {}),
      ...(owner ? { owner } : {}),
      // The thread pools read it back (currentJobPriority) to order the call's jobs among others'.
      ...(priority !== 'normal' ? { priority } : {}),
    };
    withLogFields(fields, () => {
      const spanOptions = {
        kind: SpanKind.SERVER,
        parent: extractTraceContext(call.metadata, metadataGetter),
        attributes: { ...rpcAttributes(call.getPath()), ...taskSpanAttributes({ requestId, taskId, run, owner }) },
      };
      void inSpan(call.getPath().slice(1), spanOptions, (span) => {
        const { signal, dispose } = callSignal(call, rpcName);
        return handle(call.request, { requestId, deadline: call.getDeadline(), signal })
          .then(
            (response) => {
              const durationSec = elapsedSec();
              metrics.rpcDuration.observe({ rpc: rpcName, code: 'OK' }, durationSec);
              span?.setAttribute('rpc.grpc.status_code', status.OK);
              logger.debug({ durationMs: Math.round(durationSec * 1000) }, 'rpc done');
              callback(null, response);
            },
            (error: unknown) => {
              const durationSec = elapsedSec();
              const durationMs = Math.round(durationSec * 1000);
              const serviceError = toServiceError(error);
              const code = serviceError.code ?? status.INTERNAL;
              metrics.rpcDuration.observe({ rpc: rpcName, code: status[code] }, durationSec);
              metrics.errors.inc({
                component: 'stage',
                kind: error instanceof AppError ? error.name : 'UnexpectedError',
              });
              recordServerFailure(span, code, error);
              if (signal.aborted && signal.reason instanceof CallCancelledError)
                logger.info({ durationMs }, 'rpc cancelled');
              else if (!(error instanceof AppError)) logger.error({ err: error, durationMs }, 'rpc failed');
              else logger.warn({ code: error.code, message: error.message, durationMs }, 'rpc refused');
              callback(serviceError, null);
            },
          )
          .finally(dispose);
      });
    });
  };
}

/** `rpc.*` attributes of a method path (`/folio.ocr.v1.OcrService/RecognizePages`). */
function rpcAttributes(path: string): Record<string, string> {
  const [, service = '', method = ''] = path.split('/');
  return { 'rpc.system': 'grpc', 'rpc.service': service, 'rpc.method': method };
}

/** Marks a server span with the answered status; server faults fail it, typed refusals do not. */
function recordServerFailure(span: Span | undefined, code: status, error: unknown): void {
  if (!span) return;
  span.setAttribute('rpc.grpc.status_code', code);
  if (!SERVER_ERROR_STATUSES.has(code)) return;
  span.setStatus({ code: SpanStatusCode.ERROR, message: status[code] });
  if (!(error instanceof AppError) && error instanceof Error) span.recordException(error);
}

/** The first value of a metadata key as a string; empty when absent. */
function metadataValue(metadata: Metadata, key: string): string {
  return String(metadata.get(key)[0] ?? '');
}

/** Maximum gRPC message size; stages pass references, so this only guards against mistakes. */
export const GRPC_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/**
 * Binds a server on `host:port` (port 0 picks a free one) and resolves the bound port: plaintext,
 * or TLS with the credentials of `grpcServerCredentials`.
 */
export function listen(
  server: Server,
  host: string,
  port: number,
  serverCredentials: ServerCredentials = ServerCredentials.createInsecure(),
): Promise<number> {
  return new Promise((resolve, reject) => {
    server.bindAsync(`${host}:${port}`, serverCredentials, (error, boundPort) => {
      if (error) reject(error);
      else resolve(boundPort);
    });
  });
}

/** Server options shared by every stage. */
export function createGrpcServer(): Server {
  return new Server({
    'grpc.max_receive_message_length': GRPC_MAX_MESSAGE_BYTES,
    'grpc.max_send_message_length': GRPC_MAX_MESSAGE_BYTES,
  });
}

/** What a stage server serves: its generated service, the handlers, and the contracts for reflection. */
export interface StageServerOptions<Implementation extends UntypedServiceImplementation> {
  /** The generated service definition, e.g. `OcrServiceService` of `@folio/proto/ocr/v1`. */
  service: ServiceDefinition<Implementation>;
  implementation: Implementation;
  /** The `.proto` contracts the service is defined in (`PROTO_SOURCES` of `@folio/proto/files`). */
  protos: ProtoSources;
}

/**
 * Builds a stage's server: `createGrpcServer`'s options, the stage's service, and the standard
 * health service and server reflection (`addIntrospection`), so generic gRPC clients can list and
 * call the stage (docs/grpc.md). Health reports SERVING from here on: stages build their server
 * only once their engine is loaded. `shutdownServer` turns it NOT_SERVING.
 */
export function createStageServer<Implementation extends UntypedServiceImplementation>(
  options: StageServerOptions<Implementation>,
): Server {
  const server = createGrpcServer();
  server.addService(options.service, options.implementation);
  addIntrospection(server, [serviceNameOf(options.service)], options.protos);
  return server;
}

/** `folio.ocr.v1.OcrService` from a generated definition (its methods' paths are `/<service>/<Method>`). */
export function serviceNameOf(definition: ServiceDefinition): string {
  const names = new Set(Object.values(definition).map((method) => method.path.split('/')[1] ?? ''));
  const [name] = names;
  if (names.size !== 1 || !name) throw new Error('a service definition whose methods name one service was expected');
  return name;
}

/**
 * Stops a server gracefully, forcing it after `graceMs`. Its health service (if any) reports
 * NOT_SERVING first; an open health Watch stream never ends by itself, so it holds the graceful
 * stop until `graceMs`.
 */
export function shutdownServer(server: Server, graceMs = 5000): Promise<void> {
  markNotServing(server);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      server.forceShutdown();
      resolve();
    }, graceMs);
    server.tryShutdown(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

type UnaryMethod<Req, Res> = (
  request: Req,
  metadata: Metadata,
  options: Partial<CallOptions>,
  callback: (error: ServiceError | null, response: Res) => void,
) => ClientUnaryCall;

export interface CallOptionsInput {
  /** Deadline relative to now. */
  timeoutMs: number;
  requestId?: string;
  /** The task (workflow id), workflow run and owner the call works for, for the stage's logs. */
  taskId?: string;
  run?: string;
  owner?: string;
  /** Where the stage queues the call's jobs among others' (JobPriority); `normal` when absent. */
  priority?: JobPriority;
  /** Aborts the call (e.g. Temporal activity cancellation). */
  signal?: AbortSignal;
}

/**
 * Calls a generated unary client method as a promise, with a deadline and the request id. With
 * tracing on, the call is a client span (`folio.ocr.v1.OcrService/RecognizePages`) whose context
 * travels to the stage as `traceparent` metadata.
 */
export function callUnary<Req, Res>(
  method: UnaryMethod<Req, Res>,
  request: Req,
  options: CallOptionsInput,
): Promise<Res> {
  const metadata = new Metadata();
  if (options.requestId) metadata.set(REQUEST_ID_METADATA, options.requestId);
  if (options.taskId) metadata.set(TASK_ID_METADATA, options.taskId);
  if (options.run) metadata.set(TASK_RUN_METADATA, options.run);
  if (options.owner) metadata.set(TASK_OWNER_METADATA, options.owner);
  if (options.priority !== undefined && options.priority !== 'normal')
    metadata.set(TASK_PRIORITY_METADATA, options.priority);
  return inSpan('grpc call', { kind: SpanKind.CLIENT, attributes: taskSpanAttributes(options) }, (span) => {
    injectTraceContext(metadata, metadataSetter);
    return new Promise((resolve, reject) => {
      const callOptions = {
        deadline: Date.now() + options.timeoutMs,
        ...(span ? { interceptors: [nameClientSpan(span)] } : {}),
      };
      const call = method(request, metadata, callOptions, (error, response) => {
        options.signal?.removeEventListener('abort', onAbort);
        span?.setAttribute('rpc.grpc.status_code', error ? error.code : status.OK);
        if (error) span?.setStatus({ code: SpanStatusCode.ERROR, message: status[error.code] });
        if (error) reject(error);
        else resolve(response);
      });
      function onAbort(): void {
        call.cancel();
      }
      options.signal?.addEventListener('abort', onAbort, { once: true });
    });
  });
}

/**
 * A client interceptor that names the call's span after the method path, which only grpc-js knows
 * here: callers pass bound generated methods, and those carry neither a name nor the path.
 */
function nameClientSpan(span: Span): Interceptor {
  return (interceptorOptions, nextCall) => {
    const { path } = interceptorOptions.method_definition;
    span.updateName(path.slice(1));
    span.setAttributes(rpcAttributes(path));
    return new InterceptingCall(nextCall(interceptorOptions));
  };
}

/** Client channel options shared by every stage client. */
export const grpcClientOptions = {
  'grpc.max_receive_message_length': GRPC_MAX_MESSAGE_BYTES,
  'grpc.max_send_message_length': GRPC_MAX_MESSAGE_BYTES,
};
