import { defineConfig } from 'vitest/config';

// s3rver (the S3 driver's test server) signs ListObjectsV2 continuation tokens with DES, which
// OpenSSL 3 offers only from its legacy provider: without it every truncated listing answers 500,
// and the paged-listing guarantees could not be checked on S3.
export default defineConfig({
  test: { execArgv: ['--openssl-legacy-provider'] },
});
