import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

// `npm run formula-reader -w test`: the text-layer formula reader alone on the benchmark's cached
// born-digital pages (see reader-only.reader.ts), without the service. Minutes, not hours.
// eslint-disable-next-line import-x/no-default-export -- vitest reads the config file's default export
export default defineConfig({
  test: {
    root: resolve(import.meta.dirname, '..', '..'),
    include: ['eval/formulas/reader-only.reader.ts'],
    testTimeout: 1_800_000,
  },
});
