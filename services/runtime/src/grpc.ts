import {
  Metadata,
  Server,
  ServerCredentials,
  status,
  type ServerUnaryCall,
  type ServiceError,
  type sendUnaryData,
  type CallOptions,
  type ClientUnaryCall,
} from '@grpc/grpc-js';
import { AppError, type ErrorCode } from './errors.js';
import type { Logger } from './logger.js';

/** Metadata key carrying the gateway's request id through every RPC. */
export const REQUEST_ID_METADATA = 'x-request-id';

const statusByCode: Record<ErrorCode, status> = {
  INVALID_ARGUMENT: status.INVALID_ARGUMENT,
  NOT_FOUND: status.NOT_FOUND,
  FAILED_PRECONDITION: status.FAILED_PRECONDITION,
  RESOURCE_EXHAUSTED: status.RESOURCE_EXHAUSTED,
  UNAVAILABLE: status.UNAVAILABLE,
  DEADLINE_EXCEEDED: status.DEADLINE_EXCEEDED,
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

/**
 * Adapts an async function to a grpc-js unary handler: errors are mapped once here, and anything
 * unexpected is logged with the request id before it becomes INTERNAL.
 */
export function unary<Req, Res>(
  logger: Logger,
  rpcName: string,
  handle: (request: Req, context: { requestId: string; deadline: Date | number }) => Promise<Res>,
): (call: ServerUnaryCall<Req, Res>, callback: sendUnaryData<Res>) => void {
  return function handleUnary(call, callback) {
    const requestId = String(call.metadata.get(REQUEST_ID_METADATA)[0] ?? '');
    const startedAt = performance.now();
    handle(call.request, { requestId, deadline: call.getDeadline() }).then(
      (response) => {
        logger.debug({ rpc: rpcName, requestId, durationMs: Math.round(performance.now() - startedAt) }, 'rpc done');
        callback(null, response);
      },
      (error: unknown) => {
        if (!(error instanceof AppError)) logger.error({ rpc: rpcName, requestId, err: error }, 'rpc failed');
        else logger.warn({ rpc: rpcName, requestId, code: error.code, message: error.message }, 'rpc refused');
        callback(toServiceError(error), null);
      },
    );
  };
}

/** Maximum gRPC message size; stages pass references, so this only guards against mistakes. */
export const GRPC_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/** Binds a server on `host:port` (port 0 picks a free one) and resolves the bound port. */
export function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.bindAsync(`${host}:${port}`, ServerCredentials.createInsecure(), (error, boundPort) => {
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

/** Stops a server gracefully, forcing it after `graceMs`. */
export function shutdownServer(server: Server, graceMs = 5000): Promise<void> {
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
  /** Aborts the call (e.g. Temporal activity cancellation). */
  signal?: AbortSignal;
}

/** Calls a generated unary client method as a promise, with a deadline and the request id. */
export function callUnary<Req, Res>(
  method: UnaryMethod<Req, Res>,
  request: Req,
  options: CallOptionsInput,
): Promise<Res> {
  const metadata = new Metadata();
  if (options.requestId) metadata.set(REQUEST_ID_METADATA, options.requestId);
  return new Promise((resolve, reject) => {
    const call = method(request, metadata, { deadline: Date.now() + options.timeoutMs }, (error, response) => {
      options.signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve(response);
    });
    function onAbort(): void {
      call.cancel();
    }
    options.signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Client channel options shared by every stage client. */
export const grpcClientOptions = {
  'grpc.max_receive_message_length': GRPC_MAX_MESSAGE_BYTES,
  'grpc.max_send_message_length': GRPC_MAX_MESSAGE_BYTES,
};
