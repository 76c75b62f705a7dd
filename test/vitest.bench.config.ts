import { defineConfig } from 'vitest/config';

// `npm run bench` (bench/README.md): the pipeline benchmark, on the end-to-end tests' real stack,
// or on a running one when BENCH_API_URL is set (bench/bench-setup.ts).
export default defineConfig({
  test: {
    include: ['bench/**/*.bench-run.ts'],
    globalSetup: ['./bench/bench-setup.ts'],
    fileParallelism: false,
    // Each case is one test: the full ICDAR set with OCR on every page takes many minutes on 2 cores.
    testTimeout: 3 * 3600_000,
    hookTimeout: 300_000,
  },
});
