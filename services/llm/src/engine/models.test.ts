import { ConfigError } from '@folio/runtime';
import { describe, expect, it } from 'vitest';
import { parseModels } from './models.js';

const yaml = `
models:
  - id: vision
    base_url: http://llm.local/v1/
    api_key_env: VISION_KEY
    model: vision-large
    default: true
    rate_limit: 5
  - id: backup
    provider_url: http://other.local/v1/chat/completions
    fallback: true
    timeout_ms: 1000
`;

function issues(text: string, env: NodeJS.ProcessEnv = {}): string[] {
  try {
    parseModels(text, 'models.yaml', env);
  } catch (error) {
    if (error instanceof ConfigError) return error.issues;
    throw error;
  }
  return [];
}

describe('models file', () => {
  it('reads YAML, resolves keys from the environment and normalizes endpoints', () => {
    const models = parseModels(yaml, 'models.yaml', { VISION_KEY: 'sk-1' });
    expect(models).toEqual([
      {
        id: 'vision',
        endpoint: 'http://llm.local/v1/chat/completions',
        apiKey: 'sk-1',
        model: 'vision-large',
        isDefault: true,
        isFallback: false,
        rateLimit: 5,
        timeoutMs: 150_000,
      },
      {
        id: 'backup',
        endpoint: 'http://other.local/v1/chat/completions',
        apiKey: '',
        model: 'backup',
        isDefault: false,
        isFallback: true,
        rateLimit: null,
        timeoutMs: 1000,
      },
    ]);
  });

  it('reads a JSON array, and one model may be both default and fallback', () => {
    const models = parseModels(
      '[{"id":"only","base_url":"http://x.local/v1","api_key":"k","default":true,"fallback":true}]',
      'models.json',
      {},
    );
    expect(models.map((model) => [model.id, model.isDefault, model.isFallback])).toEqual([['only', true, true]]);
  });

  it('treats an empty file as no models', () => {
    expect(parseModels('', 'models.yaml', {})).toEqual([]);
  });

  it('lists every problem at once: duplicates, default and fallback counts, unset key variables', () => {
    const text = `
- { id: a, base_url: "http://x.local", default: true, api_key_env: MISSING }
- { id: a, base_url: "http://x.local", default: true }
`;
    expect(issues(text)).toEqual([
      'models.yaml: models.0.api_key_env: variable MISSING is not set',
      "models.yaml: model id 'a' is listed more than once",
      'models.yaml: exactly one model must have default: true (found 2)',
      'models.yaml: exactly one model must have fallback: true (found 0)',
    ]);
  });

  it('names the field of a malformed entry', () => {
    expect(issues('models:\n  - id: a\n    rate_limit: -1\n')).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^models\.yaml: models\.0\.rate_limit: /),
        'models.yaml: models.0: base_url is required',
      ]),
    );
    expect(issues('models: [')[0]).toMatch(/^models\.yaml: not valid YAML or JSON/);
  });
});
