import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startStack, stackEnv, STAGES } from '../../scripts/lib/stack.mjs';
import { freePort } from './free-port.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    apiKey: string;
    otherApiKey: string;
    dataDir: string;
    stackLog: string;
  }
}

const root = resolve(import.meta.dirname, '..', '..');
const temporalBinary = process.env.TEMPORAL_BIN ?? join(root, '.tools', 'temporal', 'bin', 'temporal');
let stop: (() => Promise<void>) | undefined;

function createKey(env: NodeJS.ProcessEnv, owner: string): string {
  const result = spawnSync(process.execPath, [join(root, 'gateway', 'dist', 'keys-cli.js'), 'create', '--owner', owner], { env, encoding: 'utf8' });
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
}

export async function teardown(): Promise<void> {
  await stop?.();
}
