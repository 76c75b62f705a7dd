// `npm run bench`: sets up, then runs the pipeline benchmark on a real stack and prints its figures.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from './lib/run.mjs';
import { setup } from './setup.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await setup();
await run('npm', ['run', 'bench', '-w', 'test'], { cwd: root });
