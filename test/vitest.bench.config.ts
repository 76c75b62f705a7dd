import { defineConfig } from 'vitest/config';

// `npm run bench`: the pipeline benchmark, on the same real stack as the end-to-end tests.
export default defineConfig({
  test: {
    include: ['bench/**/*.bench-run.ts'],
    globalSetup: ['./src/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 900_000,
    hookTimeout: 300_000,
  },
});
