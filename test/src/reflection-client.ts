// A generic gRPC client, as grpcurl is one: it knows no contract in advance, lists a server's
// services through server reflection, fetches the descriptors of one, and calls its methods with
// plain JSON-like objects (proto field names in lowerCamelCase, enums by name, 64-bit integers as
// strings). The end-to-end tests use it to check that docs/grpc.md's grpcurl flow works.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  Client,
  Metadata,
  credentials,
  loadPackageDefinition,
  type ClientDuplexStream,
  type MethodDefinition,
  type ServiceClientConstructor,
  type ServiceError,
} from '@grpc/grpc-js';
import { loadFileDescriptorSetFromBuffer, loadSync, type ServiceDefinition } from '@grpc/proto-loader';

interface ReflectionRequest {
  listServices?: string;
  fileContainingSymbol?: string;
}

interface ReflectionResponse {
  listServicesResponse?: { service: { name: string }[] };
  fileDescriptorResponse?: { fileDescriptorProto: Buffer[] };
  errorResponse?: { errorCode: number; errorMessage: string };
}

interface ServerReflectionClient extends Client {
  ServerReflectionInfo(): ClientDuplexStream<ReflectionRequest, ReflectionResponse>;
}

// The reflection v1 contract as @grpc/reflection ships it (build/src/index.js -> build/proto).
const reflectionProtoDir = join(dirname(createRequire(import.meta.url).resolve('@grpc/reflection')), '..', 'proto');
const ServerReflection = (
  loadPackageDefinition(loadSync('grpc/reflection/v1/reflection.proto', { includeDirs: [reflectionProtoDir] }))
    .grpc as never as {
    reflection: {
      v1: {
        ServerReflection: new (...args: ConstructorParameters<ServiceClientConstructor>) => ServerReflectionClient;
      };
    };
  }
).reflection.v1.ServerReflection;

/** Sends one request on the reflection stream and resolves its answer. */
async function reflect(address: string, request: ReflectionRequest): Promise<ReflectionResponse> {
  const client = new ServerReflection(address, credentials.createInsecure());
  try {
    return await new Promise((resolve, reject) => {
      const stream = client.ServerReflectionInfo();
      stream.once('data', (response: ReflectionResponse) => {
        stream.end();
        resolve(response);
      });
      stream.once('error', reject);
      stream.write(request);
    });
  } finally {
    client.close();
  }
}

/** The full names of the services `address` serves (`grpcurl -plaintext <address> list`). */
export async function listServices(address: string): Promise<string[]> {
  const response = await reflect(address, { listServices: '' });
  return (response.listServicesResponse?.service ?? []).map((service) => service.name).sort();
}

/** A FileDescriptorSet: field 1 (length-delimited, tag 0x0a) once per FileDescriptorProto. */
function toDescriptorSet(files: Buffer[]): Buffer {
  const varint = (value: number): number[] =>
    value < 0x80 ? [value] : [(value & 0x7f) | 0x80, ...varint(value >>> 7)];
  return Buffer.concat(files.flatMap((file) => [Buffer.from([0x0a, ...varint(file.length)]), file]));
}

/** One service of a server, called by method name with JSON-like objects. */
export interface ReflectedService {
  /** The service's method names, as the `.proto` spells them (`RecognizePages`). */
  methods: string[];
  /** `grpcurl -plaintext -d '<request>' <address> <service>/<method>`. */
  call<Res = Record<string, unknown>>(method: string, request: object, options?: { timeoutMs?: number }): Promise<Res>;
  close(): void;
}

/**
 * Connects to `serviceName` on `address` using only what reflection tells (the service's file and
 * every file it imports); no generated code is involved.
 */
export async function connectReflected(address: string, serviceName: string): Promise<ReflectedService> {
  const response = await reflect(address, { fileContainingSymbol: serviceName });
  if (response.errorResponse) throw new Error(`reflection: ${response.errorResponse.errorMessage}`);
  const definition = loadFileDescriptorSetFromBuffer(
    toDescriptorSet(response.fileDescriptorResponse?.fileDescriptorProto ?? []),
    {
      longs: String,
      enums: String,
      defaults: true,
    },
  );
  const service = definition[serviceName] as ServiceDefinition | undefined;
  if (!service) throw new Error(`reflection gave no descriptor of ${serviceName}`);
  const client = new Client(address, credentials.createInsecure());
  return {
    methods: Object.keys(service),
    call<Res>(method: string, request: object, options: { timeoutMs?: number } = {}): Promise<Res> {
      const definition = service[method] as MethodDefinition<object, Res> | undefined;
      if (!definition) return Promise.reject(new Error(`${serviceName} has no method ${method}`));
      return new Promise((resolve, reject) => {
        client.makeUnaryRequest(
          definition.path,
          definition.requestSerialize,
          definition.responseDeserialize,
          request,
          new Metadata(),
          { deadline: Date.now() + (options.timeoutMs ?? 60_000) },
          (error: ServiceError | null, value?: Res) => (error ? reject(error) : resolve(value!)), // value is set without an error
        );
      });
    },
    close: () => client.close(),
  };
}
