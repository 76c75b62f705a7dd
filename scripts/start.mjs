// `npm start`: installs what is missing, builds, and runs the whole service on embedded defaults
// (Temporal dev server with a SQLite file under .data/, stage services, worker, gateway on :8000).
// Ctrl-C stops everything; restarting keeps existing tasks. A process that dies is restarted
// (scripts/lib/supervise.mjs).
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readEnvFile } from './lib/env-file.mjs';
import { step } from './lib/run.mjs';
import { setup, temporalBinary } from './setup.mjs';
import { startStack, stackEnv } from './lib/stack.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const startedAt = Date.now();
await setup();

const base = { ...readEnvFile(join(root, '.env')), ...process.env };
const dataDir = resolve(root, base.DATA_DIR ?? '.data');

const colors = [31, 32, 33, 34, 35, 36, 91, 92, 93, 94];
const names = new Map();
function output(name, line) {
  if (!names.has(name)) names.set(name, colors[names.size % colors.length]);
  process.stdout.write(`\x1b[${names.get(name)}m${name.padEnd(8)}\x1b[0m | ${line}\n`);
}

step('starting the service');
let env;
let stack;
try {
  // Refuses a bad <STAGE>_REPLICAS or port list before anything starts.
  env = stackEnv({ LOG_PRETTY: '1', ...base }, { root, dataDir });
  // A process that keeps dying (5 restarts in a minute) stops the service with the reason, rather
  // than leave tasks retrying against a stage that is not coming back.
  stack = await startStack({
    root,
    env,
    temporalBinary,
    dataDir,
    output,
    onGiveUp: (name, reason) => {
      process.stderr.write(`${reason}: stopping the service; see ${name}'s output above for the cause\n`);
      void shutdown(1);
    },
  });
} catch (error) {
  process.stderr.write(`start failed: ${error.message}\n`);
  process.exit(1);
}
step(`ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
step(`API        ${env.PUBLIC_URL}  (docs: ${env.PUBLIC_URL}/swagger-ui/)`);
if (env.FOLIO_EMBEDDED_TEMPORAL === '1') step(`Temporal UI http://localhost:${env.TEMPORAL_UI_PORT}`);
step('create an API key: npm run keys -- create --owner <id>');

let stopping = false;
async function shutdown(exitCode = 0) {
  if (stopping) process.exit(1);
  stopping = true;
  step('stopping');
  await stack.stop();
  process.exit(exitCode);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
