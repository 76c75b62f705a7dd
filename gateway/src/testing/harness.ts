import { createFsStore, createLogger, type LimitsStore, type ObjectStore } from '@folio/runtime';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiKeyStore, type ApiKeyStore } from '../api-keys.js';
import { createApp } from '../app.js';
import type { JwtVerifier } from '../auth/jwt.js';
import { loadConfig, type GatewayConfig } from '../config.js';
import type { ReadinessProbe } from '../readiness.js';
import type { ModelCatalog, ModelInfo } from '../tasks/model-catalog.js';
import { FakeTaskWorkflows } from './fake-workflows.js';

export const PUBLIC_URL = 'http://gateway.test';
export const SIGNING_SECRET = 'test-signing-secret-0123456789';

/** A tiny file that detectFileType reads as PDF. */
export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
/** A real 1 x 1 grey PNG (signature, IHDR, IDAT, IEND): the detector wants the header chunk after the signature. */
export const PNG_BYTES = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108000000003a7e9b550000000a49444154789c636800000082008177cd72b60000000049454e44ae426082',
  'hex',
);

export interface Harness {
  app: ReturnType<typeof createApp>;
  config: GatewayConfig;
  store: ObjectStore;
  workflows: FakeTaskWorkflows;
  apiKeys: ApiKeyStore;
  models: ModelInfo[];
  /** An active key of owner `alice`. */
  aliceKey: string;
  /** An active key of owner `bob`. */
  bobKey: string;
  clock: { now(): number; advance(ms: number): void };
  ids: string[];
  close(): Promise<void>;
}

export interface HarnessOptions {
  env?: Record<string, string>;
  verifyJwt?: JwtVerifier;
  models?: ModelInfo[];
  /** What `/health/ready` checks; none by default. */
  readinessProbes?: Record<string, ReadinessProbe>;
  /** Where limits are counted; by default the app's own memory. */
  limits?: LimitsStore;
}

/** A gateway app on an fs store in a temp folder, with a fake workflow engine and two owners. */
export async function createHarness(options: HarnessOptions = {}): Promise<Harness> {
  const dir = await mkdtemp(join(tmpdir(), 'gateway-test-'));
  const config = loadConfig({
    STORAGE_DIR: dir,
    PUBLIC_URL,
    STORAGE_SIGNING_SECRET: SIGNING_SECRET,
    LOG_LEVEL: 'fatal',
    ...options.env,
  });
  let nowMs = Date.parse('2025-01-02T03:04:05.000Z');
  const clock = { now: () => nowMs, advance: (ms: number) => void (nowMs += ms) };
  const store = createFsStore({ rootDir: dir, publicUrl: PUBLIC_URL, signingSecret: SIGNING_SECRET, now: clock.now });
  const apiKeys = createApiKeyStore(store, { now: clock.now });
  const aliceKey = (await apiKeys.create({ ownerId: 'alice' })).key;
  const bobKey = (await apiKeys.create({ ownerId: 'bob' })).key;
  const workflows = new FakeTaskWorkflows();
  const models = options.models ?? [
    { id: 'model-a', isDefault: true, isFallback: false },
    { id: 'model-b', isDefault: false, isFallback: true },
  ];
  const catalog: ModelCatalog = { list: () => Promise.resolve(models) };
  let counter = 0;
  const ids: string[] = [];
  const app = createApp({
    config,
    logger: createLogger({ name: 'gateway-test', level: 'silent' }),
    store,
    workflows,
    models: catalog,
    apiKeys,
    verifyJwt: options.verifyJwt ?? (() => Promise.resolve(null)),
    version: '9.9.9',
    readinessProbes: options.readinessProbes,
    limits: options.limits,
    clock,
    newId: () => {
      counter += 1;
      const id = `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
      ids.push(id);
      return id;
    },
  });
  return {
    app,
    config,
    store,
    workflows,
    apiKeys,
    models,
    aliceKey,
    bobKey,
    clock,
    ids,
    close: () => rm(dir, { recursive: true, force: true }),
  };
}
