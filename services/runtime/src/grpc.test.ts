import { Client, credentials, status, type Metadata, type ServiceError } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallCancelledError, DeadlineExceededError, type AppError } from './errors.js';
import { callUnary, createGrpcServer, listen, shutdownServer, unary, type UnaryContext } from './grpc.js';
import { createLogger } from './logger.js';
import { currentJobPriority } from './threads/job-priority.js';

// A one-method service with JSON messages: the handler waits until its signal aborts (or answers
// at once with `{ echo }`), and reports the abort reason it saw.
const json = {
  serialize: (value: unknown): Buffer => Buffer.from(JSON.stringify(value)),
  deserialize: (bytes: Buffer): unknown => JSON.parse(bytes.toString()) as unknown,
};
const method = {
  path: '/test.Waiter/Wait',
  requestStream: false,
  responseStream: false,
  requestSerialize: json.serialize,
  requestDeserialize: json.deserialize,
  responseSerialize: json.serialize,
  responseDeserialize: json.deserialize,
} as const;

interface WaitRequest {
  echo?: string;
  /** Answer with the job priority the handler runs at instead. */
  priority?: boolean;
}

const logger = createLogger({ name: 'grpc-test', level: 'silent' });
const server = createGrpcServer();
/** Calls that reached the waiting handler, and the abort reason each saw, in order. */
let waiting = 0;
const reasons: unknown[] = [];
let client: Client;

function handleWait(request: WaitRequest, context: UnaryContext): Promise<{ echo: string }> {
  if (request.echo !== undefined) return Promise.resolve({ echo: request.echo });
  if (request.priority) return Promise.resolve({ echo: currentJobPriority() });
  waiting += 1;
  return new Promise((_resolve, reject) => {
    context.signal.addEventListener('abort', () => {
      reasons.push(context.signal.reason);
      reject(context.signal.reason as Error);
    });
  });
}

type Callback = (error: ServiceError | null, response: { echo: string }) => void;
/** The client side of Wait in the shape of a generated unary method. */
function wait(
  request: WaitRequest,
  metadata: Metadata,
  options: object,
  callback: Callback,
): ReturnType<Client['makeUnaryRequest']> {
  return client.makeUnaryRequest(
    method.path,
    json.serialize,
    json.deserialize,
    request,
    metadata,
    options,
    callback as never,
  );
}

beforeAll(async () => {
  server.addService({ Wait: method }, { Wait: unary(logger, 'Wait', handleWait) });
  const port = await listen(server, '127.0.0.1', 0);
  client = new Client(`127.0.0.1:${port}`, credentials.createInsecure());
});

afterAll(async () => {
  client.close();
  await shutdownServer(server, 1000);
});

describe('unary handler context', () => {
  it('answers a call that finishes in time', async () => {
    await expect(callUnary(wait, { echo: 'hi' }, { timeoutMs: 5000 })).resolves.toEqual({ echo: 'hi' });
  });

  it("runs the handler at the caller's job priority, normal unless it says background", async () => {
    await expect(callUnary(wait, { priority: true }, { timeoutMs: 5000 })).resolves.toEqual({ echo: 'normal' });
    await expect(callUnary(wait, { priority: true }, { timeoutMs: 5000, priority: 'background' })).resolves.toEqual({
      echo: 'background',
    });
  });

  it("aborts the handler's signal with DeadlineExceededError when the deadline passes", async () => {
    const error = await callUnary(wait, {}, { timeoutMs: 150 }).catch((caught: unknown) => caught);
    expect((error as ServiceError).code).toBe(status.DEADLINE_EXCEEDED);
    await expect.poll(() => reasons.length).toBe(1);
    expect(reasons[0]).toBeInstanceOf(DeadlineExceededError);
    expect((reasons[0] as AppError).message).toBe('Wait passed its deadline');
  });

  it("aborts the handler's signal with CallCancelledError when the caller cancels", async () => {
    const controller = new AbortController();
    const call = callUnary(wait, {}, { timeoutMs: 30_000, signal: controller.signal });
    await expect.poll(() => waiting).toBe(2);
    controller.abort();
    const error = await call.catch((caught: unknown) => caught);
    expect((error as ServiceError).code).toBe(status.CANCELLED);
    await expect.poll(() => reasons.length).toBe(2);
    expect(reasons[1]).toBeInstanceOf(CallCancelledError);
  });
});
