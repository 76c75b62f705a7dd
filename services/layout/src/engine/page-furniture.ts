import type { BBox } from '@folio/proto/common/v1';
import type { SegmentType } from '@folio/proto/segment-types';
import { bottomOf, fractionInside } from './geometry.js';
import { RUNNING_BAND, isSmallerThanBody, textEvidenceOf, type TextEvidence } from './furniture-evidence.js';
import {
  bodySizeOf,
  factsOf,
  opensWithFootnoteMark,
  type PageFacts,
  type RefinableSegment,
  type SegmentFacts,
} from './refine-types.js';

/** The outer strips of the running bands (RUNNING_BAND), where little but furniture is set. */
const STRIP = 0.06;
/** A line whose text is furniture through and through (STAMP_SHARE of it) counts as running this far from the page's edge. */
const STAMP_BAND = 0.2;
const STAMP_SHARE = 0.8;
/** A running line is short: at most this many lines and characters. */
const MAX_LINES = 3;
const MAX_LENGTH = 200;
/** A running head told by the sentence it stands over is no longer than this. */
const MAX_HEAD_LENGTH = 60;
/** A heading-typed line is retyped only when its size is below this share of the page's biggest text. */
const BELOW_BIGGEST = 0.95;
/** Share of a line's characters that furniture patterns must cover to decide alone (a heading needs more). */
const PATTERN_DECIDES = 0.5;
const PATTERN_DECIDES_HEADING = 0.6;
/** A detector's PageHeader/PageFooter box covering this share of a segment counts for it. */
const HINT_COVER = 0.5;

type Band = 'top' | 'bottom';

/**
 * The kinds of evidence markPageFurniture weighs, each of which can be switched off to measure it
 * (LAYOUT_SKIP_PASSES=page-furniture.<cue>): what the line says, its size against the body, the
 * detector's PageHeader/PageFooter box, its place in the page's outer strip, and a page that opens
 * mid-sentence under a heading-typed line.
 */
export const FURNITURE_CUES = ['text', 'size', 'detector', 'strip', 'mid-sentence'] as const;
export type FurnitureCue = (typeof FURNITURE_CUES)[number];

/** Types a running line may have been given on its own page. */
const RETYPABLE: readonly SegmentType[] = ['Text', 'Title', 'SectionHeader', 'ListItem', 'Footnote'];

/**
 * Running heads and feet of one page, told without a second page to repeat them: short lines in
 * the top or bottom band, between the body and the page's edge, that the evidence of one page
 * marks as furniture. The evidence: what the line says (page numbers, volume and page references,
 * DOIs, ISSN, copyright, arXiv stamps decide alone when they make up most of it; dates, URLs,
 * journal-like names and "et al." count for it), its size (smaller than the body), the detector
 * (a PageHeader or PageFooter box over it, `hints`) and a place in the outer strip. Conservative:
 * a heading-typed line needs its text to decide, and never when set in the page's biggest type,
 * unless it is one short line over a page that opens mid-sentence (a book's running head);
 * a plain line needs two kinds of evidence unless its text decides; a footnote opening with its
 * mark stays a footnote. Takes the types refineTypes gave; returns them with furniture retyped.
 */
