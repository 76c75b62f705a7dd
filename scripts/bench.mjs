// `npm run bench`: sets up, then runs the pipeline benchmark on a real stack and prints its figures.
// Everything else is chosen by BENCH_* variables (BENCH_CASES, BENCH_CONCURRENCY, BENCH_ICDAR_LIMIT,
// BENCH_CPU_TIMELINE, BENCH_API_URL, ...): see test/bench/README.md.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from './lib/run.mjs';
import { setup } from './setup.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// npm runs scripts from the root, and the bench from test/; relative paths mean the caller's folder.
const callerDir = process.env.INIT_CWD ?? process.cwd();
const env = { ...process.env };
for (const name of ['BENCH_CPU_TIMELINE', 'BENCH_CORPUS']) if (env[name]) env[name] = resolve(callerDir, env[name]);

await setup();
await run('npm', ['run', 'bench', '-w', 'test'], { cwd: root, env });
