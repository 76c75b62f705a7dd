import { z } from 'zod';
import { envBoolean, envPort } from '../config.js';
import { createFsStore } from './fs-store.js';
import type { ObjectStore } from './object-store.js';
import { createS3Store } from './s3-store.js';

/** Storage variables shared by every runnable that touches objects. */
export const storageEnv = {
  STORAGE_DRIVER: z.enum(['fs', 's3']).default('fs'),
  /** Folder of the filesystem driver. */
  STORAGE_DIR: z.string().default('.data/objects'),
  /** Secret that signs filesystem-driver URLs; must be the same in every process. */
  STORAGE_SIGNING_SECRET: z.string().min(16).default('dev-only-signing-secret-change-me'),
  PUBLIC_URL: z.string().url().default('http://localhost:8000'),
  S3_ENDPOINT: z.string().default('127.0.0.1'),
  S3_PORT: envPort.optional(),
  S3_USE_SSL: envBoolean.default(false),
  S3_ACCESS_KEY: z.string().default(''),
  S3_SECRET_KEY: z.string().default(''),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().default('folio'),
  /** Lifetime of presigned URLs. */
  PRESIGN_EXPIRES_SEC: z.coerce.number().int().positive().default(3600),
};

export const storageSchema = z.object(storageEnv);
export type StorageConfig = z.output<typeof storageSchema>;

/** Builds the configured store. For S3 the bucket is created when missing. */
export async function createStoreFromConfig(config: StorageConfig): Promise<ObjectStore> {
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
  });
  await store.ensureBucket();
  return store;
}
