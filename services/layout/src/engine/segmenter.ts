import type { BBox } from '@folio/proto/common/v1';
import type { Segment, Word } from '@folio/proto/documents/v1';
import { EMPTY_BOX, areaOf, centerOf, containsPoint, unionBox } from './geometry.js';
import type { DetectedRegion } from './layout-engine.js';
import { orderByPosition, orderWords } from './reading-order.js';
import type { SegmentType } from './segment-types.js';

/** Page size in pixels. */
export interface PageSize {
  width: number;
  height: number;
}

/** Makes segment ids; crypto.randomUUID in the service, a counter in tests. */
export type IdFactory = () => string;

function segment(newId: IdFactory, segmentType: SegmentType, bbox: BBox, words: Word[], confidence?: number): Segment {
  return { segmentId: newId(), segmentType, bbox, confidence, words: orderWords(words), tableHtml: '' };
}

function boxesOf(words: Word[]): BBox[] {
  return words.map((word) => word.bbox ?? EMPTY_BOX);
}

/** The whole page as one `Page` segment holding every word. */
export function pageSegment(words: Word[], page: PageSize, newId: IdFactory): Segment {
  return segment(newId, 'Page', { left: 0, top: 0, width: page.width, height: page.height }, words);
}

/**
 * One `Text` segment per block of the words (their `blockIndex`, i.e. the PDF text layer's
 * blocks), boxed by the union of its words and ordered by position on the page. Not detected by
 * a model, so no confidence.
 */
export function segmentByBlocks(words: Word[], newId: IdFactory): Segment[] {
  const blocks = new Map<number, Word[]>();
  for (const word of words) blocks.set(word.blockIndex, [...(blocks.get(word.blockIndex) ?? []), word]);
  const segments = [...blocks.values()].map((blockWords) =>
    segment(newId, 'Text', unionBox(boxesOf(blockWords)), blockWords),
  );
  return orderByPosition(segments, (s) => s.bbox ?? EMPTY_BOX);
}

/**
 * Segments from detected regions: each word goes to the smallest region holding its centre;
 * words outside every region become `Text` segments by block, so no text is ever lost. Regions
 * keep their detected box and confidence, and may hold no words (pictures).
 */
export function segmentByRegions(words: Word[], regions: DetectedRegion[], newId: IdFactory): Segment[] {
  const assigned = regions.map(() => [] as Word[]);
  const leftover: Word[] = [];
  for (const word of words) {
    const center = centerOf(word.bbox ?? EMPTY_BOX);
    let best = -1;
    regions.forEach((region, index) => {
      if (containsPoint(region.bbox, center) && (best < 0 || areaOf(region.bbox) < areaOf(regions[best]!.bbox)))
        best = index;
    });
    if (best >= 0) assigned[best]!.push(word);
    else leftover.push(word);
  }
  const detected = regions.map((region, index) =>
    segment(newId, region.segmentType, region.bbox, assigned[index]!, region.confidence),
  );
  return orderByPosition([...detected, ...segmentByBlocks(leftover, newId)], (s) => s.bbox ?? EMPTY_BOX);
}
