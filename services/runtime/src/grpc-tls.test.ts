import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeClientConstructor, type Client, type ServiceError } from '@grpc/grpc-js';
import { HealthImplementation, service as healthService } from 'grpc-health-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from './config.js';
import { createGrpcServer, shutdownServer, listen } from './grpc.js';
import { createStageClient } from './grpc-target.js';
import { grpcChannelCredentials, grpcServerCredentials, type GrpcTlsConfig } from './grpc-tls.js';

const HealthClient = makeClientConstructor(healthService, 'Health');
type HealthCheck = Client & {
  Check(
    request: { service: string },
    options: { deadline: number },
    done: (error: ServiceError | null, response?: { status: string }) => void,
  ): void;
};

let dir: string;
const file = (name: string): string => join(dir, name);

/** A CA, a stage certificate for `stage.internal`, and a client certificate, all from openssl. */
function makeCertificates(): void {
  const openssl = (...args: string[]): void => void execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=folio test CA',
  );
  writeFileSync(file('san.ext'), 'subjectAltName=DNS:stage.internal\n');
  for (const [name, ext] of [
    ['stage', ['-extfile', 'san.ext']],
    ['client', []],
  ] as const) {
    openssl(
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.csr`,
      '-subj',
      `/CN=${name}`,
    );
    openssl(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      `${name}.pem`,
      '-days',
      '2',
      ...ext,
    );
  }
}

/** Serves grpc.health.v1 with these settings; resolves its address and a stop. */
async function startStage(config: GrpcTlsConfig): Promise<{ address: string; stop: () => Promise<void> }> {
  const server = createGrpcServer();
  new HealthImplementation({ '': 'SERVING' }).addToServer(server);
  const port = await listen(server, '127.0.0.1', 0, grpcServerCredentials(config).credentials);
  return { address: `127.0.0.1:${port}`, stop: () => shutdownServer(server) };
}

/** The health status a client with these settings reads, or its error code. */
function check(address: string, config: GrpcTlsConfig): Promise<string> {
  // The stage client the worker and the gateway build, with these settings' channel.
  const client = createStageClient(HealthClient, address, grpcChannelCredentials(config)) as HealthCheck;
  return new Promise((resolve) =>
    client.Check({ service: '' }, { deadline: Date.now() + 5000 }, (error, response) => {
      client.close();
      resolve(error ? `error ${error.code}` : (response?.status ?? 'no answer'));
    }),
  );
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'folio-grpc-tls-'));
  makeCertificates();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('stage TLS', () => {
  it('serves TLS with a certificate: a client checking it with the CA is answered, a plaintext one is not', async () => {
    const stage = await startStage({ GRPC_TLS_CERT: file('stage.pem'), GRPC_TLS_KEY: file('stage.key') });
    try {
      expect(await check(stage.address, { GRPC_TLS_CA: file('ca.pem'), GRPC_TLS_SERVER_NAME: 'stage.internal' })).toBe(
        'SERVING',
      );
      expect(await check(stage.address, {})).toMatch(/^error /);
      // The certificate names stage.internal, not the address: without the override the check fails.
      expect(await check(stage.address, { GRPC_TLS_CA: file('ca.pem') })).toMatch(/^error /);
    } finally {
      await stage.stop();
    }
  });

  it('requires a client certificate signed by the CA once the stage has the CA too (mTLS)', async () => {
    const stage = await startStage({
      GRPC_TLS_CERT: file('stage.pem'),
      GRPC_TLS_KEY: file('stage.key'),
      GRPC_TLS_CA: file('ca.pem'),
    });
    const client = { GRPC_TLS_CA: file('ca.pem'), GRPC_TLS_SERVER_NAME: 'stage.internal' };
    try {
      expect(await check(stage.address, client)).toMatch(/^error /);
      expect(
        await check(stage.address, { ...client, GRPC_TLS_CERT: file('client.pem'), GRPC_TLS_KEY: file('client.key') }),
      ).toBe('SERVING');
    } finally {
      await stage.stop();
    }
  });

  it('says what each side runs, and refuses half a certificate or a missing file at start', () => {
    expect(grpcServerCredentials({}).protection).toBe('plaintext');
    expect(grpcChannelCredentials({}).protection).toBe('plaintext');
    expect(grpcChannelCredentials({ GRPC_TLS_CA: file('ca.pem') }).protection).toBe('tls');
    expect(
      grpcServerCredentials({
        GRPC_TLS_CERT: file('stage.pem'),
        GRPC_TLS_KEY: file('stage.key'),
        GRPC_TLS_CA: file('ca.pem'),
      }).protection,
    ).toBe('mtls');
    expect(() => grpcServerCredentials({ GRPC_TLS_CERT: file('stage.pem') })).toThrow(ConfigError);
    expect(() => grpcServerCredentials({ GRPC_TLS_CERT: file('stage.pem') })).toThrow(
      /GRPC_TLS_KEY: required with GRPC_TLS_CERT/,
    );
    expect(() => grpcChannelCredentials({ GRPC_TLS_CA: file('missing.pem') })).toThrow(/GRPC_TLS_CA: cannot read/);
  });
});
