import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

// The table set alone on the evaluation's stack (see tables.eval-run.ts).
// eslint-disable-next-line import-x/no-default-export -- vitest reads the config file's default export
export default defineConfig({
  test: {
    root: resolve(import.meta.dirname, '..', '..'),
    include: ['eval/tables/tables.eval-run.ts'],
    globalSetup: ['./eval/eval-setup.ts'],
    fileParallelism: false,
    testTimeout: 6 * 3600_000,
    hookTimeout: 300_000,
  },
});
