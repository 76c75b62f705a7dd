import { z } from 'zod';
import { ConfigError, envBoolean, envPort } from '../config.js';
import { createFsStore } from './fs-store.js';
import type { ObjectStore } from './object-store.js';
import { createS3Store, type S3Endpoint } from './s3-store.js';

/**
 * `S3_PUBLIC_ENDPOINT`: an `http(s)://host[:port]` URL with no path, as the `minio` client's endpoint
 * (it signs for a host, not for a path prefix).
 */
const publicEndpoint = z
  .string()
  .url()
  .transform((value, context): S3Endpoint => {
    const url = new URL(value);
    if (
      (url.protocol !== 'http:' && url.protocol !== 'https:') ||
      url.pathname !== '/' ||
      url.search ||
      url.hash ||
      url.username
    ) {
      context.addIssue({
        code: 'custom',
        message: 'expected http(s)://host[:port] with no path, query or credentials',
      });
      return z.NEVER;
    }
    const useSSL = url.protocol === 'https:';
    // IPv6 hosts come bracketed in URL.hostname; the client wants them bare.
    const endPoint = url.hostname.replace(/^\[(.*)\]$/, '$1');
    return { endPoint, useSSL, ...(url.port === '' ? {} : { port: Number(url.port) }) };
  });

/**
 * The secret `.env.example` shows and the schema falls back to. It is public, so anyone could
 * forge `/files` URLs with it: every process refuses it at start unless FOLIO_INSECURE_DEV=1.
 * `npm run setup` writes a random secret into `.env` instead.
 */
export const EXAMPLE_SIGNING_SECRET = 'dev-only-signing-secret-change-me';

/** Storage variables shared by every runnable that touches objects. */
export const storageEnv = {
  STORAGE_DRIVER: z.enum(['fs', 's3']).default('fs'),
  /** Folder of the filesystem driver. */
  STORAGE_DIR: z.string().default('.data/objects'),
  /**
   * Secret that signs filesystem-driver URLs; must be the same in every process. Unset means the
   * public example value, which `createStoreFromConfig` refuses unless FOLIO_INSECURE_DEV is on.
   */
  STORAGE_SIGNING_SECRET: z.string().min(16).default(EXAMPLE_SIGNING_SECRET),
  /** 1: accept the public example signing secret (a throwaway local run, never a shared host). */
  FOLIO_INSECURE_DEV: envBoolean.default(false),
  PUBLIC_URL: z.string().url().default('http://localhost:8000'),
  S3_ENDPOINT: z.string().default('127.0.0.1'),
  S3_PORT: envPort.optional(),
  S3_USE_SSL: envBoolean.default(false),
  S3_ACCESS_KEY: z.string().default(''),
  S3_SECRET_KEY: z.string().default(''),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().default('folio'),
  /**
   * Where clients outside the services' network reach the store (`https://files.example.com`);
   * presigned URLs (pdf_url, crops, input_file_url) are made for it. Unset: S3_ENDPOINT's.
   */
  S3_PUBLIC_ENDPOINT: publicEndpoint.optional(),
  /** Lifetime of presigned URLs. */
  PRESIGN_EXPIRES_SEC: z.coerce.number().int().positive().default(3600),
};

export const storageSchema = z.object(storageEnv);
export type StorageConfig = z.output<typeof storageSchema>;

/**
 * Throws a ConfigError when the signing secret is the public example one and FOLIO_INSECURE_DEV
 * is off. Every process that signs or checks `/files` URLs calls it (through
 * `createStoreFromConfig`) before it serves anything.
 */
export function assertSigningSecret(
  config: Pick<StorageConfig, 'STORAGE_SIGNING_SECRET' | 'FOLIO_INSECURE_DEV'>,
): void {
  if (config.STORAGE_SIGNING_SECRET !== EXAMPLE_SIGNING_SECRET || config.FOLIO_INSECURE_DEV) return;
  throw new ConfigError([
    'STORAGE_SIGNING_SECRET: unset or the public example value, which would let anyone forge file URLs; ' +
      '`npm run setup` writes a random one into .env (or set FOLIO_INSECURE_DEV=1 for a throwaway local run)',
  ]);
}

/**
 * Builds the configured store, after refusing the public example signing secret. For S3 the
 * bucket is created when missing.
 */
export async function createStoreFromConfig(config: StorageConfig): Promise<ObjectStore> {
  assertSigningSecret(config);
  if (config.STORAGE_DRIVER === 'fs') {
    return createFsStore({
      rootDir: config.STORAGE_DIR,
      publicUrl: config.PUBLIC_URL,
      signingSecret: config.STORAGE_SIGNING_SECRET,
    });
  }
  const store = createS3Store({
    endPoint: config.S3_ENDPOINT,
    ...(config.S3_PORT === undefined ? {} : { port: config.S3_PORT }),
    useSSL: config.S3_USE_SSL,
    accessKey: config.S3_ACCESS_KEY,
    secretKey: config.S3_SECRET_KEY,
    region: config.S3_REGION,
    bucket: config.S3_BUCKET,
    ...(config.S3_PUBLIC_ENDPOINT === undefined ? {} : { publicEndpoint: config.S3_PUBLIC_ENDPOINT }),
  });
  await store.ensureBucket();
  return store;
}
