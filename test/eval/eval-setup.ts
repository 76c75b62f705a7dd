// Global setup of `npm run eval`: the same real stack as the end-to-end suite (src/test-stack.ts),
// with the model engines switched on, since the evaluation measures what the models produce.
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startTestStack } from '../src/test-stack.js';

let stop: (() => Promise<void>) | undefined;
let objectsDir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  // The engines are named even where they are the services' defaults; OCR_ENGINE or LAYOUT_ENGINE
  // in the caller's environment still wins (e.g. OCR_ENGINE=none for a baseline).
  const stack = await startTestStack('eval', { OCR_ENGINE: 'ppocr', LAYOUT_ENGINE: 'doclaynet' });
  stop = stack.stop;
  objectsDir = stack.env.STORAGE_DIR;
  project.provide('baseUrl', stack.baseUrl);
  project.provide('apiKey', stack.createKey('eval'));
  project.provide('dataDir', stack.dataDir);
  project.provide('stackLog', stack.stackLog);
  process.stdout.write(
    `eval stack up (OCR_ENGINE=${stack.env.OCR_ENGINE}, LAYOUT_ENGINE=${stack.env.LAYOUT_ENGINE}); log: ${stack.stackLog}\n`,
  );
}

export async function teardown(): Promise<void> {
  await stop?.();
  // Rendered pages and crops of a full run take hundreds of MiB; the stack log stays for reading.
  if (objectsDir) rmSync(objectsDir, { recursive: true, force: true });
}
