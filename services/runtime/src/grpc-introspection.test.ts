import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  credentials,
  loadPackageDefinition,
  makeClientConstructor,
  status,
  type Client,
  type ClientDuplexStream,
  type ClientReadableStream,
  type ServiceClientConstructor,
  type ServiceDefinition,
  type ServiceError,
} from '@grpc/grpc-js';
import { loadFileDescriptorSetFromBuffer, loadSync } from '@grpc/proto-loader';
import { service as healthService } from 'grpc-health-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStageServer, listen, serviceNameOf, shutdownServer, unary } from './grpc.js';
import { createLogger } from './logger.js';

// runtime may not import @folio/proto, so the stage here is a two-file contract written to a temp
// folder (the service's file imports the other, as the stages import folio/common/v1/common.proto),
// served by createStageServer like every stage.
const protoRoot = mkdtempSync(join(tmpdir(), 'folio-introspection-'));
const protoFiles = {
  'test/shared/v1/shared.proto': `syntax = "proto3";
package test.shared.v1;
message Ref { string key = 1; }`,
  'test/echo/v1/echo.proto': `syntax = "proto3";
package test.echo.v1;
import "test/shared/v1/shared.proto";
service EchoService { rpc Echo(test.shared.v1.Ref) returns (test.shared.v1.Ref); }`,
};
for (const [file, text] of Object.entries(protoFiles)) {
  mkdirSync(dirname(join(protoRoot, file)), { recursive: true });
  writeFileSync(join(protoRoot, file), text);
}
const protos = { root: protoRoot, files: Object.keys(protoFiles) };

interface Ref {
  key: string;
}
type Callback<Res> = (error: ServiceError | null, response?: Res) => void;
interface EchoClient extends Client {
  Echo(request: Ref, callback: Callback<Ref>): void;
}
interface HealthClient extends Client {
  check(request: { service: string }, callback: Callback<{ status: string }>): void;
  watch(request: { service: string }): ClientReadableStream<{ status: string }>;
}
interface ReflectionRequest {
  listServices?: string;
  fileContainingSymbol?: string;
}
interface ReflectionResponse {
  listServicesResponse?: { service: { name: string }[] };
  fileDescriptorResponse?: { fileDescriptorProto: Buffer[] };
  errorResponse?: { errorCode: number; errorMessage: string };
}
interface ReflectionClient extends Client {
  ServerReflectionInfo(): ClientDuplexStream<ReflectionRequest, ReflectionResponse>;
}

// The reflection v1 contract as @grpc/reflection ships it: what a generic client speaks.
const reflectionProtoDir = join(dirname(createRequire(import.meta.url).resolve('@grpc/reflection')), '..', 'proto');
const reflectionPackage = loadPackageDefinition(
  loadSync('grpc/reflection/v1/reflection.proto', { includeDirs: [reflectionProtoDir] }),
);
const ReflectionClient = (
  reflectionPackage.grpc as never as { reflection: { v1: { ServerReflection: ServiceClientConstructor } } }
).reflection.v1.ServerReflection;
// The package's own definition, as loadSync gives it (like ts-proto's generated one, it names the service).
const echoService = loadSync(protos.files, { includeDirs: [protoRoot] })[
  'test.echo.v1.EchoService'
] as ServiceDefinition;
const HealthClient = makeClientConstructor(healthService, 'Health');

const logger = createLogger({ name: 'introspection-test', level: 'silent' });
let address: string;
const server = createStageServer({
  service: echoService,
  implementation: { Echo: unary<Ref, Ref>(logger, 'Echo', (request) => Promise.resolve({ key: request.key })) },
  protos,
});

/** A FileDescriptorSet: field 1 (length-delimited, tag 0x0a) once per FileDescriptorProto. */
function toDescriptorSet(files: Buffer[]): Buffer {
  const varint = (value: number): number[] =>
    value < 0x80 ? [value] : [(value & 0x7f) | 0x80, ...varint(value >>> 7)];
  return Buffer.concat(files.flatMap((file) => [Buffer.from([0x0a, ...varint(file.length)]), file]));
}

