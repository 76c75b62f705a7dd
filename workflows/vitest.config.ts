import { defineConfig } from 'vitest/config';

// Workflow tests start a local Temporal dev server and bundle the workflow code: give them time.
export default defineConfig({
  test: { testTimeout: 60_000, hookTimeout: 120_000, include: ['src/**/*.test.ts'] },
});
