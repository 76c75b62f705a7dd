import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { AppError, getJson, type ObjectStore, type StoredObject } from '@folio/runtime';
import { OutputChunk, OutputSegment, SegmentExtras, type SegmentExtra } from '@folio/proto/chunk/v1';
import { PageSegments } from '@folio/proto/documents/v1';
import {
  packSegments,
  pageOutputSegments,
  type ChunkOptions,
  type CountedSegment,
  type PackedChunk,
} from './chunk-pages.js';
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

/** An output segment held as its stored JSON until the output is written. */
interface HeldSegment extends CountedSegment {
  json: string;
}

/**
 * The stored ChunkedOutput's JSON, a chunk at a time, from segments already serialized: what
 * `ChunkedOutput.toJSON` and `JSON.stringify` would write, without the whole output held as
 * objects and again as one string.
 */
function* outputJson(chunks: readonly PackedChunk<HeldSegment>[]): Generator<Buffer> {
  yield Buffer.from('{"chunks":[');
  for (const [index, chunk] of chunks.entries()) {
    // The chunk's own fields as the generated code writes them; its segments go in between.
    const { embed, ...head } = OutputChunk.toJSON({ ...chunk, segments: [] }) as { embed?: string };
    const fields = [
      JSON.stringify(head).slice(1, -1),
      `"segments":[${chunk.segments.map((segment) => segment.json).join(',')}]`,
      embed === undefined ? '' : `"embed":${JSON.stringify(embed)}`,
    ];
    yield Buffer.from(`${index > 0 ? ',' : ''}{${fields.filter((field) => field !== '').join(',')}}`);
  }
  yield Buffer.from(']}');
}

/** Creates the chunk engine over an object store and a tokenizer cache. */
export function createChunkEngine(deps: ChunkEngineDeps): ChunkEngine {
  const newId = deps.newId ?? randomUUID;
  return {
    async chunkDocument(input) {
      if (!input.outputKey) throw new AppError('INVALID_ARGUMENT', 'output_key is required');
      // Load the tokenizer first: an unavailable one fails before any storage traffic.
      const tokenizer = await deps.tokenizers.load(input.tokenizer);
      const options: ChunkOptions = {
        typeConfigs: input.typeConfigs,
        targetLength: input.targetLength,
        ignoreHeadersAndFooters: input.ignoreHeadersAndFooters,
        tokenizer,
        extras: await readExtras(deps.store, input.extrasKey),
        newId,
      };
      // Pages are read READ_CONCURRENCY at a time and turned into serialized output segments at
      // once, so a long document's pages are never all held as objects.
      const held: HeldSegment[] = [];
      const keys = input.pageSegmentKeys;
      for (let start = 0; start < keys.length; start += READ_CONCURRENCY) {
        const pages = await Promise.all(
          keys
            .slice(start, start + READ_CONCURRENCY)
            .map(async (key) => PageSegments.fromJSON(await getJson<unknown>(deps.store, key))),
        );
        for (const page of pages) {
          for (const { segment, embed, item } of pageOutputSegments(page, options))
            held.push({ json: JSON.stringify(OutputSegment.toJSON(segment)), embed, item });
        }
      }
      input.signal?.throwIfAborted();
      const chunks = packSegments(held, options);
      input.signal?.throwIfAborted();
      const stored = await deps.store.put(input.outputKey, Readable.from(outputJson(chunks)), {
        contentType: 'application/json',
      });
      return { output: stored, chunkCount: chunks.length, segmentCount: held.length };
    },
  };
}
