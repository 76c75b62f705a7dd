// `npm test`: installs and builds what is missing, then runs lint, typecheck and every test suite:
// the unit tests of each package and the end-to-end tests of test/ (real Temporal dev server, real
// stage services, real gateway, the reference Python client).
import { spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run, step } from './lib/run.mjs';
import { setup } from './setup.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await setup();
await ensureTestRedis();
step('lint, typecheck and tests');
try {
  // One task at a time: the machine has 2 cores and the end-to-end suite runs a whole stack.
  await run(join(root, 'node_modules', '.bin', 'turbo'), ['run', 'lint', 'typecheck', 'test', '--concurrency=1', ...process.argv.slice(2)], { cwd: root });
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

/** Whether something accepts TCP connections on 127.0.0.1:port. */
function listening(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/**
 * The shared-limits tests use the machine's Redis on 6379 (FOLIO_TEST_REDIS_URL to use another).
 * When none answers there, a throw-away one is started (setup installs redis-server as a test
 * tool), so a machine whose Redis is installed but stopped still runs them; without redis-server
 * they fail, naming what they need.
 */
async function ensureTestRedis() {
  if (process.env.FOLIO_TEST_REDIS_URL || (await listening(6379))) return;
  step('starting a Redis for the tests on 6379 (none was running)');
  const started = spawnSync('redis-server', ['--port', '6379', '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'yes'], {
    stdio: 'inherit',
  });
  if (started.error || started.status !== 0) step('could not start redis-server: the Redis tests will fail');
}
