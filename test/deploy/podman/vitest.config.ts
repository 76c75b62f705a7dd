import { defineConfig } from 'vitest/config';

// `npm run test:deploy` (scripts/test-deploy.mjs builds the images first): the compose deployment in
// podman containers. Not part of `npm test`: it needs podman and takes minutes.
export default defineConfig({
  test: {
    include: ['deploy/podman/*.podman.ts'],
    fileParallelism: false,
    testTimeout: 900_000,
    hookTimeout: 600_000,
  },
});