/** One request on the bidirectional reflection stream. */
function reflect(request: ReflectionRequest): Promise<ReflectionResponse> {
  const client = new ReflectionClient(address, credentials.createInsecure()) as ReflectionClient;
  return new Promise((resolve, reject) => {
    const stream = client.ServerReflectionInfo();
    stream.once('data', (response: ReflectionResponse) => {
      stream.end();
      client.close();
      resolve(response);
    });
    stream.once('error', reject);
    stream.write(request);
  });
}

function check(service: string): Promise<string> {
  const client = new HealthClient(address, credentials.createInsecure()) as HealthClient;
  return new Promise((resolve, reject) =>
    client.check({ service }, (error, response) => {
      client.close();
      if (error) reject(error);
      else resolve(response!.status);
    }),
  );
}

beforeAll(async () => {
  address = `127.0.0.1:${await listen(server, '127.0.0.1', 0)}`;
});

afterAll(async () => {
  await shutdownServer(server, 100);
  rmSync(protoRoot, { recursive: true, force: true });
});

describe('stage servers answer generic gRPC clients', () => {
  it('list the stage service and grpc.health.v1.Health through reflection', async () => {
    const response = await reflect({ listServices: '' });
    expect(response.listServicesResponse?.service.map((entry) => entry.name).sort()).toEqual([
      'grpc.health.v1.Health',
      'test.echo.v1.EchoService',
    ]);
  });

  it('give descriptors from which a client with no generated code calls the stage', async () => {
    const response = await reflect({ fileContainingSymbol: 'test.echo.v1.EchoService' });
    const files = response.fileDescriptorResponse?.fileDescriptorProto ?? [];
    // The service's file and the file it imports: a FileDescriptorSet is field 1, repeated.
    expect(files).toHaveLength(2);
    const definition = loadFileDescriptorSetFromBuffer(toDescriptorSet(files));
    const Echo = loadPackageDefinition(definition).test as never as {
      echo: { v1: { EchoService: new (...args: ConstructorParameters<typeof Client>) => EchoClient } };
    };
    const client = new Echo.echo.v1.EchoService(address, credentials.createInsecure());
    const answer = await new Promise<Ref | undefined>((resolve, reject) =>
      client.Echo({ key: 'tasks/x/input/a.pdf' }, (error, value) => (error ? reject(error) : resolve(value))),
    );
    client.close();
    expect(answer).toEqual({ key: 'tasks/x/input/a.pdf' });
  });

  it('report SERVING for the server and its service, NOT_FOUND for a service it lacks', async () => {
    expect(await check('')).toBe('SERVING');
    expect(await check('test.echo.v1.EchoService')).toBe('SERVING');
    await expect(check('folio.ocr.v1.OcrService')).rejects.toMatchObject({ code: status.NOT_FOUND });
  });

  it('report NOT_SERVING to health watchers once graceful shutdown starts', async () => {
    const other = createStageServer({ service: echoService, implementation: { Echo: () => undefined }, protos });
    const port = await listen(other, '127.0.0.1', 0);
    const client = new HealthClient(`127.0.0.1:${port}`, credentials.createInsecure()) as HealthClient;
    const seen: string[] = [];
    const stream = client.watch({ service: 'test.echo.v1.EchoService' });
    stream.on('error', () => undefined); // the forced stop ends the stream
    await new Promise<void>((resolve) =>
      stream.on('data', (update: { status: string }) => {
        seen.push(update.status);
        resolve();
      }),
    );
    const stopped = shutdownServer(other, 200);
    await new Promise<void>((resolve) => stream.on('data', () => resolve()));
    await stopped;
    client.close();
    expect(seen).toEqual(['SERVING', 'NOT_SERVING']);
  });

  it('name the service of a generated definition', () => {
    expect(serviceNameOf(echoService)).toBe('test.echo.v1.EchoService');
    expect(() => serviceNameOf({})).toThrow(/one service/);
  });
});
