// Bundles the compiled workflow code once at build time. A module the sandbox cannot load fails
// the build here instead of making the worker crash-loop at startup.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode } from '@temporalio/worker';

const workflowsPath = fileURLToPath(new URL('../dist/workflows/index.js', import.meta.url));
const bundlePath = fileURLToPath(new URL('../dist/workflow-bundle.js', import.meta.url));

const { code } = await bundleWorkflowCode({ workflowsPath, logger: { log() {}, trace() {}, debug() {}, info() {}, warn: warn, error: warn } });
await writeFile(bundlePath, code);

function warn(message, meta) {
  process.stderr.write(`${message}${meta ? ` ${JSON.stringify(meta)}` : ''}\n`);
}
