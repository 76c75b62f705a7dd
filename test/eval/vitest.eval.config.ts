import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

// `npm run eval`: the evaluation on the real stack with its model engines (eval-setup.ts).
// eslint-disable-next-line import-x/no-default-export -- vitest reads the config file's default export
export default defineConfig({
  test: {
    root: resolve(import.meta.dirname, '..'),
    include: ['eval/**/*.eval-run.ts'],
    globalSetup: ['./eval/eval-setup.ts'],
    fileParallelism: false,
    testTimeout: 6 * 3600_000,
    hookTimeout: 300_000,
  },
});
