import type { SegmentType } from '@folio/proto/segment-types';

/** What packing needs to know of a segment. */
export interface PackItem {
  type: SegmentType;
  /** Tokens of the segment's embed under the request's tokenizer. */
  tokens: number;
}

/** Segments that must land in the same chunk: one segment, or a Table/Picture with its Caption. */
interface Unit {
  /** Indexes into the item list, contiguous and ascending. */
  indexes: number[];
  tokens: number;
  /** A caption-only unit still waiting for the visual that follows it. */
  awaitsVisual: boolean;
  /** A visual unit whose last member is the visual, so a following Caption may join it. */
  acceptsCaption: boolean;
}

function isVisual(type: SegmentType): boolean {
  return type === 'Table' || type === 'Picture';
}

function isHeading(type: SegmentType): boolean {
  return type === 'Title' || type === 'SectionHeader';
}

/**
 * Pairs every Table/Picture with an adjacent Caption. A caption right after a visual belongs to it
 * (figure captions sit below); otherwise a caption right before a visual does (table captions sit
 * above). Each visual takes at most one caption from each side. Linear in the number of items.
 */
function toUnits(items: readonly PackItem[]): Unit[] {
  const units: Unit[] = [];
  items.forEach((item, index) => {
    const last = units[units.length - 1];
    if (item.type === 'Caption' && last?.acceptsCaption) {
      last.indexes.push(index);
      last.tokens += item.tokens;
      last.acceptsCaption = false;
      return;
    }
    if (isVisual(item.type) && last?.awaitsVisual) {
      last.indexes.push(index);
      last.tokens += item.tokens;
      last.awaitsVisual = false;
      last.acceptsCaption = true;
      return;
    }
    const visual = isVisual(item.type);
    units.push({
      indexes: [index],
      tokens: item.tokens,
      awaitsVisual: item.type === 'Caption',
      acceptsCaption: visual,
    });
  });
  return units;
}

/**
 * Groups items into chunks (lists of item indexes, in order) following
 * docs/behavior.md#7-segments-content-and-chunks:
 * - `targetLength` 0: one chunk per segment.
 * - Otherwise whole units are added while the chunk's token total stays within `targetLength`;
 *   a unit larger than that is a chunk of its own; a Title or SectionHeader that follows body text
 *   starts a new chunk, so a heading travels with the text under it.
 * Invariant the tests check: a chunk over `targetLength` holds exactly one unit.
 */
export function packChunks(items: readonly PackItem[], targetLength: number): number[][] {
  if (targetLength <= 0) return items.map((_, index) => [index]);
  const chunks: number[][] = [];
  let current: number[] = [];
  let total = 0;
  let hasBody = false;
  for (const unit of toUnits(items)) {
    const first = items[unit.indexes[0] ?? 0];
    const startsWithHeading = first !== undefined && isHeading(first.type);
    if (current.length > 0 && ((startsWithHeading && hasBody) || total + unit.tokens > targetLength)) {
      chunks.push(current);
      current = [];
      total = 0;
      hasBody = false;
    }
    current.push(...unit.indexes);
    total += unit.tokens;
    hasBody ||= unit.indexes.some((index) => {
      const item = items[index];
      return item !== undefined && !isHeading(item.type);
    });
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
