import { defineConfig } from 'vitest/config';

// `npm run test:deploy` (scripts/test-deploy.mjs builds the images first): the compose deployment in
// podman containers. A whole `npm test` runs it last; it needs podman and takes minutes. The verbose
// reporter prints each test's time: the parts of the run.
export default defineConfig({
  test: {
    include: ['deploy/podman/*.podman.ts'],
    fileParallelism: false,
    reporters: ['verbose'],
    testTimeout: 900_000,
    hookTimeout: 600_000,
  },
});
