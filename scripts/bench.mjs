// `npm run bench`: sets up, then runs the pipeline benchmark on a real stack and prints its figures.
// Everything else is chosen by BENCH_* variables (BENCH_CASES, BENCH_CONCURRENCY, BENCH_ICDAR_LIMIT,
// BENCH_CPU_TIMELINE, BENCH_API_URL, ...): see test/bench/README.md.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { pip, run, step } from './lib/run.mjs';
import { setup } from './setup.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// npm runs scripts from the root, and the bench from test/; relative paths mean the caller's folder.
const callerDir = process.env.INIT_CWD ?? process.cwd();
const env = { ...process.env };
for (const name of ['BENCH_CPU_TIMELINE', 'BENCH_CORPUS']) if (env[name]) env[name] = resolve(callerDir, env[name]);

await setup();
/** What the ICDAR case is timed against (test/bench/pymupdf4llm.ts); pinned, with its dependencies. */
const PYMUPDF4LLM = 'pymupdf4llm==1.28.2';
const benchTools = join(root, '.tools', 'bench');
const cases = env.BENCH_CASES ?? '';
if ((cases === '' || /icdar-default|\b5\b/.test(cases)) && !existsSync(join(benchTools, 'pymupdf4llm'))) {
  step(`installing the ICDAR case's yardstick (${PYMUPDF4LLM}) into .tools/bench`);
  await pip('install', ['--target', benchTools, PYMUPDF4LLM], root);
}
env.BENCH_PYMUPDF4LLM_PATH = benchTools;
await run('npm', ['run', 'bench', '-w', 'test'], { cwd: root, env });
