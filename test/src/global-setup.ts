import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startFakeOpenAi } from './fake-openai.js';
import { startOtlpReceiver } from './otlp-receiver.js';
import { stageInstances, stageReplicas, type StackStage } from '../../scripts/lib/stack.mjs';
import { startTestStack } from './test-stack.js';

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
    /** Each process's `/metrics` URL by name (`gateway`, `worker`, the stage instances: `ocr`, `ocr-2`, ...). */
    metricsUrls: Record<string, string>;
    /** How many instances of each stage the stack runs (`<STAGE>_REPLICAS`); empty when not known (a remote stack). */
    stageReplicas: Partial<Record<StackStage, number>>;
    /** Each stage's gRPC address (`host:port`) by stage name, for tests that call a stage directly. */
    stageAddresses: Record<string, string>;
    /** The filesystem storage driver's folder (`STORAGE_DIR`): an object's key is its path under it. */
    storageDir: string;
    /** The worker's WEBHOOK_SECRET (`whsec_...`): receivers in the tests verify posts with it. */
    webhookSecret: string;
    /** Every span the stack exported so far (GET: JSON `ReceivedSpan[]`, otlp-receiver.ts). */
    otlpSpansUrl: string;
  }
}

let stop: (() => Promise<void>) | undefined;
let stopFakeOpenAi: (() => Promise<void>) | undefined;
let stopOtlpReceiver: (() => Promise<void>) | undefined;
let modelsDir: string | undefined;

/**
 * The models the stack's LLM stage knows, all served by the fake provider. `main` is the default
 * and `backup` the fallback; `tight` has a short timeout for the slow-answer test. The fake
 * answers well unless a test scripts it otherwise, so tests that ignore the model still pass.
 */
export function fakeModelsFile(baseUrl: string): string {
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

/**
 * Starts the real service once for every end-to-end test (see test-stack.ts), its language-model
 * stage pointed at a fake provider and its traces at an OTLP receiver in this process: every
 * end-to-end test runs with tracing on, and traces.test.ts reads what arrived.
 */
export async function setup(project: TestProject): Promise<void> {
  await startStack(project, { tracing: true });
}

/**
 * The stack of `setup`; without `tracing` no OTLP receiver runs and the stack exports nothing, as
 * the service runs by default (the benchmark measures that: exporting every span and receiving
 * them in this process cost CPU the pipeline's figures should not carry).
 */
export async function startStack(project: TestProject, options: { tracing: boolean }): Promise<void> {
  const fake = await startFakeOpenAi();
  stopFakeOpenAi = fake.close;
  modelsDir = mkdtempSync(join(tmpdir(), 'folio-e2e-models-'));
  const modelsPath = join(modelsDir, 'llm-models.json');
  writeFileSync(modelsPath, fakeModelsFile(fake.baseUrl));
  const webhookSecret = `whsec_${randomBytes(32).toString('base64')}`;
  const receiver = options.tracing ? await startOtlpReceiver() : undefined;
  stopOtlpReceiver = receiver?.close;
  const stack = await startTestStack('e2e', {
    ALLOW_PRIVATE_URLS: 'true',
    // The webhook test's receiver listens on loopback: the one private host webhooks may reach.
    WEBHOOK_SECRET: webhookSecret,
    WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1',
    LLM_MODELS_PATH: modelsPath,
    // Short backoff: the retry tests script a few failures and should not wait seconds for each.
    LLM_RETRY_BASE_MS: '50',
    ...(receiver
      ? {
          OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
          // Spans leave every 200 ms instead of 5 s, so the traces test need not wait.
          OTEL_BSP_SCHEDULE_DELAY: '200',
        }
      : {}),
  });
  stop = stack.stop;
  project.provide('baseUrl', stack.baseUrl);
  project.provide('apiKey', stack.createKey('e2e-owner'));
  project.provide('otherApiKey', stack.createKey('e2e-other-owner'));
  project.provide('dataDir', stack.dataDir);
  project.provide('stackLog', stack.stackLog);
  project.provide('fakeOpenAiControlUrl', fake.controlUrl);
  project.provide('layoutEngine', stack.env.LAYOUT_ENGINE ?? 'doclaynet');
  project.provide('temporalAddress', stack.env.TEMPORAL_ADDRESS!);
  project.provide('metricsUrls', stack.metricsUrls);
  project.provide('stageReplicas', stageReplicas(stack.env));
  // One instance's host:port, even when the stack runs replicas (its clients' addresses are lists then).
  const firstInstances = stageInstances(stack.env).filter((instance) => instance.name === instance.stage);
  project.provide(
    'stageAddresses',
    Object.fromEntries(firstInstances.map((instance) => [instance.stage, `127.0.0.1:${instance.grpcPort}`])),
  );
  project.provide('storageDir', stack.env.STORAGE_DIR!);
  project.provide('webhookSecret', webhookSecret);
  project.provide('otlpSpansUrl', receiver?.spansUrl ?? '');
}

export async function teardown(): Promise<void> {
  await stop?.();
  await stopFakeOpenAi?.();
  await stopOtlpReceiver?.();
  if (modelsDir) rmSync(modelsDir, { recursive: true, force: true });
}
