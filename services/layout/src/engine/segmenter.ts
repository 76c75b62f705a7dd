import type { BBox } from '@folio/proto/common/v1';
import type { FormField, Segment, Word } from '@folio/proto/documents/v1';
import type { SegmentType } from '@folio/proto/segment-types';
import { assignWords } from './assign-words.js';
import {
  EMPTY_BOX,
  areaOf,
  centerOf,
  clipToPage,
  containsPoint,
  intersect,
  median,
  overlapOfSmaller,
  padBox,
  unionBox,
} from './geometry.js';
import type { DetectedRegion } from './layout-engine.js';
import { splitFormula } from './formula-parts.js';
import { gatherEmbeddedImages } from './embedded-images.js';
import { splitHeadingFromBody } from './heading-body.js';
import {
  formRegionSegment,
  lineNumberSegment,
  markFineTypes,
  splitFormRegions,
  splitLineNumbers,
} from './fine-types.js';
import { joinLinePieces, joinSplitCaptions, joinValueColumns, joinWrappedRows } from './join-segments.js';
import { tablesFromLattices } from './lattice-tables.js';
import { splitAtGutters } from './gutter-splits.js';
import { groupBlocks, groupLines } from './lines.js';
import { withoutMathRegions } from './math-regions.js';
import { formulasByNumber } from './numbered-formulas.js';
import { FURNITURE_CUES, markPageFurniture } from './page-furniture.js';
import { ALL_PASSES, type PassRunner } from './passes.js';
import { isProseColumn } from './prose-pictures.js';
import { orderByPosition, orderSegments, orderWords } from './reading-order.js';
import {
  ruledGrids,
  tablesFromRuledGrids,
  tablesGrownToGrids,
  tablesSplitAtGrids,
  tablesTrimmedToGrids,
} from './ruled-grids.js';
import { verticalParagraphs } from './vertical-paragraphs.js';
import { splitBulletLists } from './bullet-lists.js';
import { refineTypes, type LineFont } from './refine-types.js';
import { splitAtRepeatedHeads } from './repeated-heads.js';
import { suppressOverlaps } from './suppress-overlaps.js';
import { buildTableHtml, labelValueTableHtml } from './table-structure.js';

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
 * a model, so no confidence. Used when no detector is configured.
 */
export function segmentByBlocks(words: Word[], newId: IdFactory): Segment[] {
  const blocks = new Map<number, Word[]>();
  for (const word of words) blocks.set(word.blockIndex, [...(blocks.get(word.blockIndex) ?? []), word]);
  const segments = [...blocks.values()].map((blockWords) =>
    segment(newId, 'Text', unionBox(boxesOf(blockWords)), blockWords),
  );
  return orderByPosition(segments, (s) => s.bbox ?? EMPTY_BOX);
}

/** Types whose detected box is the content itself (a figure, a table grid), not just room for words. */
const VISUAL_TYPES: readonly SegmentType[] = ['Table', 'Picture', 'Formula'];
/**
 * Images smaller than this share of the page (icons, rules, logos) are not gathered into pictures,
 * nor those of at least MAX_IMAGE_SHARE: that is the page's scan under its hidden OCR layer.
 */
const MIN_IMAGE_SHARE = 0.02;
const MAX_IMAGE_SHARE = 0.9;

/**
 * The words' box, plus at most half a line of the detection's margin around it: a loose detection
 * shrinks to its text and a tight one grows to its first and last words. Clipped to the page.
 */
function fitToWords(detected: BBox, words: Word[], page: PageSize): BBox {
  const wordsBox = unionBox(boxesOf(words));
  const margin = 0.5 * median(boxesOf(words).map((b) => b.height));
  const inside = intersect(detected, padBox(wordsBox, margin));
  return clipToPage(areaOf(inside) > 0 ? unionBox([wordsBox, inside]) : wordsBox, page);
}

/**
 * A segment's box: for visual types the detection grown to hold its words; for text types
 * fitToWords.
 */
function fitBox(region: DetectedRegion, words: Word[], page: PageSize): BBox {
  if (words.length === 0) return clipToPage(region.bbox, page);
  if (VISUAL_TYPES.includes(region.segmentType)) return clipToPage(unionBox([region.bbox, ...boxesOf(words)]), page);
  return fitToWords(region.bbox, words, page);
}

/**
 * The segments of a detected Formula: the formula, fitted to its own words once anything else
 * is split off, its equation numbers as Captions and any prose lines the detection reached over
 * as Text (see splitFormula). Only the formula keeps the detector's score.
 */
