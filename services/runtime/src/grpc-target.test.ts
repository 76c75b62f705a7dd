import { makeGenericClientConstructor, type Server, type ServiceDefinition } from '@grpc/grpc-js';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, parseEnv } from './config.js';
import { callUnary, createGrpcServer, listen, shutdownServer, unary } from './grpc.js';
import { createStageClient, grpcAddress, toGrpcTarget } from './grpc-target.js';
import { createLogger } from './logger.js';

// runtime may not import a stage package (lint zones, and the stages build on runtime), so the
// servers here are built with the same plumbing as every stage server (createGrpcServer, unary,
// listen) around a one-RPC service whose fake engine answers which instance it is.
const text = {
  serialize: (value: string) => Buffer.from(value),
  deserialize: (bytes: Buffer) => bytes.toString(),
};
const instanceService = {
  whoAmI: {
    path: '/folio.test.v1.InstanceService/WhoAmI',
    requestStream: false,
    responseStream: false,
    requestSerialize: text.serialize,
    requestDeserialize: text.deserialize,
    responseSerialize: text.serialize,
    responseDeserialize: text.deserialize,
  },
} satisfies ServiceDefinition;
const InstanceClient = makeGenericClientConstructor(instanceService, 'InstanceService');
type InstanceClient = InstanceType<typeof InstanceClient>;

interface Instance {
  name: string;
  server: Server;
  port: number;
  calls: number;
}

const logger = createLogger({ name: 'grpc-target-test', level: 'silent' });
const instances: Instance[] = [];
const clients: InstanceClient[] = [];

async function startInstance(name: string): Promise<Instance> {
  const server = createGrpcServer();
  const instance: Instance = { name, server, port: 0, calls: 0 };
  server.addService(instanceService, {
    whoAmI: unary<string, string>(logger, 'WhoAmI', () => {
      instance.calls += 1;
      return Promise.resolve(name);
    }),
  });
  instance.port = await listen(server, '127.0.0.1', 0);
  instances.push(instance);
  return instance;
}

function connect(address: string): InstanceClient {
  const client = createStageClient(InstanceClient, address);
  clients.push(client);
  return client;
}

/** Makes `count` calls one after another, so each is a separate pick of the balancer. */
async function callMany(client: InstanceClient, count: number): Promise<string[]> {
  // A generic client's methods are untyped; this one is the unary WhoAmI defined above.
  const whoAmI = (client.whoAmI as Parameters<typeof callUnary<string, string>>[0]).bind(client);
  const names: string[] = [];
  for (let index = 0; index < count; index += 1) names.push(await callUnary(whoAmI, 'ping', { timeoutMs: 5_000 }));
  return names;
}

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await Promise.all(instances.splice(0).map((instance) => shutdownServer(instance.server, 1_000)));
});

describe('stage clients over several instances', () => {
  it.each([
    ['a static list of IP addresses', (a: number, b: number) => `127.0.0.1:${a},127.0.0.1:${b}`],
    ['a static list of host names', (a: number, b: number) => `localhost:${a}, localhost:${b}`],
    ['an ipv4: target URI', (a: number, b: number) => `ipv4:127.0.0.1:${a},127.0.0.1:${b}`],
  ])('spreads calls round-robin over both instances named by %s', async (_form, addressOf) => {
    const a = await startInstance('a');
    const b = await startInstance('b');
    const client = connect(addressOf(a.port, b.port));

    const names = await callMany(client, 40);

    expect(names.every((name) => name === 'a' || name === 'b')).toBe(true);
    // Round-robin alternates once both connections are up; the first calls may all go to whichever
    // instance connected first, so only rough balance is asserted.
    expect(a.calls).toBeGreaterThanOrEqual(12);
    expect(b.calls).toBeGreaterThanOrEqual(12);
  });

  it('keeps answering from the remaining instance when one shuts down', async () => {
    const a = await startInstance('a');
    const b = await startInstance('b');
    const client = connect(`127.0.0.1:${a.port},127.0.0.1:${b.port}`);
    await callMany(client, 10);
    expect(a.calls).toBeGreaterThan(0);
    expect(b.calls).toBeGreaterThan(0);

    await shutdownServer(a.server, 1_000);
    const callsToA = a.calls;
    const names = await callMany(client, 20);

    expect(names).toEqual(Array.from({ length: 20 }, () => 'b'));
    expect(a.calls).toBe(callsToA);
  });
});

describe('stage address settings', () => {
  const roundRobin = JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] });

  it.each([
    ['127.0.0.1:50052', '127.0.0.1:50052'],
    ['ocr:50052', 'ocr:50052'],
    ['dns:///ocr:50052', 'dns:///ocr:50052'],
    ['dns://10.0.0.2:53/ocr:50052', 'dns://10.0.0.2:53/ocr:50052'],
    ['ipv4:10.0.0.1:50052,10.0.0.2:50052', 'ipv4:10.0.0.1:50052,10.0.0.2:50052'],
    ['ipv6:[::1]:50052', 'ipv6:[::1]:50052'],
    ['ocr-1:50052,ocr-2:50052', 'host-list:ocr-1:50052,ocr-2:50052'],
    [' ocr-1:50052 , [::1]:50052 ', 'host-list:ocr-1:50052,[::1]:50052'],
  ])('maps %j to the grpc-js target %s with round-robin balancing', (address, target) => {
    const result = toGrpcTarget(address);
    expect(result.target).toBe(target);
    expect(result.options['grpc.service_config']).toBe(roundRobin);
  });

  it.each([
    ['', 'the address is empty'],
    ['ocr', 'the address, "ocr", is not host:port'],
    ['ocr:0', 'the address, "ocr:0", is not host:port'],
    ['ocr:50052,', 'list entry 2 of 2 is empty'],
    ['ocr-1:50052,ocr-2', 'list entry 2 of 2, "ocr-2", is not host:port'],
    ['http://ocr:50052', 'the address, "http://ocr:50052", is not host:port'],
    ['dns:///ocr', 'dns: target "ocr" is not host:port'],
    ['ipv4:10.0.0.1:50052,ocr:50052', 'ipv4: target entry 2 of 2, "ocr:50052", is not an ipv4 address:port'],
  ])('refuses %j: %s', (address, problem) => {
    expect(() => toGrpcTarget(address)).toThrow(problem);
  });

  it('names the variable and every accepted form when config load refuses a malformed list', () => {
    const schema = z.object({ OCR_GRPC_ADDRESS: grpcAddress });
    const load = () => parseEnv(schema, { OCR_GRPC_ADDRESS: 'ocr-1:50052;ocr-2:50052' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(
      'OCR_GRPC_ADDRESS: the address, "ocr-1:50052;ocr-2:50052", is not host:port; expected host:port, ' +
        'a comma-separated list host1:port,host2:port, or a target URI such as dns:///ocr:50052',
    );
  });
});
