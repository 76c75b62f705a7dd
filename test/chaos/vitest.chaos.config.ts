import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

// `npm run chaos` (FOLIO_CHAOS_SET=full) and the fast subset `npm test` runs: hostile inputs, kills,
// API fuzzing and load on one real stack (chaos-setup.ts). Files share the stack, so one at a time.
// eslint-disable-next-line import-x/no-default-export -- vitest reads the config file's default export
export default defineConfig({
  test: {
    root: resolve(import.meta.dirname, '..'),
    include: ['chaos/**/*.chaos.ts'],
    globalSetup: ['./chaos/chaos-setup.ts'],
    fileParallelism: false,
    testTimeout: 10 * 60_000,
    hookTimeout: 5 * 60_000,
  },
});
