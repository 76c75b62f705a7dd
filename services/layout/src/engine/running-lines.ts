import { randomUUID } from 'node:crypto';
import { normalizedEditDistance } from '@folio/runtime';
import type { BBox } from '@folio/proto/common/v1';
import type { PageSegments, Segment, Word } from '@folio/proto/documents/v1';
import { EMPTY_BOX, bottomOf, boxOfWords, median } from './geometry.js';
import { furnitureFineType } from './fine-types.js';
import { RUNNING_BAND, isPageNumberText } from './furniture-evidence.js';
import { wordsByLine } from './lines.js';
import { orderSegments } from './reading-order.js';
import type { IdFactory } from './segmenter.js';

/** A page number alone runs within this share of the page's height from its top or foot (bandOf). */
const PAGE_NUMBER_BAND = 0.35;
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
  /**
   * Set when the line is only the first or last lines of `segment` (a running foot the detector
   * boxed with the paragraph above it): these words, to be split out of the segment when marked.
   */
  part?: Word[];
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
  const whole = lineCandidateOf(page, segment, segment.words, height);
  if (whole || furniture) return whole;
  return edgeLinesCandidateOf(page, segment, height);
}

/**
 * The band a line lies in: the top or bottom RUNNING_BAND of the page, or for a page number in words alone
 * ("Seite 2", "Page 2 of 5"; a bare "2" may be anything) the upper or lower PAGE_NUMBER_BAND, where a letterhead or a form's heading block
 * sets it (it must still come back at the same height on the other pages).
 */
function bandOf(box: BBox, height: number, text: string): Band | null {
  const spelledPageNumber = isPageNumberText(text) && /\d/u.test(text) && /\p{L}{2}/u.test(text);
  const reach = spelledPageNumber ? PAGE_NUMBER_BAND : RUNNING_BAND;
  return bottomOf(box) <= reach * height ? 'top' : box.top >= (1 - reach) * height ? 'bottom' : null;
}

/** The candidate of `words` (a whole segment or its edge lines) if they are short and lie in a band. */
function lineCandidateOf(page: number, segment: Segment, words: Word[], height: number): Candidate | null {
  const box = boxOfWords(words);
  const raw = words.map((word) => word.text).join(' ');
  const band = bandOf(box, height, raw);
  if (band === null) return null;
  if (raw.length > MAX_LENGTH || new Set(words.map((word) => word.lineIndex)).size > MAX_LINES) return null;
  const text = raw.normalize('NFKC').toLowerCase().replace(/\d+/gu, '#').replace(/\s+/gu, ' ').trim();
  if (!text) return null;
  const candidate: Candidate = { page, segment, band, text, center: (box.top + box.height / 2) / height };
  return words.length === segment.words.length ? candidate : { ...candidate, part: words };
}

/**
 * A segment reaching into the top or bottom band with more lines than a running line has: its first
 * (top band) or last (bottom band) one or two lines, when they lie wholly in the band, as a
 * candidate of their own, so a running foot set close under the last paragraph still matches its
 * twin on the other pages.
 */
function edgeLinesCandidateOf(page: number, segment: Segment, height: number): Candidate | null {
  const lines = linesOf(segment.words);
  if (lines.length <= 1) return null;
  const inTop = (line: Word[]) => bottomOf(boxOfWords(line)) <= RUNNING_BAND * height;
  const inBottom = (line: Word[]) => boxOfWords(line).top >= (1 - RUNNING_BAND) * height;
  for (const count of [1, MAX_LINES]) {
    if (count >= lines.length) break;
    const head = lines.slice(0, count);
    const foot = lines.slice(-count);
    const edge = head.every(inTop) ? head : foot.every(inBottom) ? foot : null;
    if (!edge) continue;
    const candidate = lineCandidateOf(page, segment, edge.flat(), height);
    if (candidate) return candidate;
  }
  return null;
}

/** A segment's words grouped by text line, the lines top to bottom. */
function linesOf(words: Word[]): Word[][] {
  const topOf = (line: Word[]) => Math.min(...line.map((word) => (word.bbox ?? EMPTY_BOX).top));
  return wordsByLine(words).sort((a, b) => topOf(a) - topOf(b));
}

/** Moves a candidate's edge lines out of its segment into a segment of their own, which it returns. */
function splitOut(page: PageSegments, candidate: Candidate, newId: IdFactory): Segment {
  const part = new Set(candidate.part);
  const rest = candidate.segment.words.filter((word) => !part.has(word));
  // The segment keeps its width (the detector's box may hold more than words) and loses the band.
  const box = candidate.segment.bbox ?? EMPTY_BOX;
  const words = boxOfWords(rest);
  const top = candidate.band === 'top' ? words.top : box.top;
  const bottom = candidate.band === 'top' ? bottomOf(box) : bottomOf(words);
  candidate.segment.words = rest;
  candidate.segment.bbox = { ...box, top, height: Math.max(0, bottom - top) };
  const lines = candidate.part ?? [];
  const split: Segment = {
    segmentId: newId(),
    segmentType: candidate.segment.segmentType,
    bbox: boxOfWords(lines),
    confidence: candidate.segment.confidence,
    words: lines,
    tableHtml: '',
  };
  page.segments.push(split);
  return split;
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
 * PageFooter (bottom), split out of the segment they were boxed with when they were only its
 * first or last lines, and a page that changed is put back in reading order (headers first,
 * footers last). Pages are changed in place; returns the indexes (into `pages`) of those that
 * changed and how many segments were retyped. A one-page document has no running lines.
 */
export function markRunningLines(
  pages: PageSegments[],
  newId: IdFactory = randomUUID,
): { changedPages: number[]; markedCount: number } {
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
      const segment = member.part ? splitOut(pages[member.page]!, member, newId) : member.segment;
      if (segment.segmentType === type) continue;
      segment.segmentType = type;
      // A running line is furniture whatever finer type it had; a page number among them says so.
      segment.fineType = furnitureFineType(segment);
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
