import { describe, expect, it } from 'vitest';
import { defaultConfiguration } from '../testing/fixtures.js';
import { toSegmentTypeConfigs, toTokenizerName } from './chunk.js';

describe('chunk request mapping', () => {
  it('names tokenizers the way the chunk stage expects', () => {
    expect(toTokenizerName({ Enum: 'Word' })).toBe('Word');
    expect(toTokenizerName({ Enum: 'Cl100kBase' })).toBe('Cl100kBase');
    expect(toTokenizerName({ Enum: 'XlmRobertaBase' })).toBe('xlm-roberta-base');
    expect(toTokenizerName({ Enum: 'BertBaseUncased' })).toBe('bert-base-uncased');
    expect(toTokenizerName({ String: 'org/some-tokenizer' })).toBe('org/some-tokenizer');
  });

  it('sends all 12 segment types with their resolved settings', () => {
    const configs = toSegmentTypeConfigs(defaultConfiguration().segment_processing);
    expect(configs).toHaveLength(12);
    expect(configs.find((config) => config.segmentType === 'Table')).toEqual({
      segmentType: 'Table',
      format: 'Html',
      strategy: 'LLM',
      cropImage: 'Auto',
      embedSources: ['Content'],
      extendedContext: false,
    });
  });
});
