import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

// The table set alone on the evaluation's stack (see tables.set-run.ts). The entry is not named
// *.eval-run.ts, so that the main evaluation config (eval/vitest.eval.config.ts) leaves it out.
// eslint-disable-next-line import-x/no-default-export -- vitest reads the config file's default export
export default defineConfig({
  test: {
    root: resolve(import.meta.dirname, '..', '..'),
    include: ['eval/tables/tables.set-run.ts'],
    globalSetup: ['./eval/eval-setup.ts'],
    fileParallelism: false,
    testTimeout: 6 * 3600_000,
    hookTimeout: 300_000,
  },
});
