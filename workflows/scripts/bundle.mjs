// Bundles the compiled workflow code once at build time, twice: plain, and with the OpenTelemetry
// workflow interceptors for workers that trace (src/worker-tracing.ts). A module the sandbox cannot
// load fails the build here instead of making the worker crash-loop at startup.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode } from '@temporalio/worker';
import { TRACING_WORKFLOW_INTERCEPTORS, WORKFLOW_BUNDLES } from '../dist/worker-tracing.js';

const workflowsPath = fileURLToPath(new URL('../dist/workflows/index.js', import.meta.url));
const logger = { log() {}, trace() {}, debug() {}, info() {}, warn: warn, error: warn };

const variants = [
  { file: WORKFLOW_BUNDLES.plain, workflowInterceptorModules: [] },
  { file: WORKFLOW_BUNDLES.traced, workflowInterceptorModules: [TRACING_WORKFLOW_INTERCEPTORS] },
];
for (const { file, workflowInterceptorModules } of variants) {
  const { code } = await bundleWorkflowCode({ workflowsPath, workflowInterceptorModules, logger });
  await writeFile(fileURLToPath(new URL(`../dist/${file}`, import.meta.url)), code);
}

function warn(message, meta) {
  process.stderr.write(`${message}${meta ? ` ${JSON.stringify(meta)}` : ''}\n`);
}
