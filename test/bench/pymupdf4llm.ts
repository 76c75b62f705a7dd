// The yardstick issue 44 sets ICDAR pages/s against: pymupdf4llm (PyMuPDF's Markdown extractor)
// turning the same PDFs into Markdown, one after another in one Python process, timed in the same
// run. `npm run bench` installs its pinned version into .tools/bench (scripts/bench.mjs) and names
// that folder in BENCH_PYMUPDF4LLM_PATH.
import { spawnSync } from 'node:child_process';

const SCRIPT = `
import json, sys, time
from importlib.metadata import version
import pymupdf, pymupdf4llm
paths = sys.argv[1:]
pages = 0
for path in paths:
    with pymupdf.open(path) as document:
        pages += document.page_count
start = time.perf_counter()
for path in paths:
    pymupdf4llm.to_markdown(path)
print(json.dumps({"pages": pages, "seconds": time.perf_counter() - start, "version": version("pymupdf4llm")}))
`;

export interface BaselineRun {
  version: string;
  pages: number;
  seconds: number;
}

/** Times pymupdf4llm over `paths`; throws with the reason when it cannot run. */
export function runPymupdf4llm(paths: readonly string[], toolsDir = process.env.BENCH_PYMUPDF4LLM_PATH): BaselineRun {
  if (!toolsDir)
    throw new Error(
      'BENCH_PYMUPDF4LLM_PATH is not set: run the bench through npm run bench, which installs pymupdf4llm',
    );
  const result = spawnSync('python3', ['-c', SCRIPT, ...paths], {
    encoding: 'utf8',
    env: { ...process.env, PYTHONPATH: toolsDir },
    maxBuffer: 16 * 1024 * 1024,
  });
  const last = result.stdout?.trim().split('\n').pop() ?? '';
  if (result.status !== 0 || !last.startsWith('{'))
    throw new Error(`pymupdf4llm did not run (exit ${result.status}): ${(result.stderr ?? '').trim().slice(-500)}`);
  return JSON.parse(last) as BaselineRun;
}
