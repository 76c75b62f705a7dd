import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startStack, stackEnv, STAGES } from '../../scripts/lib/stack.mjs';
import { startFakeOpenAi } from './fake-openai.js';
import { freePort } from './free-port.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    apiKey: string;
    otherApiKey: string;
    dataDir: string;
    stackLog: string;
    /** Control URL of the fake OpenAI-compatible provider the stack's models point at. */
    fakeOpenAiControlUrl: string;
    /** The layout stage's engine (`LAYOUT_ENGINE`; the service default `doclaynet` unless the run sets it). */
    layoutEngine: string;
    /** The Temporal frontend the stack runs on (the benchmark reads workflow histories there). */
    temporalAddress: string;
  }
}

const root = resolve(import.meta.dirname, '..', '..');
const temporalBinary = process.env.TEMPORAL_BIN ?? join(root, '.tools', 'temporal', 'bin', 'temporal');
let stop: (() => Promise<void>) | undefined;
let stopFakeOpenAi: (() => Promise<void>) | undefined;

/**
 * The models the stack's LLM stage knows, all served by the fake provider. `main` is the default
 * and `backup` the fallback; `tight` has a short timeout for the slow-answer test. The fake
 * answers well unless a test scripts it otherwise, so tests that ignore the model still pass.
 */
function fakeModelsFile(baseUrl: string): string {
  const models = [
    { id: 'main', model: 'fake-main', default: true, rate_limit: 50 },
    { id: 'backup', model: 'fake-backup', fallback: true },
    { id: 'tight', model: 'fake-tight', timeout_ms: 1000 },
  ];
  return JSON.stringify(
    { models: models.map((model) => ({ base_url: baseUrl, api_key: 'sk-fake-e2e', ...model })) },
    null,
    2,
  );
}

function createKey(env: NodeJS.ProcessEnv, owner: string): string {
  const result = spawnSync(
    process.execPath,
    [join(root, 'gateway', 'dist', 'keys-cli.js'), 'create', '--owner', owner],
    { env, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`keys-cli failed: ${result.stderr}`);
  const lines = result.stdout.trim().split('\n');
  return lines[lines.length - 1]!.trim();
}

/**
 * Starts the real service once for every end-to-end test: the Temporal dev server, the five stage
 * services, the worker and the gateway, all on free ports, with storage in a fresh folder.
 */
export async function setup(project: TestProject): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-e2e-'));
  const stackLog = join(dataDir, 'stack.log');
  const ports: Record<string, string> = { PORT: String(await freePort()) };
  for (const stage of STAGES) ports[`${stage.toUpperCase()}_GRPC_PORT`] = String(await freePort());
  const temporalPort = await freePort();
  const base: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ...ports,
    LOG_LEVEL: 'info',
    ALLOW_PRIVATE_URLS: 'true',
    STORAGE_SIGNING_SECRET: 'e2e-signing-secret-0123456789',
  };
  const fake = await startFakeOpenAi();
  stopFakeOpenAi = fake.close;
  const modelsPath = join(dataDir, 'llm-models.json');
  writeFileSync(modelsPath, fakeModelsFile(fake.baseUrl));
  base.LLM_MODELS_PATH = modelsPath;
  // Short backoff: the retry tests script a few failures and should not wait seconds for each.
  base.LLM_RETRY_BASE_MS = '50';
  // The engines default to ppocr and doclaynet in the services; a run may choose others, and tune
  // their threads (the benchmark compares settings this way).
  for (const name of [
    'LAYOUT_ENGINE',
    'OCR_ENGINE',
    'LAYOUT_THREADS',
    'LAYOUT_WORKERS',
    'OCR_THREADS',
    'OCR_WORKERS',
  ]) {
    if (process.env[name]) base[name] = process.env[name];
  }
  const env = stackEnv(base, { root, dataDir });
  env.TEMPORAL_ADDRESS = `127.0.0.1:${temporalPort}`;
  env.TEMPORAL_UI_PORT = '0';
  const stack = await startStack({
    root,
    env,
    temporalBinary,
    dataDir,
    output: (name: string, line: string) => appendFileSync(stackLog, `${name} | ${line}\n`),
  });
  stop = stack.stop;
  project.provide('baseUrl', `http://127.0.0.1:${env.PORT}`);
  project.provide('apiKey', createKey(env, 'e2e-owner'));
  project.provide('otherApiKey', createKey(env, 'e2e-other-owner'));
  project.provide('dataDir', dataDir);
  project.provide('stackLog', stackLog);
  project.provide('fakeOpenAiControlUrl', fake.controlUrl);
  project.provide('layoutEngine', env.LAYOUT_ENGINE ?? 'doclaynet');
  project.provide('temporalAddress', env.TEMPORAL_ADDRESS);
}

export async function teardown(): Promise<void> {
  await stop?.();
  await stopFakeOpenAi?.();
}
