import type { SegmentType } from '@folio/proto/segment-types';
import { areaOf, bottomOf, fractionInside, iouOf } from './geometry.js';
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
 * A Caption whose far side lies within this many of its heights, or this share of the Picture's
 * height, of a Picture's top or bottom edge lies along it (loose picture boxes reach a line or two past their caption).
 */
const EDGE_CAPTION_REACH = 3;
const EDGE_CAPTION_SHARE = 0.1;

/**
 * Whether `caption` is a Caption set along the top or bottom edge of the Picture `picture`, inside
 * its box: the detector's picture box often reaches over the caption under or over it (a book
 * illustration's "THEY TIP-TOED ALONG."), which is then no label inside the picture but its own
 * element.
 */
function isEdgeCaption(caption: DetectedRegion, picture: DetectedRegion): boolean {
  if (caption.segmentType !== 'Caption' || picture.segmentType !== 'Picture') return false;
  const reach = Math.max(EDGE_CAPTION_REACH * caption.bbox.height, EDGE_CAPTION_SHARE * picture.bbox.height);
  return bottomOf(picture.bbox) - bottomOf(caption.bbox) <= reach || caption.bbox.top - picture.bbox.top <= reach;
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
  if (inside < options.containment || isEdgeCaption(small, big)) return false;
  return (
    big.segmentType === 'Table' ||
    big.segmentType === 'Picture' ||
    areaOf(small.bbox) >= options.sameExtent * areaOf(big.bbox)
  );
}

/**
 * Removes duplicate and nested detections: regions are taken best score first; a region that
 * conflicts with one already kept (see `conflicts`) either loses, or replaces it when it is of a
 * more specific class with a score not far below. Tiny regions are dropped. A Caption along a
 * Picture's top or bottom edge stays, and the Picture's box ends at it. Order of the result:
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
  const captions = kept.filter((region) => region.segmentType === 'Caption');
  return kept
    .map((region) => (region.segmentType === 'Picture' ? endedAtCaptions(region, captions, options) : region))
    .sort((a, b) => b.confidence - a.confidence);
}

/**
 * The Picture's box ended at the captions along its edges (isEdgeCaption) that it holds: a
 * caption under a picture marks where the picture ends, and its words are the caption's, not the
 * picture's (nor its crop's).
 */
function endedAtCaptions(
  picture: DetectedRegion,
  captions: DetectedRegion[],
  options: SuppressOptions,
): DetectedRegion {
  let top = picture.bbox.top;
  let bottom = bottomOf(picture.bbox);
  for (const caption of captions) {
    if (!isEdgeCaption(caption, picture) || fractionInside(caption.bbox, picture.bbox) < options.containment) continue;
    const middle = caption.bbox.top + caption.bbox.height / 2;
    if (middle > (top + bottom) / 2) bottom = Math.min(bottom, caption.bbox.top);
    else top = Math.max(top, bottomOf(caption.bbox));
  }
  if (top === picture.bbox.top && bottom === bottomOf(picture.bbox)) return picture;
  return { ...picture, bbox: { ...picture.bbox, top, height: Math.max(0, bottom - top) } };
}