function formulaSegments(region: DetectedRegion, words: Word[], page: PageSize, newId: IdFactory): Segment[] {
  const parts = splitFormula(words);
  if (parts.numbers.length === 0 && parts.prose.length === 0) {
    return [segment(newId, 'Formula', fitBox(region, words, page), words, region.confidence)];
  }
  const formula =
    parts.formula.length > 0
      ? [segment(newId, 'Formula', fitToWords(region.bbox, parts.formula, page), parts.formula, region.confidence)]
      : [];
  const others = [
    ...parts.numbers.map((number) => ({ type: 'Caption' as const, words: number })),
    ...parts.prose.map((prose) => ({ type: 'Text' as const, words: prose })),
  ];
  return [
    ...formula,
    ...others.map((part) => segment(newId, part.type, clipToPage(unionBox(boxesOf(part.words)), page), part.words)),
  ];
}

/** A Table or Picture detection below this score that covers at least PAGE_SIZED of the page is suspect. */
const UNSURE = 0.5;
const PAGE_SIZED = 0.5;
/** An unsure page-sized Picture holding this many words is a page of text, not a picture. */
const WORDS_OF_A_TEXT_PAGE = 20;

/**
 * Drops unsure detections that box most of the page: on ruled notebook paper and forms the
 * detector boxes the whole sheet as one Table (0.33 on a handwritten notes page of the
 * OmniDocBench demo) or one Picture (0.32 on the same page once the table is gone), which would
 * swallow every line of text; real full-page tables score high, and an unsure full-page Picture
 * is kept when it holds few words (a photo). The words become Text segments like any words
 * outside the detections.
 */
function withoutPageSizedGuesses(detections: DetectedRegion[], words: Word[], page: PageSize): DetectedRegion[] {
  const pageArea = page.width * page.height;
  const wordsInside = (box: BBox): number =>
    words.filter((word) => containsPoint(box, centerOf(word.bbox ?? EMPTY_BOX))).length;
  return detections.filter((d) => {
    if (d.confidence >= UNSURE || areaOf(d.bbox) < PAGE_SIZED * pageArea) return true;
    if (d.segmentType === 'Table') return false;
    return d.segmentType !== 'Picture' || wordsInside(d.bbox) < WORDS_OF_A_TEXT_PAGE;
  });
}

/** Words covering this share of a Picture's box, on at most LETTERED_LINES lines, make it lettering. */
const LETTERED_COVER = 0.5;
const LETTERED_LINES = 2;

/**
 * Whether a Picture detection is lettering rather than a picture: a line or two of words that
 * fill its box (a newspaper's white-on-colour headline, a masthead, a boxed "PART 1"). It is
 * read as Text and typed by refineTypes like any text; a chart or photo holds few words for its
 * size, a screenshot of a page holds many lines, and a logo on a born-digital page holds only words
 * OCR read from its image.
 */
function isLettering(region: DetectedRegion, words: Word[], fonts: Map<number, LineFont> | undefined): boolean {
  if (region.segmentType !== 'Picture' || words.length === 0) return false;
  // On a page with a text layer, lettering is text the layer states; words OCR read from an
  // embedded image (a logo) are part of the picture.
  if (fonts && fonts.size > 0 && !words.some((word) => fonts.has(word.lineIndex))) return false;
  if (groupLines(words).length > LETTERED_LINES) return false;
  const covered = boxesOf(words).reduce((sum, box) => sum + areaOf(intersect(box, region.bbox)), 0);
  return covered >= LETTERED_COVER * areaOf(region.bbox);
}

/** What segmentByRegions knows beyond words and detections. */
export interface SegmentContext {
  page: PageSize;
  pageIndex: number;
  newId: IdFactory;
  /** Fonts of the text-layer lines by lineIndex, when the words are the text layer's. */
  fonts?: Map<number, LineFont>;
  /** Horizontal and vertical lines the page draws (text layer), for ruled tables. */
  rules?: BBox[];
  /** Raster images placed on the page (text layer), for gatherEmbeddedImages. */
  images?: BBox[];
  /** The words are all OCR's reading of the pixels: no text layer states them. */
  ocrOnly?: boolean;
  /** The page's interactive form fields (text layer), for FormRegion segments. */
  formFields?: FormField[];
  /** Which passes run (LAYOUT_SKIP_PASSES), and a trace of them in tests; every pass by default. */
  passes?: PassRunner;
}

/**
 * The layout post-processing of one page: the page passes of passes.ts (LAYOUT_PASSES), in their
 * order, from the detector's regions and the page's words to segments in reading order. Detected
 * segments carry the detector's score. A region of a text type that holds no words is dropped when
 * the page has words (it found ink that is not text), and so is any region the engine found blank
 * that holds no words. A page with nothing at all gives no segments; the caller adds the Page one.
 */
