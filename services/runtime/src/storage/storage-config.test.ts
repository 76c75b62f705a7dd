import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../config.js';
import { createStoreFromConfig, EXAMPLE_SIGNING_SECRET, storageSchema } from './storage-config.js';

const dir = mkdtempSync(join(tmpdir(), 'folio-storage-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('storage configuration', () => {
  it('refuses to build a store with the public example signing secret, set or defaulted', async () => {
    for (const env of [{ STORAGE_DIR: dir }, { STORAGE_DIR: dir, STORAGE_SIGNING_SECRET: EXAMPLE_SIGNING_SECRET }]) {
      const error: unknown = await createStoreFromConfig(parseEnv(storageSchema, env)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/STORAGE_SIGNING_SECRET: unset or the public example value/);
    }
  });

  it('accepts the example secret only with FOLIO_INSECURE_DEV=1, and any other secret', async () => {
    const insecure = parseEnv(storageSchema, { STORAGE_DIR: dir, FOLIO_INSECURE_DEV: '1' });
    await expect(createStoreFromConfig(insecure)).resolves.toBeDefined();
    const own = parseEnv(storageSchema, {
      STORAGE_DIR: dir,
      STORAGE_SIGNING_SECRET: 'a-random-secret-of-32-characters',
    });
    await expect(createStoreFromConfig(own)).resolves.toBeDefined();
  });
});
