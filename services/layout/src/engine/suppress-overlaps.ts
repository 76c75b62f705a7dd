import type { SegmentType } from '@folio/proto/segment-types';
import { areaOf, fractionInside, iouOf } from './geometry.js';
import type { DetectedRegion } from './layout-engine.js';

/** Thresholds of suppressOverlaps; the defaults suit yolov8n-doclaynet at its 0.25 score cut. */
export interface SuppressOptions {
  /** A region this much inside another (fraction of its own area) counts as nested. */
  containment: number;
  /** Looser containment for two regions of one class (a formula boxed with and without its number). */
  sameClassContainment: number;
  /** Two regions with at least this IoU count as duplicates whatever their classes. */
  iou: number;
  /**
   * A more specific class beats a higher-scoring less specific one when its score is at least
   * this fraction of the other's (a ListItem at 0.5 beats a Text at 0.7 over the same lines).
   */
  specificityRatio: number;
  /** A nested region at least this fraction of its container's area covers the same content. */
  sameExtent: number;
  /** Regions smaller than this many square pixels are noise. */
  minArea: number;
}

export const DEFAULT_SUPPRESS_OPTIONS: SuppressOptions = {
  containment: 0.8,
  sameClassContainment: 0.6,
  iou: 0.5,
  specificityRatio: 0.6,
  sameExtent: 0.5,
  minArea: 16,
};

/**
 * How specific a class is: a Table or Picture region accounts for everything inside it (its text
 * is the cell text or the picture's text); the typed text classes say more than plain Text.
 */
const SPECIFICITY: Record<SegmentType, number> = {
  Table: 3,
  Picture: 3,
  Title: 2,
  SectionHeader: 2,
  ListItem: 2,
  Caption: 2,
  Formula: 2,
  Footnote: 2,
  PageHeader: 2,
  PageFooter: 2,
  Text: 1,
  Page: 0,
};

/** Of two conflicting regions, the one to keep. */
function winnerOf(a: DetectedRegion, b: DetectedRegion, options: SuppressOptions): DetectedRegion {
  const [high, low] = a.confidence >= b.confidence ? [a, b] : [b, a];
  const moreSpecific = SPECIFICITY[low.segmentType] > SPECIFICITY[high.segmentType];
  return moreSpecific && low.confidence >= options.specificityRatio * high.confidence ? low : high;
}

/**
 * Whether two regions describe the same content: near-identical boxes, or one nested inside the
 * other where the nesting means a duplicate: the same class (a formula box inside a formula box),
 * anything inside a Table or Picture (a cell, a label), or a box of about the same extent (a Text
 * and a ListItem over the same lines). A small typed region inside a much bigger Text region (an
 * inline formula, a heading the paragraph box swallowed) is a real element of its own and stays.
 */
function conflicts(a: DetectedRegion, b: DetectedRegion, options: SuppressOptions): boolean {
  if (iouOf(a.bbox, b.bbox) >= options.iou) return true;
  const [small, big] = areaOf(a.bbox) <= areaOf(b.bbox) ? [a, b] : [b, a];
  const inside = fractionInside(small.bbox, big.bbox);
  if (big.segmentType === small.segmentType && inside >= options.sameClassContainment) return true;
  if (inside < options.containment) return false;
  return (
    big.segmentType === 'Table' ||
    big.segmentType === 'Picture' ||
    areaOf(small.bbox) >= options.sameExtent * areaOf(big.bbox)
  );
}

/**
 * Removes duplicate and nested detections: regions are taken best score first; a region that
 * conflicts with one already kept (see `conflicts`) either loses, or replaces it when it is of a
 * more specific class with a score not far below. Tiny regions are dropped. Order of the result:
 * score, highest first.
 */
export function suppressOverlaps(
  regions: DetectedRegion[],
  options: SuppressOptions = DEFAULT_SUPPRESS_OPTIONS,
): DetectedRegion[] {
  const byScore = regions
    .filter((region) => areaOf(region.bbox) >= options.minArea)
    .sort((a, b) => b.confidence - a.confidence);
  let kept: DetectedRegion[] = [];
  for (const candidate of byScore) {
    const rivals = kept.filter((region) => conflicts(region, candidate, options));
    // One element boxed twice at different sizes: keep the bigger box (the whole formula line,
    // equation number included) with the better score.
    const sameClass = rivals.find(
      (rival) => rival.segmentType === candidate.segmentType && areaOf(candidate.bbox) > areaOf(rival.bbox),
    );
    if (sameClass && rivals.length === 1) {
      kept = kept.map((region) => (region === sameClass ? { ...candidate, confidence: sameClass.confidence } : region));
    } else if (rivals.every((rival) => winnerOf(rival, candidate, options) === candidate)) {
      kept = [...kept.filter((region) => !rivals.includes(region)), candidate];
    }
  }
  return kept.sort((a, b) => b.confidence - a.confidence);
}
