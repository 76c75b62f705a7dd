import { normalizedEditDistance } from '@folio/runtime';
import type { PageSegments, Segment } from '@folio/proto/documents/v1';
import { EMPTY_BOX, bottomOf, median } from './geometry.js';
import { orderSegments } from './reading-order.js';

/** Top and bottom bands of the page (fractions of its height) where running heads and feet sit. */
const BAND = 0.12;
/** A running line is short: at most this many characters on at most two lines. */
const MAX_LENGTH = 120;
const MAX_LINES = 2;
/** Two lines are the same running line when their texts are this close (normalized edit distance; OCR noise)... */
const MAX_TEXT_DISTANCE = 0.25;
/** ...and their vertical centres this close (fraction of the page height). */
const MAX_SHIFT = 0.03;
/** Text at least this share of the page's biggest text size counts as the biggest... */
const BIGGEST_TEXT = 0.95;
/** ...and text this much bigger than the body's as a heading. */
const HEADING_SIZE = 1.15;
/** Types a running line may have been given on its own page. */
const TEXT_TYPES = ['Text', 'Title', 'SectionHeader', 'PageHeader', 'PageFooter'];

type Band = 'top' | 'bottom';

interface Candidate {
  page: number;
  segment: Segment;
  band: Band;
  /** Lower case, digits as `#` (page and volume numbers change from page to page), spaces collapsed. */
  text: string;
  /** Vertical centre as a fraction of the page height. */
  center: number;
}

const wordHeightsOf = (segment: Segment): number[] => segment.words.map((word) => (word.bbox ?? EMPTY_BOX).height);

/** Median word height of a segment: its text size in page pixels. */
function textSizeOf(segment: Segment): number {
  return median(wordHeightsOf(segment));
}

/** Text sizes of a page: its biggest and its body's (the median word height). */
interface PageSizes {
  biggest: number;
  body: number;
}

/**
 * A segment of the page that may be a running line. The page's heading, set in its biggest type and
 * bigger than the body, is never a running line, even where every page opens with one worded alike
 * ("Section 2: Findings"); lines already typed PageHeader or PageFooter stay candidates.
 */
function candidateOf(page: number, segment: Segment, height: number, sizes: PageSizes): Candidate | null {
  if (!TEXT_TYPES.includes(segment.segmentType) || segment.words.length === 0 || height <= 0) return null;
  const furniture = segment.segmentType === 'PageHeader' || segment.segmentType === 'PageFooter';
  const size = textSizeOf(segment);
  if (!furniture && size > HEADING_SIZE * sizes.body && size >= BIGGEST_TEXT * sizes.biggest) return null;
  const box = segment.bbox ?? EMPTY_BOX;
  const band: Band | null = bottomOf(box) <= BAND * height ? 'top' : box.top >= (1 - BAND) * height ? 'bottom' : null;
  if (band === null) return null;
  const raw = segment.words.map((word) => word.text).join(' ');
  if (raw.length > MAX_LENGTH || new Set(segment.words.map((word) => word.lineIndex)).size > MAX_LINES) return null;
  const text = raw.normalize('NFKC').toLowerCase().replace(/\d+/gu, '#').replace(/\s+/gu, ' ').trim();
  return text ? { page, segment, band, text, center: (box.top + box.height / 2) / height } : null;
}

function sameLine(a: Candidate, b: Candidate): boolean {
  if (a.band !== b.band || Math.abs(a.center - b.center) > MAX_SHIFT) return false;
  // Cheap bound first: texts whose lengths differ by more than the allowed distance cannot match.
  const longer = Math.max(a.text.length, b.text.length);
  if (Math.abs(a.text.length - b.text.length) > MAX_TEXT_DISTANCE * longer) return false;
  return normalizedEditDistance(a.text, b.text) <= MAX_TEXT_DISTANCE;
}

/** Pages a line must appear on to be running: three, or both pages of a two-page document. */
function minPagesOf(pageCount: number): number {
  return Math.min(3, pageCount);
}

/**
 * Finds the running heads and feet of a document: short lines in the top or bottom band that come
 * back, with the same text (numbers aside, small OCR differences allowed) at the same height, on
 * at least three pages (both, in a two-page document). Their segments become PageHeader (top) or
 * PageFooter (bottom), and a page that changed is put back in reading order (headers first,
 * footers last). Pages are changed in place; returns the indexes (into `pages`) of those that
 * changed and how many segments were retyped. A one-page document has no running lines.
 */
export function markRunningLines(pages: PageSegments[]): { changedPages: number[]; markedCount: number } {
  if (pages.length < 2) return { changedPages: [], markedCount: 0 };
  const clusters: Candidate[][] = [];
  pages.forEach((page, index) => {
    const withWords = page.segments.filter((segment) => segment.words.length > 0);
    const sizes = {
      biggest: Math.max(0, ...withWords.map(textSizeOf)),
      body: median(withWords.flatMap(wordHeightsOf)),
    };
    for (const segment of page.segments) {
      const candidate = candidateOf(index, segment, page.height, sizes);
      if (!candidate) continue;
      const cluster = clusters.find((members) => sameLine(members[0]!, candidate));
      if (cluster) cluster.push(candidate);
      else clusters.push([candidate]);
    }
  });
  const changed = new Set<number>();
  let markedCount = 0;
  const minPages = minPagesOf(pages.length);
  for (const members of clusters) {
    if (new Set(members.map((member) => member.page)).size < minPages) continue;
    for (const member of members) {
      const type = member.band === 'top' ? 'PageHeader' : 'PageFooter';
      if (member.segment.segmentType === type) continue;
      member.segment.segmentType = type;
      markedCount += 1;
      changed.add(member.page);
    }
  }
  for (const index of changed) {
    const page = pages[index]!;
    page.segments = orderSegments(page.segments, page.width);
  }
  return { changedPages: [...changed].sort((a, b) => a - b), markedCount };
}
