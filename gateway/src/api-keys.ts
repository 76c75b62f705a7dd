import { ObjectNotFoundError, getJson, putJson, type ObjectStore } from '@folio/runtime';
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';

/** Storage folder of key records, one `<sha256 of the key>.json` each: keys are never stored in clear. */
export const API_KEYS_PREFIX = 'auth/api-keys/';

const KEY_PREFIX = 'fk_';

const apiKeyRecordSchema = z.object({
  keyId: z.string(),
  ownerId: z.string(),
  label: z.string(),
  active: z.boolean(),
  revoked: z.boolean(),
  createdAt: z.string(),
});

/** What is stored about one key. */
export type ApiKeyRecord = z.output<typeof apiKeyRecordSchema>;

/** Owner ids end up in Temporal visibility queries and logs: keep them to a plain character set. */
const OWNER_ID = /^[A-Za-z0-9._@:+-]{1,200}$/;

export interface ApiKeyStore {
  /** Creates a key for `ownerId`; the clear key is returned once and never stored. */
  create(options: { ownerId: string; label?: string }): Promise<{ key: string; record: ApiKeyRecord }>;
  list(): Promise<ApiKeyRecord[]>;
  /** Marks a key inactive (it can be activated again). */
  deactivate(keyId: string): Promise<ApiKeyRecord>;
  activate(keyId: string): Promise<ApiKeyRecord>;
  /** Revokes a key for good. */
  revoke(keyId: string): Promise<ApiKeyRecord>;
  /** The record of a usable key, or null when unknown, inactive or revoked. */
  verify(key: string): Promise<ApiKeyRecord | null>;
}

/** Hex SHA-256 of a clear key: the name under which its record is stored. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Thrown by the operator commands for a key id that does not exist. */
export class UnknownApiKeyError extends Error {
  constructor(keyId: string) {
    super(`No API key with id ${keyId}`);
    this.name = 'UnknownApiKeyError';
  }
}

/**
 * API keys kept hashed in the object store, shared by the gateway (verify) and the operator CLI.
 * `verify` remembers answers for `cacheTtlMs` so polling clients cost no storage reads; a
 * deactivation therefore takes effect within that time.
 */
export function createApiKeyStore(
  store: ObjectStore,
  options: { cacheTtlMs?: number; now?: () => number } = {},
): ApiKeyStore {
  const cacheTtlMs = options.cacheTtlMs ?? 10_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { record: ApiKeyRecord | null; expiresAtMs: number }>();

  async function readRecord(hash: string): Promise<ApiKeyRecord | null> {
    try {
      return apiKeyRecordSchema.parse(await getJson(store, `${API_KEYS_PREFIX}${hash}.json`));
    } catch (error) {
      if (error instanceof ObjectNotFoundError) return null;
      throw error;
    }
  }

  async function findById(keyId: string): Promise<{ hash: string; record: ApiKeyRecord }> {
    for (const key of await store.list(API_KEYS_PREFIX)) {
      if (!key.endsWith('.json')) continue;
      const hash = key.slice(API_KEYS_PREFIX.length, -'.json'.length);
      const record = await readRecord(hash);
      if (record?.keyId === keyId) return { hash, record };
    }
    throw new UnknownApiKeyError(keyId);
  }

  async function change(
    keyId: string,
    patch: Partial<Pick<ApiKeyRecord, 'active' | 'revoked'>>,
  ): Promise<ApiKeyRecord> {
    const { hash, record } = await findById(keyId);
    const updated = { ...record, ...patch };
    await putJson(store, `${API_KEYS_PREFIX}${hash}.json`, updated);
    cache.delete(hash);
    return updated;
  }

  return {
    async create({ ownerId, label }) {
      if (!OWNER_ID.test(ownerId)) throw new Error(`Invalid owner id: use 1-200 of A-Z a-z 0-9 . _ @ : + -`);
      const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const record: ApiKeyRecord = {
        keyId: `key_${randomBytes(8).toString('hex')}`,
        ownerId,
        label: label ?? '',
        active: true,
        revoked: false,
        createdAt: new Date(now()).toISOString(),
      };
      await putJson(store, `${API_KEYS_PREFIX}${hashApiKey(key)}.json`, record);
      return { key, record };
    },
    async list() {
      const records: ApiKeyRecord[] = [];
      for (const key of await store.list(API_KEYS_PREFIX)) {
        if (!key.endsWith('.json')) continue;
        const record = await readRecord(key.slice(API_KEYS_PREFIX.length, -'.json'.length));
        if (record) records.push(record);
      }
      return records.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    },
    deactivate: (keyId) => change(keyId, { active: false }),
    activate: (keyId) => change(keyId, { active: true }),
    revoke: (keyId) => change(keyId, { revoked: true, active: false }),
    async verify(key) {
      const hash = hashApiKey(key);
      const cached = cache.get(hash);
      let record: ApiKeyRecord | null;
      if (cached && cached.expiresAtMs > now()) {
        record = cached.record;
      } else {
        record = await readRecord(hash);
        // Bounded so a flood of random keys cannot grow memory without limit.
        if (cache.size >= 10_000) cache.clear();
        cache.set(hash, { record, expiresAtMs: now() + cacheTtlMs });
      }
      return record && record.active && !record.revoked ? record : null;
    },
  };
}
