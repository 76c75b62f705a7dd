import type { SegmentTypeConfig } from '@folio/proto/chunk/v1';
import { CropImage, EmbedSource, GenerationStrategy, SegmentFormat, Tokenizer } from '@folio/proto/common/v1';
import { SEGMENT_TYPES, defaultSegmentProcessing } from '@folio/proto/vocabulary';
import { InvalidRequestError } from '@folio/runtime';
import { describe, expect, it } from 'vitest';
import { resolveTokenizerId, resolveTypeConfigs } from './segment-types.js';

/** A config with nothing set; each test sets what it is about. */
const empty = (segmentType: string, fields: Partial<SegmentTypeConfig> = {}): SegmentTypeConfig => ({
  segmentType,
  format: '',
  strategy: '',
  cropImage: '',
  embedSources: [],
  extendedContext: false,
  formatValue: SegmentFormat.SEGMENT_FORMAT_UNSPECIFIED,
  strategyValue: GenerationStrategy.GENERATION_STRATEGY_UNSPECIFIED,
  cropImageValue: CropImage.CROP_IMAGE_UNSPECIFIED,
  embedSourceValues: [],
  ...fields,
});

describe('resolveTypeConfigs', () => {
  it('gives every type the API defaults of the one vocabulary when the request leaves it out', () => {
    const table = resolveTypeConfigs([]);
    for (const type of SEGMENT_TYPES) {
      const defaults = defaultSegmentProcessing(type);
      expect(table[type]).toEqual({
        format: defaults.format,
        strategy: defaults.strategy,
        embedSources: defaults.embed_sources,
      });
    }
    // The gateway's defaults, not the stage's own: Table is Html and written by the model.
    expect(table.Table).toEqual({ format: 'Html', strategy: 'LLM', embedSources: ['Content'] });
  });

  it('reads the typed fields before the strings', () => {
    const table = resolveTypeConfigs([
      empty('Text', {
        format: 'Markdown',
        formatValue: SegmentFormat.SEGMENT_FORMAT_HTML,
        strategy: 'Auto',
        strategyValue: GenerationStrategy.GENERATION_STRATEGY_IGNORE,
        embedSources: ['Content'],
        embedSourceValues: [EmbedSource.EMBED_SOURCE_MARKDOWN, EmbedSource.EMBED_SOURCE_LLM],
      }),
    ]);
    expect(table.Text).toEqual({ format: 'Html', strategy: 'Ignore', embedSources: ['Markdown', 'LLM'] });
  });

  it('reads the strings of a caller from before the typed fields, in any case', () => {
    const table = resolveTypeConfigs([
      empty('Picture', { format: 'html', strategy: 'llm', embedSources: ['markdown'] }),
    ]);
    expect(table.Picture).toEqual({ format: 'Html', strategy: 'LLM', embedSources: ['Markdown'] });
  });

  it.each([
    ['an unknown segment type', empty('Chart'), "segment_types[0].segment_type: unknown segment type 'Chart'"],
    ['an unknown format', empty('Text', { format: 'Latex' }), "segment_types[0].format: unknown value 'Latex'"],
    ['an unknown strategy', empty('Text', { strategy: 'Magic' }), "segment_types[0].strategy: unknown value 'Magic'"],
    [
      'an unknown embed source',
      empty('Text', { embedSources: ['Content', 'Pixels'] }),
      "segment_types[0].embed_sources[1]: unknown value 'Pixels'",
    ],
    [
      'an unknown typed format',
      empty('Text', { formatValue: 9 as SegmentFormat }),
      'segment_types[0].format_value: unknown value 9',
    ],
    [
      'an unknown typed strategy',
      empty('Text', { strategyValue: 7 as GenerationStrategy }),
      'segment_types[0].strategy_value: unknown value 7',
    ],
  ])('refuses %s as INVALID_ARGUMENT instead of defaulting', (_, config, message) => {
    expect(() => resolveTypeConfigs([config])).toThrow(InvalidRequestError);
    expect(() => resolveTypeConfigs([config])).toThrow(message);
  });

  it("takes a finer type's config (a current-API task) with the vocabulary's defaults for what it leaves out", () => {
    const table = resolveTypeConfigs([empty('PageNumber', { strategy: 'Ignore' }), empty('GraphicalItem')]);
    expect(table.PageNumber).toEqual({ format: 'Markdown', strategy: 'Ignore', embedSources: ['Content'] });
    expect(table.GraphicalItem).toEqual({ format: 'Markdown', strategy: 'Auto', embedSources: ['Content'] });
    // The finer types a request does not name stay absent: their segments follow their v1 type.
    expect(table.Legend).toBeUndefined();
  });
});

describe('resolveTokenizerId', () => {
  it('loads a named tokenizer by its enum, file tokenizers by their hub id', () => {
    expect(resolveTokenizerId({ tokenizer: '', tokenizerValue: Tokenizer.TOKENIZER_CL100K_BASE })).toBe('Cl100kBase');
    expect(resolveTokenizerId({ tokenizer: 'Word', tokenizerValue: Tokenizer.TOKENIZER_BERT_BASE_UNCASED })).toBe(
      'bert-base-uncased',
    );
    expect(resolveTokenizerId({ tokenizer: '', tokenizerValue: Tokenizer.TOKENIZER_XLM_ROBERTA_BASE })).toBe(
      'xlm-roberta-base',
    );
  });

  it('reads the string when the enum is unset, and takes the default when both are empty', () => {
    expect(resolveTokenizerId({ tokenizer: 'xlm-roberta-base', tokenizerValue: 0 })).toBe('xlm-roberta-base');
    expect(resolveTokenizerId({ tokenizer: 'org/model', tokenizerValue: 0 })).toBe('org/model');
    expect(resolveTokenizerId({ tokenizer: '', tokenizerValue: 0 })).toBe('Word');
  });

  it('refuses an unknown enum value', () => {
    expect(() => resolveTokenizerId({ tokenizer: '', tokenizerValue: 42 as Tokenizer })).toThrow(InvalidRequestError);
  });
});