export function segmentByRegions(pageWords: Word[], detections: DetectedRegion[], context: SegmentContext): Segment[] {
  const { page, newId } = context;
  const passes = context.passes ?? ALL_PASSES;
  // Line numbers and form fields with their labels first: their words would otherwise join the
  // paragraphs beside them ("3 the party of the first part").
  const figures = detections
    .filter((d) => d.segmentType === 'Picture' || d.segmentType === 'Formula')
    .map((d) => d.bbox);
  const lineNumbers = passes.run(
    'line-numbers',
    () => splitLineNumbers(pageWords, figures),
    () => ({ columns: [], rest: pageWords }),
  );
  const forms = passes.run(
    'form-regions',
    () => splitFormRegions(context.formFields ?? [], lineNumbers.rest),
    () => ({ regions: [], rest: lineNumbers.rest }),
  );
  const words = forms.rest;
  const latticed = passes.run(
    'lattice-tables',
    () => tablesFromLattices(detections, words),
    () => detections,
  );
  // The page's ruled grids, found once for the passes that read them.
  const rules = context.rules ?? [];
  let pageGrids: BBox[] | undefined;
  const grids = (): BBox[] => (pageGrids ??= ruledGrids(rules));
  const gridded = passes.run(
    'ruled-grids',
    () => tablesFromRuledGrids(latticed, words, rules, grids()),
    () => latticed,
  );
  const trimmed = passes.run(
    'grid-bounds',
    () =>
      tablesTrimmedToGrids(
        tablesGrownToGrids(tablesSplitAtGrids(gridded, words, rules, grids()), words, rules, grids()),
        words,
        rules,
        grids(),
      ),
    () => gridded,
  );
  // A detector takes numbered lines for a table (the numbers a first column): without them it is text.
  const numbers = lineNumbers.columns.flat().map((number) => centerOf(number.bbox ?? EMPTY_BOX));
  const untabled = passes.run(
    'untable-numbered-lines',
    () =>
      trimmed.map((d) =>
        d.segmentType === 'Table' && numbers.some((point) => containsPoint(d.bbox, point))
          ? { ...d, segmentType: 'Text' as const }
          : d,
      ),
    () => trimmed,
  );
  const sized = passes.run(
    'page-sized-guesses',
    () => withoutPageSizedGuesses(untabled, words, page),
    () => untabled,
  );
  const unmath = passes.run(
    'math-regions',
    () => withoutMathRegions(sized, words, context.fonts, context.ocrOnly === true),
    () => sized,
  );
  const regions = passes.always('suppress-overlaps', () => suppressOverlaps(unmath));
  // A scan where every detection shows nothing is a blank sheet: what OCR read there is the other
  // side showing through, mirrored, or specks.
  const blankSheet = passes.run(
    'blank-scan',
    () => context.ocrOnly === true && regions.length > 0 && regions.every((region) => region.blank),
    () => false,
  );
  if (blankSheet) return [];
  const { assigned, leftover } = passes.always('assign-words', () => assignWords(words, regions));
  const detected: Segment[] = [];
  regions.forEach((detection, index) => {
    const regionWords = assigned[index]!;
    const region = passes.run(
      'lettering',
      () =>
        isLettering(detection, regionWords, context.fonts) ||
        isProseColumn(detection, regionWords, context.fonts, context.images ?? [])
          ? { ...detection, segmentType: 'Text' as const }
          : detection,
      () => detection,
    );
    // Empty boxes: ink that is not text, or (blank) no ink at all: speckle, bleed-through, a scanner border.
    if (regionWords.length === 0 && (region.blank || (words.length > 0 && !VISUAL_TYPES.includes(region.segmentType))))
      return;
    const whole = (): Segment[] => [
      segment(newId, region.segmentType, fitBox(region, regionWords, page), regionWords, region.confidence),
    ];
    detected.push(
      ...(region.segmentType === 'Formula' && regionWords.length > 0
        ? passes.run('split-formulas', () => formulaSegments(region, regionWords, page, newId), whole)
        : whole()),
    );
  });
  const obstacles = detected.map((s) => s.bbox ?? EMPTY_BOX);
  const isBlocked = (box: BBox): boolean => obstacles.some((obstacle) => overlapOfSmaller(box, obstacle) > 0.25);
  const grown = passes.always('leftover-text', () =>
    groupBlocks(groupLines(leftover), { isBlocked }).map((lines) => {
      const blockWords = lines.flatMap((line) => line.words);
      return segment(newId, 'Text', clipToPage(unionBox(boxesOf(blockWords)), page), blockWords);
    }),
  );
  const images = (context.images ?? [])
    .map((image) => clipToPage(image, page))
    .filter((image) => {
      const share = areaOf(image) / (page.width * page.height);
      return share >= MIN_IMAGE_SHARE && share < MAX_IMAGE_SHARE;
    });
  const found = [...detected, ...grown];
  const imaged = passes.run(
    'embedded-images',
    () => gatherEmbeddedImages(found, images, context.fonts),
    () => found,
  );
  // Paragraphs of neighbouring columns boxed as one are cut at the gutter.
  const columned = passes.run(
    'gutter-splits',
    () => splitAtGutters(imaged, newId),
    () => imaged,
  );
  // A heading boxed with the paragraph under it gives the paragraph back as Text; a numbered
  // equation read as text becomes a Formula.
  const headed = passes.run(
    'heading-from-body',
    () => splitHeadingFromBody(columned, context.fonts, newId),
    () => columned,
  );
  const byNumber = passes.run(
    'formulas-by-number',
    () => formulasByNumber(headed, newId),
    () => headed,
  );
  const vertical = passes.run(
    'vertical-paragraphs',
    () => verticalParagraphs(byNumber, newId),
    () => byNumber,
  );
  const segments = passes.run(
    'bullet-lists',
    () => splitBulletLists(vertical, newId),
    () => vertical,
  );
  const refinable = segments.map((s) => ({
    segmentType: s.segmentType as SegmentType,
    bbox: s.bbox ?? EMPTY_BOX,
    words: s.words,
    confidence: s.confidence,
  }));
  const facts = { pageIndex: context.pageIndex, width: page.width, height: page.height, fonts: context.fonts };
  // The detector's running-line boxes, even those another detection won over: evidence for markPageFurniture.
  const furnitureHints = detections
    .filter((d) => d.segmentType === 'PageHeader' || d.segmentType === 'PageFooter')
    .map((d) => d.bbox);
  const detectedTypes = refinable.map((s) => s.segmentType);
  const refined = passes.run(
    'refine-types',
    () => refineTypes(refinable, facts),
    () => detectedTypes,
  );
  const types = passes.run(
    'page-furniture',
    () =>
      markPageFurniture(
        refinable,
        facts,
        refined,
        furnitureHints,
        new Set(FURNITURE_CUES.filter((cue) => passes.isOff(`page-furniture.${cue}`))),
      ),
    () => refined,
  );
  segments.forEach((s, index) => {
    s.segmentType = types[index]!;
  });
  // A receipt's prices boxed apart from their items go back beside them, row for row.
  const valued = passes.run(
    'value-columns',
    () => joinValueColumns(segments),
    () => segments,
  );
  // Lines that run around a text box in the middle of a paragraph read across it.
  const paired = passes.run(
    'wrapped-rows',
    () => joinWrappedRows(valued),
    () => valued,
  );
  // A detector reads an infobox or data sheet of labels and values as text; it is a table.
  const labelValueTables = new Set<Segment>();
  for (const s of paired.filter((candidate) => candidate.segmentType === 'Text')) {
    const labelValues = passes.run(
      'label-value-tables',
      () => labelValueTableHtml(s.words),
      () => null,
    );
    if (labelValues === null) continue;
    s.segmentType = 'Table';
    s.tableHtml = labelValues;
    labelValueTables.add(s);
  }
  // Two tables set one under the other with the same heading line, boxed as one, are two.
  const tabled = passes.run(
    'repeated-heads',
    () => splitAtRepeatedHeads(paired, newId, labelValueTables),
    () => paired,
  );
  for (const s of tabled.filter((candidate) => candidate.segmentType === 'Table' && !labelValueTables.has(candidate))) {
    const ruled =
      context.rules && context.rules.length > 0 ? { rules: context.rules, box: s.bbox ?? EMPTY_BOX } : undefined;
    s.tableHtml = passes.always('table-html', () =>
      buildTableHtml(s.words, { firstRowBold: firstLineBold(s.words, context.fonts), ruled }),
    );
  }
  const formRegions = forms.regions.map((region) => formRegionSegment(region, newId()));
  const captioned = passes.run(
    'join-captions',
    () => joinSplitCaptions(tabled),
    () => tabled,
  );
  const joined = passes.run(
    'join-running-pieces',
    () => joinLinePieces(captioned),
    () => captioned,
  );
  // Margin line numbers go after the page's text, so that they do not cut into its reading order.
  const ordered = passes.always('reading-order', () => orderSegments([...joined, ...formRegions], page.width));
  const numbered = [...ordered, ...lineNumbers.columns.map((column) => lineNumberSegment(column, newId()))];
  return passes.run(
    'fine-types',
    () => markFineTypes(numbered, page),
    () => numbered,
  );
}

function firstLineBold(words: Word[], fonts: Map<number, LineFont> | undefined): boolean {
  const first = words[0];
  return first !== undefined && fonts?.get(first.lineIndex)?.bold === true;
}
