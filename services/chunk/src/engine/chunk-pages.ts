import type { ChunkedOutput, OutputSegment, SegmentExtra } from '@folio/proto/chunk/v1';
import type { PageSegments } from '@folio/proto/documents/v1';
import type { SegmentType } from '@folio/proto/segment-types';
import { buildSegment } from './build-segment.js';
import { packChunks, type PackItem } from './pack.js';
import { toSegmentType, typeConfigOf, type TypeConfig, type TypeConfigs } from './segment-types.js';
import type { Tokenizer } from './tokenizer.js';

export interface ChunkOptions {
  typeConfigs: TypeConfigs;
  /** Tokens per chunk; 0 puts each segment in its own chunk. */
  targetLength: number;
  ignoreHeadersAndFooters: boolean;
  tokenizer: Tokenizer;
  /** Extras by segment id. */
  extras: ReadonlyMap<string, SegmentExtra>;
  /** Chunk id source (UUIDs in production, a counter in tests). */
  newId: () => string;
}

function isDropped(type: SegmentType, config: TypeConfig, options: ChunkOptions): boolean {
  if (config.strategy === 'Ignore') return true;
  // By the v1 type: a page number is a PageHeader or PageFooter there.
  return options.ignoreHeadersAndFooters && (type === 'PageHeader' || type === 'PageFooter');
}

/** A segment of the output with what packing reads of it, its embed and token count. */
export interface CountedSegment {
  embed: string;
  item: PackItem;
}

/** A chunk of the output over segments held in any form: objects, or their stored JSON. */
export interface PackedChunk<S> {
  chunkId: string;
  chunkLength: number;
  segments: S[];
  embed: string;
}

/**
 * One page's output segments in reading order, those the settings keep, each with its embed's
 * token count: every embed is tokenized exactly once.
 */
export function pageOutputSegments(
  page: PageSegments,
  options: ChunkOptions,
): (CountedSegment & { segment: OutputSegment })[] {
  return page.segments.flatMap((segment) => {
    const type = toSegmentType(segment.segmentType);
    const config = typeConfigOf(options.typeConfigs, type, segment.fineType);
    if (isDropped(type, config, options)) return [];
    const output = buildSegment(segment, page, config, options.extras.get(segment.segmentId));
    return [{ segment: output, embed: output.embed, item: { type, tokens: options.tokenizer.count(output.embed) } }];
  });
}

/**
 * Groups the document's segments, in order, into chunks. A chunk's `chunkLength` is the sum of its
 * segments' counts (not a count of the joined text): with subword tokenizers the two can differ by
 * a token at each join, and the sum is what packing compares against `targetLength`.
 */
export function packSegments<S extends CountedSegment>(
  segments: readonly S[],
  options: Pick<ChunkOptions, 'targetLength' | 'newId'>,
): PackedChunk<S>[] {
  return packChunks(
    segments.map((segment) => segment.item),
    options.targetLength,
  ).map((indexes) => {
    const members = indexes.map((index) => segments[index]).filter((segment) => segment !== undefined);
    return {
      chunkId: options.newId(),
      chunkLength: members.reduce((sum, member) => sum + member.item.tokens, 0),
      segments: members,
      embed: members
        .map((member) => member.embed)
        .filter((embed) => embed.length > 0)
        .join('\n'),
    };
  });
}

/** Turns the segments of every page into the task's chunked output, held whole (the engine streams it: chunk-document.ts). */
export function chunkPages(pages: readonly PageSegments[], options: ChunkOptions): ChunkedOutput {
  const counted = pages.flatMap((page) => pageOutputSegments(page, options));
  return {
    chunks: packSegments(counted, options).map((chunk) => ({
      ...chunk,
      segments: chunk.segments.map((member) => member.segment),
    })),
  };
}
