// `npm test`: installs and builds what is missing, then runs lint, typecheck and every test suite:
// the unit tests of each package and the end-to-end tests of test/ (real Temporal dev server, real
// stage services, real gateway, the reference Python client).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run, step } from './lib/run.mjs';
import { setup } from './setup.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await setup();
step('lint, typecheck and tests');
try {
  // One task at a time: the machine has 2 cores and the end-to-end suite runs a whole stack.
  await run(join(root, 'node_modules', '.bin', 'turbo'), ['run', 'lint', 'typecheck', 'test', '--concurrency=1', ...process.argv.slice(2)], { cwd: root });
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
