import { createFsStore } from '@folio/runtime';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_KEYS_PREFIX, UnknownApiKeyError, createApiKeyStore, hashApiKey } from './api-keys.js';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'api-keys-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function stores(now = () => 1_700_000_000_000) {
  const store = createFsStore({ rootDir: dir, publicUrl: 'http://x', signingSecret: 'secret-secret-secret' });
  return { store, keys: createApiKeyStore(store, { now, cacheTtlMs: 10_000 }) };
}

describe('createApiKeyStore', () => {
  it('creates fk_ keys stored only as their SHA-256 hash', async () => {
    const { keys } = stores();
    const { key, record } = await keys.create({ ownerId: 'alice', label: 'ci' });
    expect(key).toMatch(/^fk_[A-Za-z0-9_-]{43}$/);
    expect(record).toMatchObject({
      ownerId: 'alice',
      label: 'ci',
      active: true,
      revoked: false,
      createdAt: '2023-11-14T22:13:20.000Z',
    });
    const files = await readdir(join(dir, ...API_KEYS_PREFIX.split('/').filter(Boolean)));
    expect(files).toEqual([`${hashApiKey(key)}.json`]);
    expect(await readFile(join(dir, 'auth', 'api-keys', files[0]!), 'utf8')).not.toContain(key);
  });

  it('verifies active keys and refuses unknown, deactivated and revoked ones', async () => {
    const { keys } = stores();
    const { key, record } = await keys.create({ ownerId: 'alice' });
    expect(await keys.verify(key)).toEqual(record);
    expect(await keys.verify('fk_other')).toBeNull();
    await keys.deactivate(record.keyId);
    expect(await keys.verify(key)).toBeNull();
    await keys.activate(record.keyId);
    expect(await keys.verify(key)).not.toBeNull();
    await keys.revoke(record.keyId);
    expect(await keys.verify(key)).toBeNull();
    // Revoked stays revoked even when activated again.
    await keys.activate(record.keyId);
    expect(await keys.verify(key)).toBeNull();
  });

  it('caches verification, so a change made elsewhere shows after the cache time', async () => {
    let nowMs = 0;
    const gateway = stores(() => nowMs).keys;
    const operator = stores(() => nowMs).keys;
    const { key, record } = await operator.create({ ownerId: 'alice' });
    expect(await gateway.verify(key)).not.toBeNull();
    await operator.deactivate(record.keyId);
    expect(await gateway.verify(key)).not.toBeNull();
    nowMs += 10_001;
    expect(await gateway.verify(key)).toBeNull();
  });

  it('lists records and refuses unknown key ids and odd owner ids', async () => {
    const { keys } = stores();
    await keys.create({ ownerId: 'alice' });
    await keys.create({ ownerId: 'bob@example.com' });
    expect((await keys.list()).map((record) => record.ownerId).sort()).toEqual(['alice', 'bob@example.com']);
    await expect(keys.revoke('key_missing')).rejects.toBeInstanceOf(UnknownApiKeyError);
    await expect(keys.create({ ownerId: "x' OR 1=1" })).rejects.toThrow(/Invalid owner id/);
  });
});
