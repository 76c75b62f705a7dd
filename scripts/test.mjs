// `npm test` (and CI: .ci/run runs it on a fresh clone of main): installs and builds what is
// missing, then the whole check, fast checks first so that a slip fails in minutes, not after the
// long suites:
//   1. at once, side by side: `prettier --check`, `buf lint`, `buf breaking` against main, generated
//      code regenerated and compared (scripts/lib/checks.mjs), and turbo's lint and typecheck;
//   2. then turbo's test of every package: unit tests, the replay of the recorded workflow
//      histories (workflows), and the end-to-end tests of test/ (real Temporal dev server, real
//      stage services, real gateway, the reference Python client);
//   3. then, on a whole run, the deployment test (scripts/test-deploy.mjs: podman containers).
// What CI runs is written up in docs/ci.md.
import { spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  GENERATED_DIR,
  checkFormatting,
  checkGeneratedCode,
  checkProtoBreaking,
  checkProtoLint,
  snapshot,
} from './lib/checks.mjs';
import { run, step } from './lib/run.mjs';
import { setup } from './setup.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const turbo = join(root, 'node_modules', '.bin', 'turbo');
const turboArgs = process.argv.slice(2);
// Before setup: its build regenerates proto/src/gen in place.
const committedGenerated = await snapshot(join(root, GENERATED_DIR));
await setup();
await ensureTestRedis();

step('fast checks: formatting, buf lint, buf breaking, generated code, lint, typecheck');
const started = Date.now();
/** One check: its name and what it found. */
const timed = async (name, check) => {
  const start = Date.now();
  try {
    return { name, ...(await check()), seconds: (Date.now() - start) / 1000 };
  } catch (error) {
    return {
      name,
      ok: false,
      detail: error instanceof Error ? error.stack : String(error),
      seconds: (Date.now() - start) / 1000,
    };
  }
};
const checks = await Promise.all([
  // Two cores: turbo's lint and typecheck take both, the small checks fit in beside them.
  timed('lint and typecheck (turbo)', async () => {
    try {
      await run(turbo, ['run', 'lint', 'typecheck', '--concurrency=2', '--output-logs=errors-only', ...turboArgs], {
        cwd: root,
      });
      return { ok: true, detail: 'eslint and tsc of every package' };
    } catch (error) {
      return { ok: false, detail: `${error.message} (its errors are printed above)` };
    }
  }),
  timed('prettier --check', () => checkFormatting(root)),
  timed('buf lint', () => checkProtoLint(root)),
  timed('buf breaking', () => checkProtoBreaking(root)),
  timed(`generated code (${GENERATED_DIR})`, () => checkGeneratedCode(root, committedGenerated)),
]);
for (const check of checks) {
  const mark = check.ok ? '\x1b[32mok\x1b[0m    ' : '\x1b[31mFAILED\x1b[0m';
  process.stdout.write(`  ${mark} ${check.name} (${check.seconds.toFixed(1)} s): ${check.ok ? check.detail : ''}\n`);
  if (!check.ok) process.stdout.write(`${check.detail.replace(/^/gm, '         ')}\n`);
}
const failed = checks.filter((check) => !check.ok);
step(`fast checks took ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (failed.length > 0) {
  process.stderr.write(`npm test: ${failed.length} check(s) failed: ${failed.map((check) => check.name).join(', ')}\n`);
  process.exit(1);
}

step('tests: unit, workflow history replay, end-to-end');
try {
  // One task at a time: the machine has 2 cores and the end-to-end suite runs a whole stack.
  // --continue: a failing package does not hide the results of the others (the exit code still fails).
  await run(turbo, ['run', 'test', '--concurrency=1', '--continue', ...turboArgs], { cwd: root });
} catch (error) {
  process.stderr.write(`npm test: ${error.message}\n`);
  process.exit(1);
}

// The whole check (no turbo arguments choosing packages) ends with the deployment itself: every
// image of the compose file built without a registry and the stack run in podman containers, two
// replicas per heavy stage, replicas and the worker killed mid-task (docs/deploy.md).
if (turboArgs.length === 0) {
  step('deployment test: the compose stack in podman containers (npm run test:deploy)');
  try {
    await run(process.execPath, [join(root, 'scripts', 'test-deploy.mjs')], { cwd: root });
  } catch (error) {
    process.stderr.write(`npm test: ${error.message}\n`);
    process.exit(1);
  }
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
  const started = spawnSync(
    'redis-server',
    ['--port', '6379', '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'yes'],
    {
      stdio: 'inherit',
    },
  );
  if (started.error || started.status !== 0) step('could not start redis-server: the Redis tests will fail');
}
