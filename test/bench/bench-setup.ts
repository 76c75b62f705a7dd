// Global setup of `npm run bench`: the end-to-end suite's stack (src/global-setup.ts, tracing off) on this
// machine, or, with BENCH_API_URL and BENCH_API_KEY, a stack that is already running anywhere.
import type { TestProject } from 'vitest/node';
import { startStack as startLocalStack, teardown as teardownLocalStack } from '../src/global-setup.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** True when the bench drives a stack it did not start (BENCH_API_URL): no process of it is local. */
    benchRemote: boolean;
    /** The process that started the local stack: the memory sampler counts its descendants only. */
    stackOwnerPid: number;
  }
}

let remote = false;

/** `http://host:8000/api/v1` or `http://host:8000` -> `http://host:8000` (api.ts appends `/api/v1/...`). */
function toBaseUrl(apiUrl: string): string {
  const url = new URL(apiUrl);
  return `${url.origin}${url.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/, '')}`;
}

export async function setup(project: TestProject): Promise<void> {
  const apiUrl = process.env.BENCH_API_URL;
  remote = Boolean(apiUrl);
  project.provide('benchRemote', remote);
  project.provide('stackOwnerPid', process.pid);
  if (!apiUrl) {
    // Tracing off, as the service runs by default.
    await startLocalStack(project, { tracing: false });
    return;
  }
  const apiKey = process.env.BENCH_API_KEY;
  if (!apiKey) throw new Error('BENCH_API_URL is set but BENCH_API_KEY is not: the bench needs a key of that stack');
  project.provide('baseUrl', toBaseUrl(apiUrl));
  project.provide('apiKey', apiKey);
  // Empty: no stage shares (the bench says so).
  project.provide('temporalAddress', process.env.BENCH_TEMPORAL_ADDRESS ?? '');
  // Unknown: how many instances of each stage a remote stack runs is its own business.
  project.provide('stageReplicas', {});
  process.stdout.write(
    `bench: remote stack ${toBaseUrl(apiUrl)}, Temporal ${process.env.BENCH_TEMPORAL_ADDRESS ?? 'not given'}\n`,
  );
}

export async function teardown(): Promise<void> {
  if (!remote) await teardownLocalStack();
}
