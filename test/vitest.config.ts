import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    fileParallelism: false,
    projects: [
      // Tests of the harness, the bench's helpers and the root scripts (supervision, say): no stack needed.
      { test: { name: 'unit', include: ['src/**/*.test.ts', 'bench/**/*.test.ts'] } },
      // The deploy files: the Helm chart rendered and checked against the Kubernetes schemas, compose
      // against the compose schema and our rules (docs/deploy.md). No stack needed.
      { test: { name: 'deploy', include: ['deploy/**/*.test.ts'], testTimeout: 30_000 } },
      // End-to-end tests share one running stack (started in global setup), so files run one at a time.
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts', 'eval/**/*.test.ts', 'conformance/**/*.test.ts'],
          globalSetup: ['./src/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
