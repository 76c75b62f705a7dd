import type { SegmentTypeConfig } from '@folio/proto/chunk/v1';
import {
  SEGMENT_TYPES,
  type ChunkProcessing,
  type SegmentType,
  type SegmentTypeProcessing,
  type TokenizerConfig,
  type TokenizerEnum,
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
  segmentProcessing: Record<SegmentType, SegmentTypeProcessing>;
}

export interface ChunkDocumentResult {
  /** JSON `ChunkedOutput`: `runPrefix + 'output.json'`. */
  outputKey: string;
  chunkCount: number;
}

export interface ChunkActivities {
  chunkDocument(input: ChunkDocumentInput): Promise<ChunkDocumentResult>;
}

/** The chunk stage's tokenizer names; the API's enum spellings differ for the hub tokenizers. */
const tokenizerNames: Record<TokenizerEnum, string> = {
  Word: 'Word',
  Cl100kBase: 'Cl100kBase',
  XlmRobertaBase: 'xlm-roberta-base',
  BertBaseUncased: 'bert-base-uncased',
};

/** The tokenizer as the chunk stage names it. */
export function toTokenizerName(tokenizer: TokenizerConfig): string {
  return 'Enum' in tokenizer ? tokenizerNames[tokenizer.Enum] : tokenizer.String;
}

/** The resolved per-type configuration, in the fixed order of the 12 types. */
export function toSegmentTypeConfigs(
  segmentProcessing: Record<SegmentType, SegmentTypeProcessing>,
): SegmentTypeConfig[] {
  return SEGMENT_TYPES.map((segmentType) => {
    const processing = segmentProcessing[segmentType];
    return {
      segmentType,
      format: processing.format,
      strategy: processing.strategy,
      cropImage: processing.crop_image,
      embedSources: processing.embed_sources,
      extendedContext: processing.extended_context,
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
          tokenizer: toTokenizerName(input.chunkProcessing.tokenizer),
          extras: refOf(input.extrasKey ?? ''),
          outputKey,
        },
        {
          stage: 'chunk',
          timeoutMs: deps.timeouts.chunkMs,
          requestId: input.run.requestId,
          heartbeatIntervalMs: deps.heartbeatIntervalMs,
        },
      );
      return { outputKey: response.output?.key ?? outputKey, chunkCount: response.chunkCount };
    },
  };
}
