import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './config.js';
import { describeTemporalConnection, temporalConnectionOptions, temporalSchema } from './temporal-connection.js';

const dir = mkdtempSync(join(tmpdir(), 'folio-temporal-tls-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const options = (env: NodeJS.ProcessEnv) => temporalConnectionOptions(parseEnv(temporalSchema, env));
const problems = (env: NodeJS.ProcessEnv): string[] => {
  try {
    options(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.issues;
    throw error;
  }
  return [];
};

describe('Temporal connection settings', () => {
  it('connects in plaintext to the dev server address when nothing is set', () => {
    expect(options({})).toEqual({ address: '127.0.0.1:7233' });
    expect(options({ TEMPORAL_TLS: '', TEMPORAL_API_KEY: '' })).toEqual({ address: '127.0.0.1:7233' });
    expect(describeTemporalConnection(options({}))).toBe('plaintext');
  });

  it('reads the client certificate, key and CA for mTLS, with the server name override', () => {
    const env = {
      TEMPORAL_ADDRESS: 'temporal.internal:7233',
      TEMPORAL_TLS_CERT: file('client.pem', 'CERT'),
      TEMPORAL_TLS_KEY: file('client.key', 'KEY'),
      TEMPORAL_TLS_CA: file('ca.pem', 'CA'),
      TEMPORAL_TLS_SERVER_NAME: 'frontend.temporal',
    };
    const result = options(env);
    expect(result.address).toBe('temporal.internal:7233');
    expect(result.tls?.serverNameOverride).toBe('frontend.temporal');
    expect(result.tls?.serverRootCACertificate?.toString()).toBe('CA');
    expect(result.tls?.clientCertPair?.crt.toString()).toBe('CERT');
    expect(result.tls?.clientCertPair?.key.toString()).toBe('KEY');
    expect(result.apiKey).toBeUndefined();
    expect(describeTemporalConnection(result)).toBe('tls, client certificate, own CA');
  });

  it('sends an API key over TLS with the system roots (Temporal Cloud)', () => {
    const result = options({ TEMPORAL_ADDRESS: 'eu-west-1.aws.api.temporal.io:7233', TEMPORAL_API_KEY: 'secret-key' });
    expect(result).toEqual({ address: 'eu-west-1.aws.api.temporal.io:7233', tls: {}, apiKey: 'secret-key' });
    expect(describeTemporalConnection(result)).toBe('tls, API key');
    expect(options({ TEMPORAL_TLS: '1' })).toEqual({ address: '127.0.0.1:7233', tls: {} });
  });

  it('refuses half an mTLS pair, unreadable files and TLS turned off beside TLS settings, all at once', () => {
    expect(problems({ TEMPORAL_TLS_CERT: file('only.pem', 'CERT') })).toEqual([
      'TEMPORAL_TLS_KEY: required with TEMPORAL_TLS_CERT (mTLS needs both)',
    ]);
    const issues = problems({ TEMPORAL_TLS: '0', TEMPORAL_TLS_KEY: join(dir, 'missing.key'), TEMPORAL_API_KEY: 'k' });
    expect(issues).toEqual([
      'TEMPORAL_TLS_CERT: required with TEMPORAL_TLS_KEY (mTLS needs both)',
      'TEMPORAL_TLS: 0 while TEMPORAL_TLS_KEY, TEMPORAL_API_KEY are set (these need TLS)',
      `TEMPORAL_TLS_KEY: cannot read ${join(dir, 'missing.key')} (ENOENT)`,
    ]);
    expect(() => parseEnv(temporalSchema, { TEMPORAL_TLS: 'maybe' })).toThrow(/TEMPORAL_TLS/);
  });
});
