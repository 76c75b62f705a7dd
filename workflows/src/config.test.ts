import { temporalConnectionOptions } from '@folio/runtime';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('worker configuration', () => {
  it('takes the Temporal TLS and API key settings, which become the connection options', () => {
    const config = loadConfig({
      TEMPORAL_ADDRESS: 'ns.acct.tmprl.cloud:7233',
      TEMPORAL_NAMESPACE: 'ns.acct',
      TEMPORAL_API_KEY: 'key',
    });
    expect(config.TEMPORAL_NAMESPACE).toBe('ns.acct');
    expect(temporalConnectionOptions(config)).toEqual({ address: 'ns.acct.tmprl.cloud:7233', tls: {}, apiKey: 'key' });
  });

  it('names a bad TEMPORAL_TLS among the invalid variables', () => {
    expect(() => loadConfig({ TEMPORAL_TLS: 'sometimes' })).toThrow(/TEMPORAL_TLS/);
  });
});
