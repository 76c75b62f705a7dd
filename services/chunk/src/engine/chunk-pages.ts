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

/**
 * Turns the segments of every page into the task's chunked output. Each segment's embed is
 * tokenized exactly once, and a chunk's `chunkLength` is the sum of its segments' counts (not a
 * count of the joined text): with subword tokenizers the two can differ by a token at each join,
 * and the sum is what packing compares against `targetLength`.
 */
export function chunkPages(pages: readonly PageSegments[], options: ChunkOptions): ChunkedOutput {
  const segments: OutputSegment[] = [];
  const items: PackItem[] = [];
  for (const page of pages) {
    for (const segment of page.segments) {
      const type = toSegmentType(segment.segmentType);
      const config = typeConfigOf(options.typeConfigs, type, segment.fineType);
      if (isDropped(type, config, options)) continue;
      const output = buildSegment(segment, page, config, options.extras.get(segment.segmentId));
      segments.push(output);
      items.push({ type, tokens: options.tokenizer.count(output.embed) });
    }
  }
  const chunks = packChunks(items, options.targetLength).map((indexes) => {
    const members = indexes.map((index) => segments[index]).filter((segment) => segment !== undefined);
    return {
      chunkId: options.newId(),
      chunkLength: indexes.reduce((sum, index) => sum + (items[index]?.tokens ?? 0), 0),
      segments: members,
      embed: members
        .map((segment) => segment.embed)
        .filter((embed) => embed.length > 0)
        .join('\n'),
    };
  });
  return { chunks };
}
