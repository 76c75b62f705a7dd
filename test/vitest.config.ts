import { defineConfig } from 'vitest/config';

// End-to-end tests share one running stack (started in global setup), so files run one at a time.
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts', 'src/**/*.test.ts', 'eval/**/*.test.ts'],
    globalSetup: ['./src/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
