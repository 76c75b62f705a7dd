import { BULLET_MARKS, isMathFont } from '@folio/runtime';
import type { BBox } from '@folio/proto/common/v1';
import type { TextLayer, Word } from '@folio/proto/documents/v1';
import type { SegmentType } from '@folio/proto/segment-types';
import { isVerticalLine } from './direction.js';
import { EQUATION_NUMBER } from './formula-parts.js';
import {
  RUNNING_BAND,
  isPageNumberText,
  isSmallerThanBody,
  marksLaterPage,
  textEvidenceOf,
} from './furniture-evidence.js';
import { EMPTY_BOX, areLevel, bottomOf, gapDown, median, rightOf } from './geometry.js';
import { isNumberedHeading } from './lines.js';
import { readsAsMath } from './math-lines.js';
import { isStatementNotHeading } from './statements.js';

/** Font facts of a text-layer line. */
export interface LineFont {
  /** In page pixels. */
  fontSize: number;
  bold: boolean;
  /** The line is mathematics: set in a math font (TeX's math italic, symbols, Fraktur, blackboard bold) or reading as mathematics by its glyphs (math-lines.ts). */
  math?: boolean;
}

/** Line fonts by `lineIndex`, from the page's text layer (whose words carry the same indexes). */
export function lineFontsOf(layer: TextLayer): Map<number, LineFont> {
  const fonts = new Map<number, LineFont>();
  for (const block of layer.blocks) {
    for (const line of block.lines) {
      const lineIndex = line.words[0]?.lineIndex;
      if (lineIndex !== undefined)
        fonts.set(lineIndex, {
          fontSize: line.fontSize,
          bold: line.bold,
          math: isMathFont(line.fontName) || readsAsMath(line.glyphs.filter((glyph) => glyph.text.trim() !== '')),
        });
    }
  }
  return fonts;
}

/** What refinement reads of a segment. */
export interface RefinableSegment {
  segmentType: SegmentType;
  bbox: BBox;
  words: Word[];
  /** The detector's score; absent for segments grown from leftover words. */
  confidence?: number;
}

/** What refinement knows about the page. */
export interface PageFacts {
  pageIndex: number;
  width: number;
  height: number;
  /** Fonts of the words' lines; absent when the words came from OCR. */
  fonts?: Map<number, LineFont>;
}

/** Top and bottom bands of the page (fractions of its height) where running headers and footers live. */
const HEADER_BAND = 0.1;
/** A running head of SHORT_HEAD characters or more stands at least HEAD_GAP of its text sizes above the next text. */
const SHORT_HEAD = 40;
const HEAD_GAP = 1;
/** The strip at the very top where only page furniture sits (mastheads, logos, issue lines). */
const HEADER_STRIP = 0.08;
/** A SectionHeader the detector scored below this may be page furniture; a surer one stays a heading. */
const UNSURE_HEADING = 0.5;
/** "1 Introduction", "2.3. Methods": a numbered section heading, never page furniture. */
const NUMBERED_SECTION = /^\d{1,2}(?:\.\d{1,2})*\.?\s*\p{L}/u;
const FOOTER_BAND = 0.9;
/** The outer strips of the page's width (each side) where margin tabs stand, running heads set sideways. */
const SIDE_MARGIN = 0.05;
/** The lower part of the page where footnotes live. */
const FOOTNOTE_BAND = 0.7;
/** Where footnotes that open with a raised mark may start: the lower part of a long column of notes. */
const RAISED_NOTE_BAND = 0.4;

