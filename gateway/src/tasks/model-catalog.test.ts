import { createLogger } from '@folio/runtime';
import { describe, expect, it, vi } from 'vitest';
import { createCachedModelCatalog, type ModelInfo } from './model-catalog.js';

const logger = createLogger({ name: 'test', level: 'silent' });
const models: ModelInfo[] = [{ id: 'a', isDefault: true, isFallback: false }];

describe('createCachedModelCatalog', () => {
  it('asks the stage once per TTL and shares concurrent requests', async () => {
    let nowMs = 0;
    const fetchModels = vi.fn(() => Promise.resolve(models));
    const catalog = createCachedModelCatalog({ fetchModels, logger, ttlMs: 30_000, now: () => nowMs });
    const [first, second] = await Promise.all([catalog.list(), catalog.list()]);
    expect(first).toEqual(models);
    expect(second).toEqual(models);
    nowMs = 29_999;
    await catalog.list();
    expect(fetchModels).toHaveBeenCalledTimes(1);
    nowMs = 30_001;
    await catalog.list();
    expect(fetchModels).toHaveBeenCalledTimes(2);
  });

  it('treats an unreachable stage as no models, logs a warning and retries soon', async () => {
    let nowMs = 0;
    const warn = vi.fn();
    const fetchModels = vi.fn(() => Promise.reject(new Error('14 UNAVAILABLE')));
    const catalog = createCachedModelCatalog({
      fetchModels,
      logger: { ...logger, warn },
      failureTtlMs: 5_000,
      now: () => nowMs,
    });
    expect(await catalog.list()).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    await catalog.list();
    expect(fetchModels).toHaveBeenCalledTimes(1);
    nowMs = 5_001;
    fetchModels.mockImplementation(() => Promise.resolve(models));
    expect(await catalog.list()).toEqual(models);
  });
});
