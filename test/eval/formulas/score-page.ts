// Scores one benchmark page's output. Boxes: the items' known places (points, from the generator)
// scaled to the service's page pixels. A display formula is paired with the Formula segment that
// lies mostly (>= half its area) inside the formula's band and overlaps its ink box most, each
// segment used once, in item order. An inline formula is looked for inside its sentence: the
// Markdown (or content) of the segments lying mostly inside the paragraph's band, joined in output
// order, and the `$...$` (or `\(...\)`) spans in it; it matches when one of them renders the same.
import { normalizedEditDistance } from '@folio/runtime';
import type { ApiSegment } from '../../src/api.js';
import { normalizeLatex } from '../formula.js';
import { area, fromApiBox, iou, type Box } from '../geometry.js';
import type { FormulaSet } from './formula-set.js';
import type { LocatedItem } from './generate/locate.js';
import { compareRendered } from './rendered-match.js';

/** Share of a segment's area that must lie inside an item's band for the segment to belong to it. */
const INSIDE_SHARE = 0.5;

export interface ItemScore {
  id: string;
  kind: LocatedItem['kind'];
  reference: string;
  /** The Formula segment's content (display), or the `$...$` spans found in the sentence (inline); null when none. */
  predicted: string | null;
  match: boolean;
  /** Normalized edit distance of the normalized LaTeX (formula.ts); the best span for inline; 1 when none. */
  editDistance: number;
  /** The types of the segments lying in the item's band, in output order: what the formula became. */
  segmentTypes: string[];
}

function scaled(box: Box, factor: number): Box {
  return { left: box.left * factor, top: box.top * factor, right: box.right * factor, bottom: box.bottom * factor };
}

function insideShare(segment: Box, band: Box): number {
  const inter = area({
    left: Math.max(segment.left, band.left),
    top: Math.max(segment.top, band.top),
    right: Math.min(segment.right, band.right),
    bottom: Math.min(segment.bottom, band.bottom),
  });
  const own = area(segment);
  return own > 0 ? inter / own : 0;
}

/** The math spans of a Markdown text: `$$...$$`, `$...$`, `\(...\)`, `\[...\]`, in order. */
export function mathSpans(text: string): string[] {
  const spans: string[] = [];
  for (const match of text.matchAll(/\$\$([\s\S]+?)\$\$|\$([^$]+?)\$|\\\(([\s\S]+?)\\\)|\\\[([\s\S]+?)\\\]/g)) {
    const span = (match[1] ?? match[2] ?? match[3] ?? match[4] ?? '').trim();
    if (span) spans.push(span);
  }
  return spans;
}

function distance(predicted: string, reference: string): number {
  return normalizedEditDistance(normalizeLatex(predicted), normalizeLatex(reference));
}

/** Scores the items of one page (its width in points) against the segments returned for it. */
export function scorePage(
  page: { widthPt: number; items: readonly LocatedItem[] },
  segments: readonly ApiSegment[],
  set: FormulaSet,
): ItemScore[] {
  const boxes = segments.map((segment) => fromApiBox(segment.bbox));
  const factor = segments.length > 0 ? segments[0]!.page_width / page.widthPt : 1;
  const used = new Set<number>();
  return page.items.map((item): ItemScore => {
    const band = scaled(item.band, factor);
    const inBand = segments.filter((_, index) => insideShare(boxes[index]!, band) >= INSIDE_SHARE);
    const segmentTypes = inBand.map((segment) => segment.segment_type);
    if (item.kind === 'display') {
      const formula = set.display[item.number - 1]!;
      const ink = scaled(item.ink, factor);
      let best = -1;
      let bestOverlap = 0;
      segments.forEach((segment, index) => {
        if (segment.segment_type !== 'Formula' || used.has(index)) return;
        if (insideShare(boxes[index]!, band) < INSIDE_SHARE) return;
        const overlap = iou(boxes[index]!, ink);
        if (overlap > bestOverlap) {
          best = index;
          bestOverlap = overlap;
        }
      });
      if (best < 0) {
        return {
          id: formula.id,
          kind: 'display',
          reference: formula.latex,
          predicted: null,
          match: false,
          editDistance: 1,
          segmentTypes,
        };
      }
      used.add(best);
      const predicted = segments[best]!.content;
      return {
        id: formula.id,
        kind: 'display',
        reference: formula.latex,
        predicted,
        match: compareRendered(formula.latex, predicted, true).match,
        editDistance: distance(predicted, formula.latex),
        segmentTypes,
      };
    }
    const formula = set.inline[item.number - 1]!;
    const text = inBand.map((segment) => segment.markdown || segment.content).join(' ');
    const spans = mathSpans(text);
    return {
      id: formula.id,
      kind: 'inline',
      reference: formula.latex,
      predicted: spans.length > 0 ? spans.join(' | ') : null,
      match: spans.some((span) => compareRendered(formula.latex, span, false).match),
      editDistance: spans.length > 0 ? Math.min(...spans.map((span) => distance(span, formula.latex))) : 1,
      segmentTypes,
    };
  });
}