export const BULLET = new RegExp(`^(?:[${BULLET_MARKS}·*–—-]|\\(?(?:\\d{1,3}|[a-zA-Z]|[ivxIVX]{1,4})[.)])$`, 'u');
/** A footnote's mark: "1", "¹", "*", "†", "①" alone, or a raised or symbol mark set against its first word. */
const FOOTNOTE_MARK =
  /^(?:\d{1,2}|[¹²³⁴⁵⁶⁷⁸⁹⁰]{1,2}|[*†‡§]|[\u2460-\u2473])$|^(?:[¹²³⁴⁵⁶⁷⁸⁹⁰]{1,2}|[*†‡§]|[\u2460-\u2473])[\p{L}[(]/u;
/** Lines at least this fraction of the body's line pitch apart are set on the body's leading (measured on scans). */
const BODY_LEADING = 0.95;
/** A footnote says something: at least this many characters. */
const FOOTNOTE_LENGTH = 30;
/** Small print is set at most this share of the body's size... */
const SMALL_PRINT = 0.85;
/** ... or its lines stand at most this fraction of the body's line pitch apart. */
const TIGHT_PITCH = 0.8;
/** ... and run at least this fraction of the body paragraphs' median width. */
const NOTE_WIDTH = 0.6;

/** Signs that only mathematics sets between words: relations, operators, brackets, scripts, digits. */
const MATH_SIGN = /[\d=+\-−×÷*/<>≤≥≠≈∼≡∑∏∫√∞±∓·∂∇∈∉⊂⊆∪∩∧∨¬→←↔⇒⇔()[\]{}|^_]/u;

/** Han ideographs, kana and Hangul: Chinese, Japanese and Korean writing, a word in one or two characters. */
const IDEOGRAPH = '[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}]';
const HAS_IDEOGRAPH = new RegExp(IDEOGRAPH, 'u');

/** Whether a text holds Chinese, Japanese or Korean writing, which sets no space between words. */
export function hasIdeograph(text: string): boolean {
  return HAS_IDEOGRAPH.test(text);
}
/** A word of prose: four letters in a row, or two ideographs (a Chinese, Japanese or Korean word). */
const PROSE_WORD = new RegExp(`\\p{L}{4}|${IDEOGRAPH}{2}`, 'u');

/**
 * Whether a region's words are prose rather than mathematics: no math sign at all, and a word of
 * prose. "sin x cos y" or a lone "x" stay formulas; so does anything with "=" or a bracket, such
 * as "f(x) = 0 otherwise".
 */
export function readsAsProse(text: string): boolean {
  return text.trim().length > 0 && !MATH_SIGN.test(text) && PROSE_WORD.test(text);
}

/** Whether a segment says something: an ideograph, or a letter among at least four visible characters ("* p < 0.05"). */
function saysSomething(fact: SegmentFacts): boolean {
  if (HAS_IDEOGRAPH.test(fact.text)) return true;
  return /\p{L}/u.test(fact.text) && fact.text.replace(/\s/gu, '').length >= 4;
}

/** Whether the segment opens with a footnote mark followed by words ("1 [法]布吕奈尔...", "*Corresponding author"). */
export function opensWithFootnoteMark(words: Word[]): boolean {
  const [first, second] = words;
  if (!first || !FOOTNOTE_MARK.test(first.text)) return false;
  if (!/^\d/u.test(first.text)) return true;
  // A bare number must lead into words, not more numbers (a row of figures), unless it is set
  // raised and smaller, as a mark is ("¹ 2021 estimate" in a text layer that spells ¹ as 1).
  return second !== undefined && (/^[\p{L}[(]/u.test(second.text) || isRaisedOver(first, second));
}

/**
 * Whether the segment opens with a raised footnote mark ("¹", or a "1" set small and high before
 * its words): no running foot does, so a detector's PageFooter that does is a footnote.
 */
function opensWithRaisedMark(words: Word[]): boolean {
  const [first, second] = words;
  if (!first || !second || !opensWithFootnoteMark(words)) return false;
  return /^[¹²³⁴⁵⁶⁷⁸⁹⁰]/u.test(first.text) || isRaisedOver(first, second);
}

/** Whether `mark` is set smaller than `word` and raised: its foot well above the word's. */
function isRaisedOver(mark: Word, word: Word): boolean {
  const a = mark.bbox ?? EMPTY_BOX;
  const b = word.bbox ?? EMPTY_BOX;
  return b.height > 0 && a.height <= 0.8 * b.height && bottomOf(a) <= bottomOf(b) - 0.25 * b.height;
}

/** Whether two boxes stand in one row: tops and bottoms within half the smaller height of each other. */
function aligned(a: BBox, b: BBox): boolean {
  const tolerance = 0.5 * Math.min(a.height, b.height);
  return Math.abs(a.top - b.top) <= tolerance && Math.abs(bottomOf(a) - bottomOf(b)) <= tolerance;
}

/** Vertical room between a box and the nearest of `others` that starts below its bottom (Infinity when none). */
function gapBelow(box: BBox, others: BBox[]): number {
  const bottom = bottomOf(box);
  return Math.min(Infinity, ...others.filter((other) => other.top >= bottom).map((other) => other.top - bottom));
}

/** What refinement reads off a segment's words and fonts. */
export interface SegmentFacts {
  /** Font size (text layer) or median word height (OCR), in page pixels. */
  size: number;
  bold: boolean;
  lineCount: number;
  text: string;
  /** Every line is set mostly in math fonts. */
  math: boolean;
  /** Median distance between the centres of consecutive lines, in page pixels; null for one line. */
  pitch: number | null;
}

export function factsOf(segment: RefinableSegment, fonts: Map<number, LineFont> | undefined): SegmentFacts {
  const lineIndexes = [...new Set(segment.words.map((w) => w.lineIndex))];
  const lineFonts = fonts ? lineIndexes.map((index) => fonts.get(index)).filter((f) => f !== undefined) : [];
  const size =
    lineFonts.length > 0
      ? median(lineFonts.map((f) => f.fontSize))
      : median(segment.words.map((w) => (w.bbox ?? EMPTY_BOX).height));
  const bold = lineFonts.length > 0 && lineFonts.filter((f) => f.bold).length * 2 > lineFonts.length;
  const text = segment.words.map((w) => w.text).join(' ');
  const math = lineFonts.length > 0 && lineFonts.every((f) => f.math === true);
  const steps = lineSteps(segment.words);
  return { size, bold, lineCount: lineIndexes.length, text, math, pitch: steps.length > 0 ? median(steps) : null };
}

/** The distances between the centres of a segment's consecutive lines (a line's centre: its words' median). */
function lineSteps(words: Word[]): number[] {
  const centres = new Map<number, number[]>();
  for (const word of words) {
    const box = word.bbox ?? EMPTY_BOX;
    const line = centres.get(word.lineIndex) ?? [];
    line.push(box.top + box.height / 2);
    centres.set(word.lineIndex, line);
  }
  const sorted = [...centres.values()].map((line) => median(line)).sort((a, b) => a - b);
  return sorted.slice(1).map((centre, index) => centre - sorted[index]!);
}

/** The body's measure: its line pitch (median step between consecutive lines) and the median width of its paragraphs. */
export function bodyMeasureOf(segments: RefinableSegment[]): { pitch: number; width: number } {
  const paragraphs = segments
    .filter((segment) => segment.segmentType === 'Text')
    .map((segment) => ({ segment, steps: lineSteps(segment.words) }))
    .filter(({ steps }) => steps.length > 0);
  if (paragraphs.length === 0) return { pitch: 0, width: 0 };
  return {
    pitch: median(paragraphs.flatMap(({ steps }) => steps)),
    width: median(paragraphs.map(({ segment }) => segment.bbox.width)),
  };
}

/** The body text size of a page: the size most of its words have (median over words). */
export function bodySizeOf(segments: RefinableSegment[], fonts: Map<number, LineFont> | undefined): number {
  const words = segments.flatMap((segment) => segment.words);
  if (fonts && fonts.size > 0) {
    const sizes = words.map((w) => fonts.get(w.lineIndex)?.fontSize).filter((s) => s !== undefined);
    if (sizes.length > 0) return median(sizes);
  }
  return median(words.map((w) => (w.bbox ?? EMPTY_BOX).height));
}

/** A date written day first with a full stop ("7. Mai 2014", "3. März"): its number is no list item's. */
const DAY_OF_MONTH =
  /^\d{1,2}\.\s+(?:jan|feb|mär|mar|apr|mai|may|jun|jul|aug|sep|okt|oct|nov|dez|dec)\p{L}*\.?(?:\s+\d{2,4})?$/iu;

/** The end of a sentence or clause: a full stop, question or exclamation mark, colon, semicolon or comma, before any closing quote or bracket. */
const SENTENCE_END = /[.!?:;,]["'”’)\]]?$/u;

/** Text set this much bigger than the body (font sizes of a text layer) may head a section. */
const HEADING_SIZE = 1.15;

function isHeading(facts: SegmentFacts, body: number, hasFonts: boolean): boolean {
  // A bold heading may wrap to a third line in a narrow column ("Draft Special Publication 800-16,
  // Revision 1, / Information Security Training Requirements: / A Role- and Performance-Based Model"),
  // but ends as no sentence does.
  const longHead = hasFonts && facts.bold && facts.lineCount === 3 && !SENTENCE_END.test(facts.text.trim());
  if ((facts.lineCount > 2 && !longHead) || facts.text.length > 150 || facts.text.length === 0) return false;
  // A line opening in lower case goes on a sentence ("die diskrete Metrik. Die Metrik d ..."),
  // however many of its words are bold.
  if (/^\p{Ll}/u.test(facts.text)) return false;
  // A one-line "二、会用" is a heading whatever its size (headings there are set in colour, not size).
  if (facts.lineCount === 1 && isNumberedHeading(facts.text)) return true;
  // Without fonts only a clearly bigger size tells a heading (OCR boxes vary in height).
  return hasFonts ? facts.size >= HEADING_SIZE * body || facts.bold : facts.size >= 1.4 * body;
}

/** Whether a line in the page's top or bottom band shows the page is not its document's first (marksLaterPage). */
function printsLaterPageNumber(segments: RefinableSegment[], facts: SegmentFacts[], page: PageFacts): boolean {
  return segments.some((segment, index) => {
    const box = segment.bbox;
    const inBand = bottomOf(box) <= RUNNING_BAND * page.height || box.top >= (1 - RUNNING_BAND) * page.height;
    return inBand && facts[index]!.lineCount <= 2 && marksLaterPage(facts[index]!.text);
  });
}

/** A book's chapter mark alone on its line: "Chapter 2", "Kapitel IV", "Part B". */
const CHAPTER_MARK =
  /^(?:chapter|chapitre|kapitel|cap[ií]tulo|capitolo|part|partie|teil)\s+(?:\d{1,3}|[ivxlc]{1,6}|[a-z])\.?$/iu;

/** Whether the page opens a chapter: a segment that says "Chapter 2" and nothing else. Its headings head the chapter, not the document. */
const opensChapter = (facts: SegmentFacts[]): boolean => facts.some((fact) => CHAPTER_MARK.test(fact.text.trim()));

/** Text set this many times the body's size is display type: a heading, even one that ends with a full stop ("Test on an isolated H atom."). */
const DISPLAY_SIZE = 1.5;

/** A heading of this many words or more must stand out by its type to be one (isPlainPassage). */
const PASSAGE_WORDS = 8;

/**
 * A detected heading that is a passage of the text: PASSAGE_WORDS words or more, unnumbered, set like
 * the rest of the page's text (`rest`: its body size without this segment, which on a sparse slide
 * may be most of the page), no bigger and not bold (a slide's long bullet points: "Project
 * preparation and structuring may not be a source of funds, but ...").
 */
function isPlainPassage(facts: SegmentFacts, rest: number): boolean {
  const text = facts.text.trim();
  if (text.split(/\s+/u).length < PASSAGE_WORDS || NUMBERED_SECTION.test(text) || isNumberedHeading(text)) return false;
  return rest > 0 && !facts.bold && facts.size < HEADING_SIZE * rest;
}

/** "Table 1", "Fig. 2.", "Figure IV:", and the Chinese 图 3 / 表 1-2 / 圖 五. */
export const CAPTION_START =
  /^(?:(?:table|tab\.|figure|fig\.|chart|exhibit|image|photo|plate)\s*[\dIVXivx]+[.:]?|[图表圖]\s*[\d一二三四五六七八九十]+)/iu;

/** Longest label a visual may have without "Table N" / "Figure N" ("行情走势图", "Key figures"), in characters. */
const LABEL_LENGTH = 24;

/** Longest unnumbered caption under a picture ("Ian MacKaye speaking at the Library ..."), in characters. */
const PHOTO_CAPTION_LENGTH = 200;

/**
 * A caption of a Table or Picture: a "Table 1: ..." or "Figure 2." line within 3 line heights
 * above or below one (6 with no text between), or a short one-line label, or up to three lines under a picture, set tight
 * against it (within a line height) and inside its width.
 */
function isCaptionOfVisual(segment: RefinableSegment, fact: SegmentFacts, segments: RefinableSegment[]): boolean {
  const numbered = CAPTION_START.test(fact.text);
  // A note that opens with its raised mark ("¹ testdoc test phrase" under a form's table) labels nothing.
  const label = fact.lineCount === 1 && fact.text.length <= LABEL_LENGTH && !opensWithRaisedMark(segment.words);
  const photoCaption = fact.lineCount <= 3 && fact.text.length <= PHOTO_CAPTION_LENGTH;
  if (!numbered && !label && !photoCaption) return false;
  const box = segment.bbox;
  const lineHeight = Math.max(1, median(segment.words.map((w) => (w.bbox ?? EMPTY_BOX).height)));
  return segments.some((other) => {
    if (other.segmentType !== 'Table' && other.segmentType !== 'Picture') return false;
    const v = other.bbox;
    const gap = gapDown(box, v);
    if (gap < -lineHeight) return false;
    if (numbered) {
      const sideBySide = Math.min(box.left + box.width, v.left + v.width) - Math.max(box.left, v.left) > 0;
      // Further off, when nothing with words stands between (a figure framed by a ruled box).
      const reach = textBetween(box, v, segments) ? 3 : 6;
      return sideBySide && gap <= reach * lineHeight;
    }
    const inside = box.left >= v.left - lineHeight && box.left + box.width <= v.left + v.width + lineHeight;
    const under = other.segmentType === 'Picture' && box.top >= bottomOf(v) - lineHeight;
    return inside && gap <= lineHeight && (label || under);
  });
}

/** Text at least this many times the body's size is no caption. */
const HEADING_OVER_CAPTION_SIZE = 1.25;

function isCaptionSizedHeading(fact: SegmentFacts, body: number): boolean {
  return (
    fact.lineCount === 1 &&
    fact.text.length > 0 &&
    fact.text.length <= LABEL_LENGTH &&
    !CAPTION_START.test(fact.text) &&
    fact.size >= HEADING_OVER_CAPTION_SIZE * body
  );
}

/** Whether a segment with words lies between boxes `a` and `b`, one above the other, overlapping both across. */
function textBetween(a: BBox, b: BBox, segments: RefinableSegment[]): boolean {
  const [upper, lower] = a.top <= b.top ? [a, b] : [b, a];
  return segments.some((other) => {
    if (other.words.length === 0) return false;
    const o = other.bbox;
    const across = (box: BBox): boolean => Math.min(rightOf(o), rightOf(box)) > Math.max(o.left, box.left);
    return o.top >= bottomOf(upper) && bottomOf(o) <= lower.top && across(upper) && across(lower);
  });
}

/** A lone "(N)" set beside a Formula, right of its middle and level with it: the equation's number. */
function isNumberOfFormula(segment: RefinableSegment, text: string, segments: RefinableSegment[]): boolean {
  if (!EQUATION_NUMBER.test(text.trim())) return false;
  const box = segment.bbox;
  return segments.some((other) => {
    if (other.segmentType !== 'Formula') return false;
    const f = other.bbox;
    return areLevel(box, f) && box.left > f.left + f.width / 2;
  });
}

/** Most lines a display formula the detector took for Text may have. */
const DISPLAY_MATH_LINES = 3;

/**
 * A display formula the detector boxed as Text: set in math fonts, on rows of its own (nothing
 * with words level with it), indented on both sides and about centred between the edges of the
 * text above and below it. Inline math split off a line ("d(x, y) = d(y, x)" beside
 * "(ii) Symmetrie:") has a neighbour in its row; a paragraph's first line spans the column.
 */
function isDisplayMath(segment: RefinableSegment, fact: SegmentFacts, segments: RefinableSegment[]): boolean {
  if (!fact.math || fact.lineCount > DISPLAY_MATH_LINES || fact.size <= 0) return false;
  const box = segment.bbox;
  const others = segments.filter((other) => other !== segment && other.words.length > 0);
  if (others.some((other) => areLevel(other.bbox, box))) return false;
  // The column: text above or below within a few lines that overlaps the formula across.
  const reach = 6 * fact.size;
  const column = others
    .map((other) => other.bbox)
    .filter((o) => Math.min(rightOf(o), rightOf(box)) > Math.max(o.left, box.left))
    .filter((o) => gapDown(o, box) <= reach);
  if (column.length === 0) return false;
  const left = Math.min(...column.map((o) => o.left));
  const right = Math.max(...column.map(rightOf));
  const indent = 2 * fact.size;
  const centred = Math.abs(box.left + box.width / 2 - (left + right) / 2) <= 0.1 * (right - left);
  return box.left >= left + indent && rightOf(box) <= right - indent && centred;
}

/** A title's font is at least this many times the body's (LLaMA's first page: 14 pt over 10 pt). */
const TITLE_SIZE = 1.3;
/** A cover's title starts above this share of the page's height. */
const COVER_TITLE_TOP = 0.6;
/** A first page with at most this many words is a cover or a title slide. */
const COVER_WORDS = 60;
/** On one, the title is set at least this share of the page's biggest type (a bold title over a bigger subtitle). */
const COVER_TITLE_SHARE = 0.85;
/** Without fonts, a title's words are at least this many times as tall as the body's (OCR boxes vary). */
const SCAN_TITLE_SIZE = 1.6;

/**
 * A heading on a scanned first page that is its title: in the top quarter, its words at least
 * SCAN_TITLE_SIZE times as tall as the body's and within a tenth of the tallest on the page.
 */
function isScanTitle(
  segment: RefinableSegment,
  fact: SegmentFacts,
  context: { body: number; largest: number; page: PageFacts },
): boolean {
  const { body, largest, page } = context;
  return (
    page.pageIndex === 0 &&
    segment.segmentType === 'SectionHeader' &&
    segment.bbox.top < 0.25 * page.height &&
    fact.size >= SCAN_TITLE_SIZE * body &&
    fact.size >= 0.9 * largest
  );
}

/**
 * What one page tells of a line being furniture beyond its place: type smaller than the body, or
 * words only furniture has or that count for it (page numbers, references, dates, journal names, URLs).
 */
function isFurnitureLike(fact: SegmentFacts, body: number, hasFonts: boolean): boolean {
  const evidence = textEvidenceOf(fact.text);
  return isSmallerThanBody(fact.size, body, hasFonts) || evidence.strong > 0 || evidence.weak;
}

/** A box far taller than wide: text set sideways, up a margin. */
function isSideways(box: RefinableSegment['bbox']): boolean {
  return box.height > 3 * box.width;
}

/**
 * Corrects the detector's types with what the text tells: font size and weight (Title vs
 * SectionHeader, and short big or bold Text as a heading), a bullet or number first (ListItem),
 * small text low on the page (Footnote), "Table 1"/"Figure 2" lines beside a table or picture
 * and "(12)" beside a formula (Caption), and short lines alone at the very top or foot of the page
 * (PageHeader, PageFooter), and centred lines of a text layer's math fonts standing alone (Formula).
 * Only text-bearing types change; Table, Picture, Formula and Caption stay as detected, but for a
 * short one-line caption in heading-sized type (SectionHeader). Returns one type per segment.
 */
export function refineTypes(segments: RefinableSegment[], page: PageFacts): SegmentType[] {
  const hasFonts = page.fonts !== undefined && page.fonts.size > 0;
  const body = bodySizeOf(segments, page.fonts);
  const measure = hasFonts ? { pitch: 0, width: 0 } : bodyMeasureOf(segments);
  // The body's leading, measured on fonts' pages too: a scan's OCR layer gives sizes as coarse as its boxes.
  const bodyPitch = hasFonts ? bodyMeasureOf(segments).pitch : measure.pitch;
  const facts = segments.map((segment) => factsOf(segment, page.fonts));
  // A first page that prints a page number past the first ("Page 3", "vii"), or opens a chapter
  // ("Chapter 2"), was cut from a longer document: its biggest heading heads a section of it, not
  // the document. Told from a text layer only: on a scan, OCR's specks read as "V" or "1" would
  // take a newspaper's masthead from it.
  const laterPage =
    page.pageIndex === 0 && hasFonts && (printsLaterPageNumber(segments, facts, page) || opensChapter(facts));
  const opensDocument = page.pageIndex === 0 && !laterPage;
  // Upright text only: a line set sideways in the margin (arXiv's 20 pt identifier stamp) is no title.
  const largest = Math.max(0, ...facts.filter((_, i) => !isSideways(segments[i]!.bbox)).map((f) => f.size));
  const withWords = segments.map((s, i) => ({ s, i })).filter(({ s }) => s.words.length > 0);
  const topmost = withWords.reduce<number>(
    (best, { s, i }) => (best < 0 || s.bbox.top < segments[best]!.bbox.top ? i : best),
    -1,
  );
  const bottommost = withWords.reduce<number>(
    (best, { s, i }) => (best < 0 || bottomOf(s.bbox) > bottomOf(segments[best]!.bbox) ? i : best),
    -1,
  );

  const boxesWithWords = withWords.map(({ s }) => s.bbox);
  // The top and bottom rows: the outermost segment with words and those aligned with it (a spread's two running heads).
  const rowOf = (outermost: number): number[] =>
    outermost < 0 ? [] : withWords.filter(({ s }) => aligned(s.bbox, segments[outermost]!.bbox)).map(({ i }) => i);
  const topRow = rowOf(topmost);
  const bottomRow = rowOf(bottommost);

  // The top of the body: the highest segment with words that reaches below the header strip.
  const strip = HEADER_STRIP * page.height;
  const bodyTop = Math.min(
    page.height,
    ...withWords
      .map(({ s }) => s)
      .filter((s) => bottomOf(s.bbox) > strip)
      .map((s) => s.bbox.top),
  );

  /** Small print by leading: lines far closer together than the body's. */
  const tight = (fact: SegmentFacts): boolean =>
    fact.pitch !== null && measure.pitch > 0 && fact.pitch <= TIGHT_PITCH * measure.pitch;
  /**
   * Whether nothing but small print and running feet stands below segment `index` in its column:
   * notes close a column, where a sidebar's small print ("related reports") goes on above more.
   */
  const onlySmallPrintBelow = (index: number): boolean => {
    const box = segments[index]!.bbox;
    return segments.every((other, j) => {
      const v = other.bbox;
      const below = v.top >= bottomOf(box) - 0.5 * facts[index]!.size;
      const overlaps = Math.min(rightOf(box), rightOf(v)) > Math.max(box.left, v.left);
      if (j === index || !below || !overlaps) return true;
      if (v.top >= FOOTER_BAND * page.height || other.segmentType === 'PageFooter') return true;
      return other.words.length > 0 && (tight(facts[j]!) || facts[j]!.size <= SMALL_PRINT * body);
    });
  };

  /**
   * A cover's title (a title slide, a report's cover): on a born-digital first page, a short text
   * or heading in the page's biggest type, above its lower part, set at least TITLE_SIZE times the
   * rest of the page's text. The page median alone misses it when the title is most of the text.
   * On a sparse first page, its topmost such block set near the biggest type (coverTitle).
   */
  const coverCandidate = (index: number): boolean => {
    const segment = segments[index]!;
    const fact = facts[index]!;
    if (!hasFonts || !opensDocument || !['Text', 'SectionHeader', 'Title'].includes(segment.segmentType)) return false;
    // Columns of vertical writing are read, not titled, by their typography.
    if (fact.lineCount > 4 || fact.text.length > 200 || segment.words.length < 2 || isVerticalLine(segment.words))
      return false;
    return segment.bbox.top < COVER_TITLE_TOP * page.height && !NUMBERED_SECTION.test(fact.text);
  };
  // A sparse first page (a cover, a title slide) is titled by its topmost block set near its biggest
  // type: a slide's bold title over a bigger subtitle, a title as big as the report line under it.
  const sparse = segments.reduce((count, segment) => count + segment.words.length, 0) <= COVER_WORDS;
  const coverTitle = sparse
    ? segments
        .map((_, index) => index)
        .filter((index) => coverCandidate(index) && facts[index]!.size >= COVER_TITLE_SHARE * largest)
        .sort((a, b) => segments[a]!.bbox.top - segments[b]!.bbox.top)[0]
    : undefined;
  /** The body size of the page's text without segment `index`. */
  const bodyWithout = (index: number): number =>
    bodySizeOf(
      segments.filter((_, other) => other !== index),
      page.fonts,
    );
  const isCoverTitle = (index: number): boolean => {
    if (index === coverTitle) return true;
    const fact = facts[index]!;
    if (!coverCandidate(index) || fact.lineCount > 3 || fact.size < largest - 0.5) return false;
    const rest = bodyWithout(index);
    return rest > 0 && fact.size >= TITLE_SIZE * rest;
  };

  return segments.map((segment, index) => {
    const fact = facts[index]!;
    // The detector's Formula that reads as plain words (a book's running foot "中西比较美术学
    // ZHONGXIBIJIAOMEISHUXUE") is text: the formula recognizer would only make LaTeX noise of it.
    const type = segment.segmentType === 'Formula' && readsAsProse(fact.text) ? 'Text' : segment.segmentType;
    // A one-line "caption" set far bigger than the body is the next section's heading (Wikipedia's
    // "History" under the contents box): captions are set at body size or smaller.
    if (type === 'Caption' && isCaptionSizedHeading(fact, body)) return 'SectionHeader';
    if (
      segment.words.length === 0 ||
      !['Text', 'Title', 'SectionHeader', 'ListItem', 'Footnote', 'PageHeader', 'PageFooter'].includes(type)
    )
      return type;
    const short = fact.lineCount <= 2 && fact.text.length <= 200;
    // Running headers and footers: short, alone in the page's top or bottom band.
    if (type === 'PageFooter' && opensWithRaisedMark(segment.words)) return 'Footnote';
    // A running foot stands at the page's foot and a running head at its top: the detector's
    // PageFooter over the upper half of the page (an endnote alone on the last page) is body. Not
    // so a tab in the side margin (a report's vertical "公司报告", a textbook's unit tab), set anywhere.
    const box = segment.bbox;
    const inSideMargin = box.left <= SIDE_MARGIN * page.width || rightOf(box) >= (1 - SIDE_MARGIN) * page.width;
    const misplaced =
      box.width > box.height &&
      !inSideMargin &&
      ((type === 'PageFooter' && bottomOf(box) < 0.5 * page.height) ||
        (type === 'PageHeader' && box.top > 0.5 * page.height));
    if (misplaced) return opensWithFootnoteMark(segment.words) ? 'Footnote' : 'Text';
    if (type === 'PageHeader' || type === 'PageFooter') return type;
    if (isCoverTitle(index)) return 'Title';
    // Short lines in the top strip above all the body are page furniture, big or small, unless
    // they are numbered section headings, a heading the detector is sure of, the detector's Title
    // or the page's biggest text.
    const biggest = fact.size >= largest - 0.5 && fact.size >= 1.5 * body;
    const unsureHeading = type === 'SectionHeader' && (segment.confidence ?? 0) < UNSURE_HEADING;
    const furniture =
      (type === 'Text' || unsureHeading) &&
      !biggest &&
      fact.lineCount <= 2 &&
      fact.text.length <= 40 &&
      bottomOf(segment.bbox) <= Math.min(strip, bodyTop + 0.5 * fact.size) &&
      !NUMBERED_SECTION.test(fact.text) &&
      !isNumberedHeading(fact.text);
    if (furniture) return 'PageHeader';
    if (type === 'Text' && isNumberOfFormula(segment, fact.text, segments)) return 'Caption';
    if (type === 'Text' && isDisplayMath(segment, fact, segments)) return 'Formula';
    // Running lines are set no bigger than the body; a big line at the top is the heading.
    const runningSized = fact.size <= (hasFonts ? 1.1 : 1.25) * body && !fact.bold;
    // Only plain Text is re-typed by position: a heading that opens a page stays a heading.
    const running = type === 'Text' && short && runningSized;
    // The outermost row alone does not make a running line: a recipe's or a letter's first or last
    // line sits there too, set like the body. It must also be set smaller, say what furniture says,
    // or share its row with another line (a spread's two running heads).
    const furnitureLike = (row: number[]): boolean =>
      running && (row.length > 1 || isFurnitureLike(fact, body, hasFonts));
    const inTopRow = topRow.includes(index);
    const inBottomRow = bottomRow.includes(index);
    // A long line must stand apart from what follows: a first body line the detector boxed alone
    // sits only a paragraph gap above the rest. Short ones ("No. / Date" on a notebook page) need not.
    const apart = fact.text.length < SHORT_HEAD || gapBelow(segment.bbox, boxesWithWords) >= HEAD_GAP * fact.size;
    const inHeaderBand = bottomOf(segment.bbox) <= HEADER_BAND * page.height;
    if (inTopRow && apart && inHeaderBand && furnitureLike(topRow)) return 'PageHeader';
    if (running && segment.bbox.top >= FOOTER_BAND * page.height) {
      if ((inBottomRow && furnitureLike(bottomRow)) || isPageNumberText(fact.text)) return 'PageFooter';
    }
    // A heading set bigger than the body right under a picture is the next section's, not a caption.
    const headingSized =
      type !== 'Text' &&
      !CAPTION_START.test(fact.text) &&
      (isHeading(fact, body, hasFonts) || isCaptionSizedHeading(fact, body));
    if (
      ['Text', 'SectionHeader', 'Title'].includes(type) &&
      !headingSized &&
      isCaptionOfVisual(segment, fact, segments)
    )
      return 'Caption';
    // A paragraph of vertical writing set bold (a passage in a bold face) is no heading for it.
    const headingText = type === 'Text' && !isVerticalLine(segment.words) && isHeading(fact, body, hasFonts);
    if (type === 'Title' || type === 'SectionHeader' || headingText) {
      // A theorem's label with its statement, or a sentence, is text however it is set.
      const displaySized = hasFonts && fact.size >= DISPLAY_SIZE * body;
      if (type !== 'Title' && !displaySized && isStatementNotHeading(fact.text)) return 'Text';
      if (type === 'SectionHeader' && hasFonts && isPlainPassage(fact, bodyWithout(index))) return 'Text';
      if (type !== 'Text' && !hasFonts)
        return opensDocument && isScanTitle(segment, fact, { body, largest, page }) ? 'Title' : type;
      // The page's biggest text, well above body size, high on a first page: the document title.
      // A section number ("1 Introduction", "1.2 Metrische Räume") makes it a section of a longer text.
      const titleSized =
        fact.size >= TITLE_SIZE * body && fact.size >= largest - 0.5 && !NUMBERED_SECTION.test(fact.text);
      if (titleSized && !laterPage && (type === 'Title' || (opensDocument && segment.bbox.top < 0.5 * page.height)))
        return 'Title';
      if (type === 'Title' && hasFonts && fact.size < HEADING_SIZE * body && !fact.bold) return 'Text';
      return 'SectionHeader';
    }
    const first = segment.words[0]?.text ?? '';
    if (type === 'Text' && BULLET.test(first) && segment.words.length > 1 && !DAY_OF_MONTH.test(fact.text))
      return 'ListItem';
    // A paragraph opens with a raised mark only as a note does, wherever the notes start (a Federal
    // Register page's notes fill the lower half of its columns, as much print as its body).
    const lowerPart = segment.bbox.top >= RAISED_NOTE_BAND * page.height;
    if (type === 'Text' && lowerPart && fact.size <= body && opensWithRaisedMark(segment.words)) return 'Footnote';
    if (type === 'Text' && segment.bbox.top >= FOOTNOTE_BAND * page.height && fact.size > 0 && saysSomething(fact)) {
      // Smaller than the body, or no bigger and opening with a mark (OCR boxes hide small print).
      const marked = fact.text.length >= FOOTNOTE_LENGTH && opensWithFootnoteMark(segment.words);
      // On a scan a word box's height is a coarse measure of type size (the detector's padding
      // narrows a 0.8 ratio of glyph heights to 0.87 of boxes), while footnotes also come with
      // their own tighter leading: lines far closer together than the body's, at no bigger a size,
      // across the column as the body's paragraphs are (a narrow block of small print beside
      // others, such as an analyst's contact lines, is no note).
      const tighter =
        tight(fact) &&
        fact.size <= body &&
        segment.bbox.width >= NOTE_WIDTH * measure.width &&
        onlySmallPrintBelow(index);
      // Small word boxes on a body's leading are a coarse measure, not small print (a scan's OCR
      // layer boxed one paragraph of a book page's column a third lower than the rest).
      const bodyLeading =
        fact.lineCount >= 3 && fact.pitch !== null && bodyPitch > 0 && fact.pitch >= BODY_LEADING * bodyPitch;
      const small = fact.size <= SMALL_PRINT * body && !bodyLeading;
      if (small || tighter || (marked && fact.size <= 1.15 * body)) return 'Footnote';
    }
    // A note says something in words: a lone "4" or "<" the detector boxed low on the page is not one.
    if (type === 'Footnote' && !saysSomething(fact)) return 'Text';
    return type;
  });
}
