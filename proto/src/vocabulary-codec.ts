// The vocabulary's names (`vocabulary.ts`) <-> the proto enums of the stage contracts, one table
// per set. Not for workflow code: it loads the generated messages.

import {
  CropImage as ProtoCropImage,
  EmbedSource as ProtoEmbedSource,
  GenerationStrategy as ProtoGenerationStrategy,
  SegmentFormat as ProtoSegmentFormat,
  Tokenizer as ProtoTokenizer,
} from './gen/folio/common/v1/common.js';
import { SegmentationStrategy as ProtoSegmentationStrategy } from './gen/folio/layout/v1/layout.js';
import { OcrStrategy as ProtoOcrStrategy } from './gen/folio/ocr/v1/ocr.js';
import type {
  CropImage,
  EmbedSource,
  GenerationStrategy,
  OcrStrategy,
  SegmentFormat,
  SegmentationStrategy,
  TokenizerEnum,
} from './vocabulary.js';

/** A name <-> enum table of one set; `UNSPECIFIED` (0) and unknown values have no name. */
export interface EnumCodec<Name extends string, Value extends number> {
  toProto(name: Name): Value;
  /** The name of a value, or undefined for UNSPECIFIED and values this build does not know. */
  fromProto(value: Value): Name | undefined;
  /** The name a wire string spells, ignoring case (`html` = `Html`); undefined for anything else. */
  parse(text: string): Name | undefined;
}

function codec<Name extends string, Value extends number>(table: Record<Name, Value>): EnumCodec<Name, Value> {
  const entries = Object.entries(table) as [Name, Value][]; // the keys of a Record<Name, _>
  const byValue = new Map(entries.map(([name, value]) => [value, name]));
  const byLower = new Map(entries.map(([name]) => [name.toLowerCase(), name]));
  return {
    toProto: (name) => table[name],
    fromProto: (value) => byValue.get(value),
    parse: (text) => byLower.get(text.toLowerCase()),
  };
}

export const ocrStrategyCodec = codec<OcrStrategy, ProtoOcrStrategy>({
  All: ProtoOcrStrategy.OCR_STRATEGY_ALL,
  Auto: ProtoOcrStrategy.OCR_STRATEGY_AUTO,
});

export const segmentationStrategyCodec = codec<SegmentationStrategy, ProtoSegmentationStrategy>({
  LayoutAnalysis: ProtoSegmentationStrategy.SEGMENTATION_STRATEGY_LAYOUT_ANALYSIS,
  Page: ProtoSegmentationStrategy.SEGMENTATION_STRATEGY_PAGE,
});

export const segmentFormatCodec = codec<SegmentFormat, ProtoSegmentFormat>({
  Html: ProtoSegmentFormat.SEGMENT_FORMAT_HTML,
  Markdown: ProtoSegmentFormat.SEGMENT_FORMAT_MARKDOWN,
});

export const generationStrategyCodec = codec<GenerationStrategy, ProtoGenerationStrategy>({
  Auto: ProtoGenerationStrategy.GENERATION_STRATEGY_AUTO,
  LLM: ProtoGenerationStrategy.GENERATION_STRATEGY_LLM,
  Ignore: ProtoGenerationStrategy.GENERATION_STRATEGY_IGNORE,
});

export const cropImageCodec = codec<CropImage, ProtoCropImage>({
  Auto: ProtoCropImage.CROP_IMAGE_AUTO,
  All: ProtoCropImage.CROP_IMAGE_ALL,
});

export const embedSourceCodec = codec<EmbedSource, ProtoEmbedSource>({
  Content: ProtoEmbedSource.EMBED_SOURCE_CONTENT,
  LLM: ProtoEmbedSource.EMBED_SOURCE_LLM,
  HTML: ProtoEmbedSource.EMBED_SOURCE_HTML,
  Markdown: ProtoEmbedSource.EMBED_SOURCE_MARKDOWN,
});

export const tokenizerCodec = codec<TokenizerEnum, ProtoTokenizer>({
  Word: ProtoTokenizer.TOKENIZER_WORD,
  Cl100kBase: ProtoTokenizer.TOKENIZER_CL100K_BASE,
  XlmRobertaBase: ProtoTokenizer.TOKENIZER_XLM_ROBERTA_BASE,
  BertBaseUncased: ProtoTokenizer.TOKENIZER_BERT_BASE_UNCASED,
});
