import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ConfigError, envBoolean } from './config.js';

const optionalString = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());

/**
 * Where the gateway, the worker and the setup job find Temporal, and how they prove who they are:
 * plain TCP for the dev server; TLS (server verified against the system roots or TEMPORAL_TLS_CA);
 * mTLS with a client certificate; or an API key (Temporal Cloud), which always goes over TLS.
 * Certificate files are read once at start: restart the process after rotating them.
 */
export const temporalEnv = {
  TEMPORAL_ADDRESS: z.string().default('127.0.0.1:7233'),
  TEMPORAL_NAMESPACE: z.string().default('default'),
  /** Unset: TLS when any of the variables below is set. `0` with one of them set is refused. */
  TEMPORAL_TLS: z.preprocess((value) => (value === '' ? undefined : value), envBoolean.optional()),
  /** PEM client certificate (chain) and its private key, for mTLS: both or neither. */
  TEMPORAL_TLS_CERT: optionalString,
  TEMPORAL_TLS_KEY: optionalString,
  /** PEM CA bundle the server's certificate is checked against; unset: the system's roots. */
  TEMPORAL_TLS_CA: optionalString,
  /** Name checked in the server's certificate when it differs from TEMPORAL_ADDRESS's host. */
  TEMPORAL_TLS_SERVER_NAME: optionalString,
  /** API key sent as a bearer token on every call (Temporal Cloud API-key namespaces). */
  TEMPORAL_API_KEY: optionalString,
};

export const temporalSchema = z.object(temporalEnv);
export type TemporalConfig = z.output<typeof temporalSchema>;

/** TLS settings as both Temporal SDK connections take them (`TLSConfig` of @temporalio/common). */
export interface TemporalTlsOptions {
  serverNameOverride?: string;
  serverRootCACertificate?: Buffer;
  clientCertPair?: { crt: Buffer; key: Buffer };
}

/** The options `Connection.connect`/`lazy` and `NativeConnection.connect` share. */
export interface TemporalConnectionOptions {
  address: string;
  tls?: TemporalTlsOptions;
  apiKey?: string;
}

/**
 * Connection options from the Temporal variables, with the certificate files read. Throws a
 * `ConfigError` listing every problem: a certificate without its key (or the reverse), a file that
 * cannot be read, TLS turned off while TLS settings or an API key are set.
 */
export function temporalConnectionOptions(
  config: TemporalConfig,
  readFile: (path: string) => Buffer = (path) => readFileSync(path),
): TemporalConnectionOptions {
  const issues: string[] = [];
  const {
    TEMPORAL_TLS_CERT: cert,
    TEMPORAL_TLS_KEY: key,
    TEMPORAL_TLS_CA: ca,
    TEMPORAL_TLS_SERVER_NAME: serverName,
  } = config;
  if ((cert === undefined) !== (key === undefined)) {
    issues.push(
      `${cert === undefined ? 'TEMPORAL_TLS_CERT' : 'TEMPORAL_TLS_KEY'}: required with ${cert === undefined ? 'TEMPORAL_TLS_KEY' : 'TEMPORAL_TLS_CERT'} (mTLS needs both)`,
    );
  }
  const settings = {
    TEMPORAL_TLS_CERT: cert,
    TEMPORAL_TLS_KEY: key,
    TEMPORAL_TLS_CA: ca,
    TEMPORAL_TLS_SERVER_NAME: serverName,
    TEMPORAL_API_KEY: config.TEMPORAL_API_KEY,
  };
  const setNames = Object.entries(settings).flatMap(([name, value]) => (value === undefined ? [] : [name]));
  if (config.TEMPORAL_TLS === false && setNames.length > 0) {
    issues.push(
      `TEMPORAL_TLS: 0 while ${setNames.join(', ')} ${setNames.length > 1 ? 'are' : 'is'} set (these need TLS)`,
    );
  }
  const read = (name: string, path: string | undefined): Buffer | undefined => {
    if (path === undefined) return undefined;
    try {
      return readFile(path);
    } catch (error) {
      issues.push(`${name}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
      return undefined;
    }
  };
  const crt = read('TEMPORAL_TLS_CERT', cert);
  const privateKey = read('TEMPORAL_TLS_KEY', key);
  const rootCa = read('TEMPORAL_TLS_CA', ca);
  if (issues.length > 0) throw new ConfigError(issues);

  const options: TemporalConnectionOptions = { address: config.TEMPORAL_ADDRESS };
  if (config.TEMPORAL_TLS ?? setNames.length > 0) {
    options.tls = {
      ...(serverName === undefined ? {} : { serverNameOverride: serverName }),
      ...(rootCa === undefined ? {} : { serverRootCACertificate: rootCa }),
      ...(crt === undefined || privateKey === undefined ? {} : { clientCertPair: { crt, key: privateKey } }),
    };
  }
  if (config.TEMPORAL_API_KEY !== undefined) options.apiKey = config.TEMPORAL_API_KEY;
  return options;
}

/** One line for the start-up log: where, and which protection, never the secrets. */
export function describeTemporalConnection(options: TemporalConnectionOptions): string {
  if (options.tls === undefined) return 'plaintext';
  const parts = ['tls'];
  if (options.tls.clientCertPair) parts.push('client certificate');
  if (options.tls.serverRootCACertificate) parts.push('own CA');
  if (options.apiKey !== undefined) parts.push('API key');
  return parts.join(', ');
}