export function markPageFurniture(
  segments: RefinableSegment[],
  page: PageFacts,
  types: SegmentType[],
  hints: BBox[] = [],
  cuesOff: ReadonlySet<FurnitureCue> = new Set(),
): SegmentType[] {
  const result = [...types];
  const hasFonts = page.fonts !== undefined && page.fonts.size > 0;
  const body = bodySizeOf(segments, page.fonts);
  const facts = segments.map((segment) => factsOf(segment, page.fonts));
  const largest = Math.max(0, ...facts.map((fact) => fact.size));
  const small = (fact: SegmentFacts): boolean => !cuesOff.has('size') && isSmallerThanBody(fact.size, body, hasFonts);
  // What each line says, read once and only for the lines near an edge that ask.
  const evidences: (TextEvidence | undefined)[] = [];
  const evidenceOf = (index: number): TextEvidence =>
    (evidences[index] ??= cuesOff.has('text') ? { strong: 0, weak: false } : textEvidenceOf(facts[index]!.text));

  const isFurniture = (index: number, band: Band): boolean => {
    const segment = segments[index]!;
    const fact = facts[index]!;
    const type = result[index]!;
    if (!RETYPABLE.includes(type) || fact.lineCount > MAX_LINES || fact.text.length > MAX_LENGTH) return false;
    if (type === 'Footnote' && opensWithFootnoteMark(segment.words)) return false;
    const evidence = evidenceOf(index);
    const box = segment.bbox;
    const inStrip =
      !cuesOff.has('strip') &&
      (band === 'top' ? bottomOf(box) <= STRIP * page.height : box.top >= (1 - STRIP) * page.height);
    if (type === 'Title' || type === 'SectionHeader') {
      // A book's running head over a page that opens mid-sentence heads no section, however big.
      const headLine = band === 'top' && fact.lineCount === 1 && fact.text.length <= MAX_HEAD_LENGTH;
      if (headLine && !cuesOff.has('mid-sentence') && opensMidSentence(index)) return true;
      // A bare page number in the foot's outer strip, though set as big as the page's headings
      // (a report whose headings are body-sized): no chapter number stands there.
      if (band === 'bottom' && inStrip && evidence.strong === 1) return true;
      return evidence.strong >= PATTERN_DECIDES_HEADING && fact.size < BELOW_BIGGEST * largest;
    }
    if (evidence.strong >= PATTERN_DECIDES) return true;
    const hinted = !cuesOff.has('detector') && hints.some((hint) => fractionInside(box, hint) >= HINT_COVER);
    const kinds = [evidence.strong > 0, evidence.weak, small(fact), hinted, inStrip && fact.lineCount === 1];
    return kinds.filter(Boolean).length >= 2;
  };

  /**
   * Whether the text nearest under segment `index` opens with a small letter: the page goes on
   * with a sentence the page before began, so what stands over it heads no section.
   */
  const opensMidSentence = (index: number): boolean => {
    const box = segments[index]!.bbox;
    const below = withWords.filter(({ segment, index: other }) => other !== index && segment.bbox.top >= bottomOf(box));
    if (below.length === 0) return false;
    const nearest = below.reduce((best, item) => (item.segment.bbox.top < best.segment.bbox.top ? item : best));
    const first = nearest.segment.words[0]?.text ?? '';
    return /^\p{Ll}/u.test(first) && RETYPABLE.includes(result[nearest.index]!);
  };

  /**
   * A line its text alone makes furniture ("Preprint submitted to Elsevier", a page number) may stand
   * above the running band where the page's margin is deep (elsarticle's preprint at 84% of the page).
   */
  const isStamp = (index: number): boolean =>
    facts[index]!.lineCount === 1 && RETYPABLE.includes(result[index]!) && evidenceOf(index).strong >= STAMP_SHARE;

  // From each edge inwards: a line is furniture only while everything nearer the edge is.
  const withWords = segments
    .map((segment, index) => ({ segment, index }))
    .filter(({ segment }) => segment.words.length > 0);
  const sweep = (band: Band): void => {
    const within = (box: BBox, reach: number): boolean =>
      band === 'top' ? bottomOf(box) <= reach * page.height : box.top >= (1 - reach) * page.height;
    const inBand = withWords
      .filter(
        ({ segment, index }) =>
          within(segment.bbox, RUNNING_BAND) || (within(segment.bbox, STAMP_BAND) && isStamp(index)),
      )
      .sort((a, b) =>
        band === 'top' ? a.segment.bbox.top - b.segment.bbox.top : bottomOf(b.segment.bbox) - bottomOf(a.segment.bbox),
      );
    for (const { segment, index } of inBand) {
      const furniture = band === 'top' ? 'PageHeader' : 'PageFooter';
      // Lines nearer the edge than this one's middle that are not furniture: then this one is body.
      const middle = segment.bbox.top + segment.bbox.height / 2;
      const bodyOutside = withWords.some(({ segment: other, index: o }) => {
        if (o === index || result[o] === 'PageHeader' || result[o] === 'PageFooter') return false;
        const otherMiddle = other.bbox.top + other.bbox.height / 2;
        return band === 'top'
          ? otherMiddle < segment.bbox.top && middle > bottomOf(other.bbox)
          : otherMiddle > bottomOf(segment.bbox) && middle < other.bbox.top;
      });
      if (bodyOutside) continue;
      if (result[index] === furniture || isFurniture(index, band)) result[index] = furniture;
    }
  };
  sweep('top');
  sweep('bottom');
  return result;
}
