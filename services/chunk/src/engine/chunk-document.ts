import { randomUUID } from 'node:crypto';
import { AppError, getJson, mapLimit, putJson, type ObjectStore, type StoredObject } from '@folio/runtime';
import { ChunkedOutput, SegmentExtras, type SegmentExtra } from '@folio/proto/chunk/v1';
import { PageSegments } from '@folio/proto/documents/v1';
import { chunkPages } from './chunk-pages.js';
import type { TypeConfigs } from './segment-types.js';
import type { TokenizerRegistry } from './tokenizer.js';

/** One chunking job, in plain types (the handler translates the proto request). */
export interface ChunkDocumentInput {
  /** Keys of the JSON PageSegments, in page order. */
  pageSegmentKeys: string[];
  /** Every type's processing (and the finer types' the request names), resolved by the handler (`resolveTypeConfigs`). */
  typeConfigs: TypeConfigs;
  targetLength: number;
  ignoreHeadersAndFooters: boolean;
  /** The id the tokenizer registry loads (`resolveTokenizerId`). */
  tokenizer: string;
  /** Key of the JSON SegmentExtras; empty when there are none. */
  extrasKey: string;
  outputKey: string;
  /**
   * The gRPC call's signal: checked once the inputs are read and before the output is written, so
   * a cancelled call neither starts the chunking nor stores what nobody will read. The chunking
   * itself runs to its end (it is synchronous; the tokenizers are linear in the text).
   */
  signal?: AbortSignal;
}

export interface ChunkDocumentResult {
  output: StoredObject;
  chunkCount: number;
  segmentCount: number;
}

/** Builds a task's chunked output from stored page segments and writes it back to storage. */
export interface ChunkEngine {
  chunkDocument(input: ChunkDocumentInput): Promise<ChunkDocumentResult>;
}

export interface ChunkEngineDeps {
  store: ObjectStore;
  tokenizers: TokenizerRegistry;
  /** Chunk ids; random UUIDs unless a test wants stable ones. */
  newId?: () => string;
}

/** Stored documents are read with bounded parallelism: enough to hide latency, few enough for S3. */
const READ_CONCURRENCY = 8;

async function readExtras(store: ObjectStore, key: string): Promise<Map<string, SegmentExtra>> {
  if (!key) return new Map();
  const extras = SegmentExtras.fromJSON(await getJson<unknown>(store, key));
  return new Map(extras.extras.map((extra) => [extra.segmentId, extra]));
}

/** Creates the chunk engine over an object store and a tokenizer cache. */
export function createChunkEngine(deps: ChunkEngineDeps): ChunkEngine {
  const newId = deps.newId ?? randomUUID;
  return {
    async chunkDocument(input) {
      if (!input.outputKey) throw new AppError('INVALID_ARGUMENT', 'output_key is required');
      // Load the tokenizer first: an unavailable one fails before any storage traffic.
      const tokenizer = await deps.tokenizers.load(input.tokenizer);
      const [pages, extras] = await Promise.all([
        mapLimit(input.pageSegmentKeys, READ_CONCURRENCY, async (key) =>
          PageSegments.fromJSON(await getJson<unknown>(deps.store, key)),
        ),
        readExtras(deps.store, input.extrasKey),
      ]);
      input.signal?.throwIfAborted();
      const output = chunkPages(pages, {
        typeConfigs: input.typeConfigs,
        targetLength: input.targetLength,
        ignoreHeadersAndFooters: input.ignoreHeadersAndFooters,
        tokenizer,
        extras,
        newId,
      });
      input.signal?.throwIfAborted();
      const stored = await putJson(deps.store, input.outputKey, ChunkedOutput.toJSON(output));
      const segmentCount = output.chunks.reduce((sum, chunk) => sum + chunk.segments.length, 0);
      return { output: stored, chunkCount: output.chunks.length, segmentCount };
    },
  };
}
