import { temporalConnectionOptions } from '@folio/runtime';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('gateway configuration', () => {
  it('takes the Temporal TLS and API key settings, which become the connection options', () => {
    const config = loadConfig({
      TEMPORAL_ADDRESS: 'temporal:7233',
      TEMPORAL_TLS: '1',
      TEMPORAL_TLS_SERVER_NAME: 'frontend',
    });
    expect(temporalConnectionOptions(config)).toEqual({
      address: 'temporal:7233',
      tls: { serverNameOverride: 'frontend' },
    });
    expect(temporalConnectionOptions(loadConfig({}))).toEqual({ address: '127.0.0.1:7233' });
  });

  it('names a bad TEMPORAL_TLS among the invalid variables', () => {
    expect(() => loadConfig({ TEMPORAL_TLS: 'sometimes', PORT: 'x' })).toThrow(
      /TEMPORAL_TLS[\s\S]*PORT|PORT[\s\S]*TEMPORAL_TLS/,
    );
  });

  it("bounds PAGE_LIMIT by what one run's history holds: 2,000 by default, 1 to 10,000", () => {
    expect(loadConfig({}).PAGE_LIMIT).toBe(2000);
    expect(loadConfig({ PAGE_LIMIT: '10000' }).PAGE_LIMIT).toBe(10_000);
    expect(() => loadConfig({ PAGE_LIMIT: '0' })).toThrow(/PAGE_LIMIT/);
    expect(() => loadConfig({ PAGE_LIMIT: '10001' })).toThrow(/PAGE_LIMIT/);
  });
});
