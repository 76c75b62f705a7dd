import { CropImage, EmbedSource, GenerationStrategy, SegmentFormat, Tokenizer } from '@folio/proto/common/v1';
import { describe, expect, it } from 'vitest';
import { defaultConfiguration } from '../testing/fixtures.js';
import { toSegmentTypeConfigs, toTokenizerFields } from './chunk.js';

describe('chunk request mapping', () => {
  it('sends a named tokenizer as its enum, with the name a chunk stage from before the enum took', () => {
    expect(toTokenizerFields({ Enum: 'Word' })).toEqual({
      tokenizer: 'Word',
      tokenizerValue: Tokenizer.TOKENIZER_WORD,
    });
    expect(toTokenizerFields({ Enum: 'Cl100kBase' })).toEqual({
      tokenizer: 'Cl100kBase',
      tokenizerValue: Tokenizer.TOKENIZER_CL100K_BASE,
    });
    expect(toTokenizerFields({ Enum: 'XlmRobertaBase' })).toEqual({
      tokenizer: 'xlm-roberta-base',
      tokenizerValue: Tokenizer.TOKENIZER_XLM_ROBERTA_BASE,
    });
    expect(toTokenizerFields({ Enum: 'BertBaseUncased' })).toEqual({
      tokenizer: 'bert-base-uncased',
      tokenizerValue: Tokenizer.TOKENIZER_BERT_BASE_UNCASED,
    });
  });

  it('sends a hub tokenizer by its id alone', () => {
    expect(toTokenizerFields({ String: 'org/some-tokenizer' })).toEqual({
      tokenizer: 'org/some-tokenizer',
      tokenizerValue: Tokenizer.TOKENIZER_UNSPECIFIED,
    });
  });

  it('sends every segment type with its resolved settings, typed and as strings', () => {
    const configs = toSegmentTypeConfigs(defaultConfiguration().segment_processing);
    expect(configs).toHaveLength(12);
    expect(configs.find((config) => config.segmentType === 'Table')).toEqual({
      segmentType: 'Table',
      format: 'Html',
      strategy: 'LLM',
      cropImage: 'Auto',
      embedSources: ['Content'],
      extendedContext: false,
      formatValue: SegmentFormat.SEGMENT_FORMAT_HTML,
      strategyValue: GenerationStrategy.GENERATION_STRATEGY_LLM,
      cropImageValue: CropImage.CROP_IMAGE_AUTO,
      embedSourceValues: [EmbedSource.EMBED_SOURCE_CONTENT],
    });
  });
});
