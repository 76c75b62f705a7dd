// `npm run chaos`: sets up, then runs the whole chaos suite on a real stack (test/chaos/): hostile
// inputs, extreme configuration values, kill -9 of every process mid-task, API fuzzing against
// /openapi.json, load and per-owner fairness. Prints one table (case, outcome, time, peak memory)
// and the counts of lost and stuck tasks, 5xx answers and crashes. `npm test` runs its fast subset.
//
//   npm run chaos -- [--set full|fast] [vitest filters...]
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { run } from './lib/run.mjs';
import { setup } from './setup.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values, positionals } = parseArgs({
  options: { set: { type: 'string', default: 'full' }, help: { type: 'boolean', default: false } },
  allowPositionals: true,
});
if (values.help) {
  process.stdout.write('usage: npm run chaos -- [--set full|fast] [test file filters...]\n');
  process.exit(0);
}
if (!['full', 'fast'].includes(values.set)) {
  process.stderr.write(`--set must be full or fast, not ${values.set}\n`);
  process.exit(2);
}

await setup();
try {
  await run('npm', ['run', 'chaos', '-w', 'test', '--', ...positionals], {
    cwd: root,
    env: { ...process.env, FOLIO_CHAOS_SET: values.set },
  });
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
