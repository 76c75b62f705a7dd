import { readFileSync } from 'node:fs';
import { ServerCredentials, credentials, type ChannelCredentials } from '@grpc/grpc-js';
import { z } from 'zod';
import { ConfigError } from './config.js';

const optionalString = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());

/**
 * TLS between the worker (and the gateway's readiness check) and the stage services. One set of
 * variables for every process, each using what its side needs:
 * - a stage serves TLS with GRPC_TLS_CERT and GRPC_TLS_KEY, and with GRPC_TLS_CA as well it
 *   requires a client certificate signed by that CA (mTLS);
 * - a client speaks TLS once GRPC_TLS_CA is set (the stages' certificates are checked against it),
 *   and with GRPC_TLS_CERT and GRPC_TLS_KEY as well it presents them (mTLS).
 * None set: plaintext, the internal network being the boundary (docs/security.md). PEM files are
 * read once at start: restart the process after rotating them.
 */
export const grpcTlsEnv = {
  /** PEM certificate (chain) and private key: a stage's server identity, a client's for mTLS. */
  GRPC_TLS_CERT: optionalString,
  GRPC_TLS_KEY: optionalString,
  /** PEM CA bundle: clients check the stages' certificates against it; stages check clients' with it. */
  GRPC_TLS_CA: optionalString,
  /** Name checked in a stage's certificate when it differs from the address's host (clients only). */
  GRPC_TLS_SERVER_NAME: optionalString,
};

/** The parsed GRPC_TLS_* settings (any config that spreads grpcTlsEnv has them). */
export type GrpcTlsConfig = z.output<z.ZodObject<typeof grpcTlsEnv>>;

/** The PEM files of the settings, read, or a ConfigError listing every problem. */
function readPems(
  config: GrpcTlsConfig,
  readFile: (path: string) => Buffer,
): { cert?: Buffer; key?: Buffer; ca?: Buffer } {
  const issues: string[] = [];
  if ((config.GRPC_TLS_CERT === undefined) !== (config.GRPC_TLS_KEY === undefined)) {
    const [missing, given] =
      config.GRPC_TLS_CERT === undefined ? ['GRPC_TLS_CERT', 'GRPC_TLS_KEY'] : ['GRPC_TLS_KEY', 'GRPC_TLS_CERT'];
    issues.push(`${missing}: required with ${given} (a certificate needs its key)`);
  }
  const read = (name: string, path: string | undefined): Buffer | undefined => {
    if (path === undefined) return undefined;
    try {
      return readFile(path);
    } catch (error) {
      issues.push(`${name}: cannot read ${path} (${error instanceof Error ? error.message : String(error)})`);
      return undefined;
    }
  };
  const pems = {
    cert: read('GRPC_TLS_CERT', config.GRPC_TLS_CERT),
    key: read('GRPC_TLS_KEY', config.GRPC_TLS_KEY),
    ca: read('GRPC_TLS_CA', config.GRPC_TLS_CA),
  };
  if (issues.length > 0) throw new ConfigError(issues);
  return pems;
}

/** How a stage serves: TLS with its certificate (requiring client certificates when a CA is set), else plaintext. */
export function grpcServerCredentials(
  config: GrpcTlsConfig,
  readFile: (path: string) => Buffer = (path) => readFileSync(path),
): { credentials: ServerCredentials; protection: 'plaintext' | 'tls' | 'mtls' } {
  const { cert, key, ca } = readPems(config, readFile);
  if (!cert || !key) return { credentials: ServerCredentials.createInsecure(), protection: 'plaintext' };
  return {
    credentials: ServerCredentials.createSsl(ca ?? null, [{ cert_chain: cert, private_key: key }], ca !== undefined),
    protection: ca ? 'mtls' : 'tls',
  };
}

/** How a client reaches the stages: TLS once a CA is set (presenting its certificate when it has one), else plaintext. */
export function grpcChannelCredentials(
  config: GrpcTlsConfig,
  readFile: (path: string) => Buffer = (path) => readFileSync(path),
): { credentials: ChannelCredentials; serverName?: string; protection: 'plaintext' | 'tls' | 'mtls' } {
  const { cert, key, ca } = readPems(config, readFile);
  if (!ca) return { credentials: credentials.createInsecure(), protection: 'plaintext' };
  return {
    credentials: credentials.createSsl(ca, key ?? null, cert ?? null),
    serverName: config.GRPC_TLS_SERVER_NAME,
    protection: cert ? 'mtls' : 'tls',
  };
}
