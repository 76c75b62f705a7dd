import type { SegmentTypeConfig } from '@folio/proto/chunk/v1';
import { Tokenizer as ProtoTokenizer } from '@folio/proto/common/v1';
import {
  cropImageCodec,
  embedSourceCodec,
  generationStrategyCodec,
  segmentFormatCodec,
  tokenizerCodec,
} from '@folio/proto/vocabulary-codec';
import {
  FINE_SEGMENT_TYPES,
  SEGMENT_TYPES,
  tokenizerLoadId,
  type ChunkProcessing,
  type SegmentProcessing,
  type TokenizerConfig,
} from '../contracts.js';
import { callStage } from './call-stage.js';
import { pageSegmentRefs, refOf } from './manifests.js';
import { runKeys } from './run-keys.js';
import type { ActivityDeps, RunRef } from './types.js';

export interface ChunkDocumentInput {
  run: RunRef;
  pageCount: number;
  /** JSON `SegmentExtras` (crops, model answers), or null when there are none. */
  extrasKey: string | null;
  chunkProcessing: ChunkProcessing;
  segmentProcessing: SegmentProcessing;
}

export interface ChunkDocumentResult {
  /** JSON `ChunkedOutput`: `runPrefix + 'output.json'`. */
  outputKey: string;
  chunkCount: number;
}

export interface ChunkActivities {
  chunkDocument(input: ChunkDocumentInput): Promise<ChunkDocumentResult>;
}

/**
 * The tokenizer fields of the request: a named one as `tokenizer_value`, plus its name in
 * `tokenizer` for a chunk stage from before that field (which took the hub ids of the file
 * tokenizers); a hub id in `tokenizer` alone.
 */
export function toTokenizerFields(tokenizer: TokenizerConfig): { tokenizer: string; tokenizerValue: ProtoTokenizer } {
  if ('String' in tokenizer)
    return { tokenizer: tokenizer.String, tokenizerValue: ProtoTokenizer.TOKENIZER_UNSPECIFIED };
  return { tokenizer: tokenizerLoadId(tokenizer.Enum), tokenizerValue: tokenizerCodec.toProto(tokenizer.Enum) };
}

/**
 * The resolved per-type configuration, in the fixed order of the 12 types, then the finer types
 * the configuration has (current-API tasks only, so a v1 task's request is what it always was);
 * typed fields and, for older stages, strings.
 */
export function toSegmentTypeConfigs(segmentProcessing: SegmentProcessing): SegmentTypeConfig[] {
  const fine = FINE_SEGMENT_TYPES.filter((type) => segmentProcessing[type] !== undefined);
  return [...SEGMENT_TYPES, ...fine].map((segmentType) => {
    const processing = segmentProcessing[segmentType]!; // a v1 type, or a finer one filtered to those present
    return {
      segmentType,
      format: processing.format,
      strategy: processing.strategy,
      cropImage: processing.crop_image,
      embedSources: processing.embed_sources,
      extendedContext: processing.extended_context,
      formatValue: segmentFormatCodec.toProto(processing.format),
      strategyValue: generationStrategyCodec.toProto(processing.strategy),
      cropImageValue: cropImageCodec.toProto(processing.crop_image),
      embedSourceValues: processing.embed_sources.map((source) => embedSourceCodec.toProto(source)),
    };
  });
}

/** Activities of the chunk stage. */
export function createChunkActivities(deps: ActivityDeps): ChunkActivities {
  const { store } = deps;
  return {
    async chunkDocument(input) {
      const outputKey = runKeys.output(input.run);
      const response = await callStage(
        deps.clients.chunk.chunkDocument.bind(deps.clients.chunk),
        {
          pageSegments: await pageSegmentRefs(store, input.run, input.pageCount),
          segmentTypes: toSegmentTypeConfigs(input.segmentProcessing),
          targetLength: input.chunkProcessing.target_length,
          ignoreHeadersAndFooters: input.chunkProcessing.ignore_headers_and_footers,
          ...toTokenizerFields(input.chunkProcessing.tokenizer),
          extras: refOf(input.extrasKey ?? ''),
          outputKey,
        },
        {
          stage: 'chunk',
          timeoutMs: deps.timeouts.chunk,
          requestId: input.run.requestId,
          heartbeatIntervalMs: deps.heartbeatIntervalMs,
        },
      );
      return { outputKey: response.output?.key ?? outputKey, chunkCount: response.chunkCount };
    },
  };
}
