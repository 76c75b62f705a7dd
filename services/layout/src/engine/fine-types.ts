import type { BBox } from '@folio/proto/common/v1';
import type { FormField, Segment, Word } from '@folio/proto/documents/v1';
import type { FineSegmentType } from '@folio/proto/segment-types';
import {
  EMPTY_BOX,
  areaOf,
  bottomOf,
  centerOf,
  containsPoint,
  fractionInside,
  median,
  overlapLength,
  rightOf,
  unionBox,
} from './geometry.js';
import { groupLines } from './lines.js';
import { orderWords } from './reading-order.js';
import { isPageNumberText } from './furniture-evidence.js';
import { CAPTION_START } from './refine-types.js';

/*
 * The current API's finer segment types (Segment.fine_type), told from layout and the text layer.
 * segment_type keeps the v1 type the v1 API shows: PageNumber stays a PageHeader or PageFooter
 * (by its place, as markPageFurniture typed it), LineNumber, FormRegion and Legend are Text,
 * GraphicalItem a Picture.
 */

const boxOf = (word: Word): BBox => word.bbox ?? EMPTY_BOX;

/** A line number is a bare integer. */
const LINE_NUMBER = /^\d{1,4}$/u;
/** A margin column needs this many numbers: fewer is a short list, not numbered lines. */
const MIN_LINE_NUMBERS = 5;
/** Share of the steps between consecutive numbers that must be the smallest step (1, or 5 for every fifth line). */
const MIN_REGULAR_STEPS = 0.6;
/** Share of the numbers that must sit beside a line of text (code listings number blank lines too). */
const MIN_BESIDE_TEXT = 0.6;
/** A gap this many line heights wide parts table cells; running text has none. */
const ROW_GAP_LINES = 2.5;
/** Line numbers right of the text stand at least this many line heights away from it. */
const RIGHT_MARGIN_GAP_LINES = 2;
/** Fewer other words than this on the page: nothing to number. */
const MIN_TEXT_WORDS = 5;

/** Words overlapping vertically by at least half the shorter one: on the same line. */
function sameLine(a: BBox, b: BBox): boolean {
  return overlapLength(a.top, bottomOf(a), b.top, bottomOf(b)) >= 0.5 * Math.min(a.height, b.height);
}

/**
 * Numbers in columns: numbers whose horizontal extents overlap (grown by half a line height, as
 * right-aligned 9 and 10 differ in width) share a column.
 */
function columnsOf(numbers: Word[]): Word[][] {
  const sorted = [...numbers].sort((a, b) => boxOf(a).left - boxOf(b).left);
  const columns: { right: number; words: Word[] }[] = [];
  for (const word of sorted) {
    const box = boxOf(word);
    const pad = 0.5 * box.height;
    const column = columns.find((c) => box.left - pad <= c.right);
    if (column) {
      column.words.push(word);
      column.right = Math.max(column.right, rightOf(box) + pad);
    } else {
      columns.push({ right: rightOf(box) + pad, words: [word] });
    }
  }
  return columns.map((column) => column.words);
}

/** Whether numbers read top to bottom rise by a regular step (every line, or every n-th). */
function isAscending(column: Word[]): boolean {
  const values = [...column].sort((a, b) => boxOf(a).top - boxOf(b).top).map((word) => Number(word.text));
  const steps = values.slice(1).map((value, index) => value - values[index]!);
  if (steps.some((step) => step <= 0)) return false;
  const smallest = Math.min(...steps);
  if (smallest > 10 || steps.some((step) => step % smallest !== 0)) return false;
  return steps.filter((step) => step === smallest).length >= MIN_REGULAR_STEPS * steps.length;
}

/** Words of one line read as running text: no gap between neighbours wider than ROW_GAP_LINES line heights. */
function isRunningText(line: Word[]): boolean {
  const sorted = [...line].sort((a, b) => boxOf(a).left - boxOf(b).left);
  return sorted.every((word, index) => {
    const previous = sorted[index - 1];
    return previous === undefined || boxOf(word).left - rightOf(boxOf(previous)) <= ROW_GAP_LINES * boxOf(word).height;
  });
}

/**
 * The page's line numbers (legal pleadings, code listings, numbered manuscripts): a narrow column
 * of at least five bare integers, rising by a regular step from top to bottom, at a margin: every
 * other word on the page within the column's height lies on one side of it, and most numbers sit
 * beside a line of that text, running text without a table row's wide gaps. Numbers inside
 * `exclude` (detected pictures and formulas) never count. Returns each column's words and the words left for the rest
 * of the layout.
 */
export function splitLineNumbers(words: Word[], exclude: readonly BBox[] = []): { columns: Word[][]; rest: Word[] } {
  const isCandidate = (word: Word): boolean =>
    LINE_NUMBER.test(word.text) && !exclude.some((box) => containsPoint(box, centerOf(boxOf(word))));
  const numbers = words.filter(isCandidate);
  const others = words.filter((word) => !isCandidate(word));
  if (numbers.length < MIN_LINE_NUMBERS || others.length < MIN_TEXT_WORDS) return { columns: [], rest: words };
  const columns = columnsOf(numbers).filter((column) => {
    if (column.length < MIN_LINE_NUMBERS || !isAscending(column)) return false;
    const box = unionBox(column.map(boxOf));
    const within = others.filter((word) => {
      const y = centerOf(boxOf(word)).y;
      return y >= box.top && y <= bottomOf(box);
    });
    const leftMargin = within.every((word) => boxOf(word).left >= rightOf(box));
    // A right-hand column must stand apart from the text: a contents page's page numbers close
    // up to their entries (or their dot leaders) and rise too.
    const apart = RIGHT_MARGIN_GAP_LINES * median(column.map((word) => boxOf(word).height));
    const rightMargin = within.every((word) => rightOf(boxOf(word)) + apart <= box.left);
    if (within.length === 0 || (!leftMargin && !rightMargin)) return false;
    const besideText = column.filter((number) => within.some((word) => sameLine(boxOf(number), boxOf(word))));
    if (besideText.length < MIN_BESIDE_TEXT * column.length) return false;
    // What a number sits beside is a line of running text, not a table row: no wide gap between
    // its words (a table's row numbers sit beside cells).
    return besideText.every((number) => isRunningText(within.filter((word) => sameLine(boxOf(number), boxOf(word)))));
  });
  if (columns.length === 0) return { columns: [], rest: words };
  const taken = new Set(columns.flat());
  const topDown = columns.map((column) => [...column].sort((a, b) => boxOf(a).top - boxOf(b).top));
  return { columns: topDown, rest: words.filter((word) => !taken.has(word)) };
}

/** Widgets that hold no value a reader fills in: push buttons. */
const VALUELESS_KINDS = new Set(['button']);
/** A label's words are at most this many line heights apart... */
const LABEL_GAP_LINES = 2.5;
/** ...and its nearest word at most this many from the field (forms leave room before their boxes). */
const FIELD_GAP_LINES = 8;

/** The text a field shows for its value: the filled-in text, or a checked or empty box. */
function valueText(field: FormField): string {
  if (field.kind === 'checkbox' || field.kind === 'radiobutton')
    return field.value !== '' && field.value !== 'Off' ? '[x]' : '[ ]';
  return field.value.trim();
}

/** The run of words on the field's line that leads up to it from one side, nearest first, stopping at a wide gap. */
function labelRun(field: BBox, words: readonly Word[], side: 'left' | 'right'): Word[] {
  const onLine = words
    .filter((word) => sameLine(boxOf(word), field))
    .filter((word) =>
      side === 'left'
        ? rightOf(boxOf(word)) <= field.left + 0.25 * field.height
        : boxOf(word).left >= rightOf(field) - 0.25 * field.height,
    )
    .sort((a, b) => (side === 'left' ? rightOf(boxOf(b)) - rightOf(boxOf(a)) : boxOf(a).left - boxOf(b).left));
  const run: Word[] = [];
  let edge = side === 'left' ? field.left : rightOf(field);
  for (const word of onLine) {
    const box = boxOf(word);
    const gap = side === 'left' ? edge - rightOf(box) : box.left - edge;
    if (gap > (run.length === 0 ? FIELD_GAP_LINES : LABEL_GAP_LINES) * box.height) break;
    run.push(word);
    edge = side === 'left' ? box.left : rightOf(box);
  }
  return run;
}

/** The line of words right above a field, overlapping it horizontally (a label set over its box). */
function labelAbove(field: BBox, words: readonly Word[]): Word[] {
  const above = words.filter((word) => {
    const box = boxOf(word);
    return (
      bottomOf(box) <= field.top + 0.25 * box.height &&
      field.top - bottomOf(box) <= LABEL_GAP_LINES * box.height &&
      overlapLength(box.left, rightOf(box), field.left, rightOf(field)) > 0
    );
  });
  const lines = groupLines(above);
  return lines.length > 0 ? lines[lines.length - 1]!.words : [];
}

/** One form field with its label, as a FormRegion's words. */
export interface FormRegionWords {
  field: FormField;
  words: Word[];
}

/**
 * The page's form fields (a PDF's AcroForm widgets) with their labels: the words on the field's
 * line that lead up to it from the left (from the right for a checkbox or radio button, whose
 * label follows its box), else the line right above it. The value is the words inside the field's
 * box when OCR read them from its drawing, else one word holding the value the file stores. Each
 * label word goes to one field only; returns the regions and the words left for the rest of the
 * layout.
 */
export function splitFormRegions(
  fields: readonly FormField[],
  words: Word[],
): { regions: FormRegionWords[]; rest: Word[] } {
  let pool = [...words];
  const regions: FormRegionWords[] = [];
  const sorted = fields
    .filter((field) => !VALUELESS_KINDS.has(field.kind) && field.bbox !== undefined && areaOf(field.bbox) > 0)
    .sort((a, b) => a.bbox!.top - b.bbox!.top || a.bbox!.left - b.bbox!.left); // filtered to fields with a box just above
  for (const field of sorted) {
    const box = field.bbox!; // filtered above
    const inside = pool.filter((word) => containsPoint(box, centerOf(boxOf(word))));
    const outside = pool.filter((word) => !inside.includes(word));
    const box1 = field.kind === 'checkbox' || field.kind === 'radiobutton';
    let label = labelRun(box, outside, box1 ? 'right' : 'left');
    if (label.length === 0) label = labelRun(box, outside, box1 ? 'left' : 'right');
    if (label.length === 0) label = labelAbove(box, outside);
    const text = valueText(field);
    const lineIndex = label[0]?.lineIndex ?? inside[0]?.lineIndex ?? 0;
    const value: Word[] =
      inside.length > 0
        ? inside
        : text === ''
          ? []
          : [{ text, bbox: box, confidence: 1, blockIndex: label[0]?.blockIndex ?? 0, lineIndex }];
    if (label.length === 0 && value.length === 0) continue;
    const taken = new Set([...label, ...inside]);
    pool = pool.filter((word) => !taken.has(word));
    regions.push({ field, words: orderWords([...label, ...value]) });
  }
  return { regions, rest: pool };
}

/** The FormRegion segment (v1 type Text) of a field and its label, boxed round both. */
export function formRegionSegment(region: FormRegionWords, segmentId: string): Segment {
  const box = unionBox([region.field.bbox ?? EMPTY_BOX, ...region.words.map(boxOf)]);
  return { segmentId, segmentType: 'Text', fineType: 'FormRegion', bbox: box, words: region.words, tableHtml: '' };
}

/** The LineNumber segment (v1 type Text) of one column of line numbers. */
export function lineNumberSegment(column: Word[], segmentId: string): Segment {
  const words = [...column].sort((a, b) => boxOf(a).top - boxOf(b).top);
  return {
    segmentId,
    segmentType: 'Text',
    fineType: 'LineNumber',
    bbox: unionBox(words.map(boxOf)),
    words,
    tableHtml: '',
  };
}

/** The fine type of page furniture: PageNumber for a page header or footer that is a page number. */
export function furnitureFineType(segment: Pick<Segment, 'segmentType' | 'words'>): FineSegmentType | undefined {
  if (segment.segmentType !== 'PageHeader' && segment.segmentType !== 'PageFooter') return undefined;
  return isPageNumberText(segment.words.map((word) => word.text).join(' ')) ? 'PageNumber' : undefined;
}

/** A Picture smaller than this share of the page, holding at most GRAPHIC_WORDS words, is a graphical item (logo, icon, stamp). */
const GRAPHIC_SHARE = 0.015;
const GRAPHIC_WORDS = 3;
/** A legend has 1 to this many entries, each at most LEGEND_WORDS words and LEGEND_CHARS characters. */
const LEGEND_LINES = 12;
const LEGEND_WORDS = 4;
const LEGEND_CHARS = 32;
/** Text this share inside a picture, or within this many line heights of its edge, belongs to it. */
const LEGEND_INSIDE = 0.8;
const LEGEND_GAP_LINES = 1;

const SUBFIGURE = /^\(?[a-z]\)/iu;

const TEXT_TYPES: ReadonlySet<string> = new Set(['Text', 'Caption', 'ListItem']);

/** Whether a text segment reads as a chart's legend: short labels, no sentence, no "Figure 3" opening. */
function readsAsLegend(segment: Segment): boolean {
  const lines = groupLines(segment.words);
  const text = segment.words.map((word) => word.text).join(' ');
  if (lines.length === 0 || lines.length > LEGEND_LINES || CAPTION_START.test(text)) return false;
  // One line holds several entries when they are far apart ("— Revenue    — Costs").
  const entries = lines.flatMap((line) => splitAtGaps(line.words));
  if (entries.length < 2) return false;
  return entries.every((entry) => {
    const entryText = entry.map((word) => word.text).join(' ');
    // "(a) Input": subfigure labels, not a legend.
    return (
      entry.length <= LEGEND_WORDS &&
      entryText.length <= LEGEND_CHARS &&
      !/[.;:]$/u.test(entryText) &&
      !SUBFIGURE.test(entryText)
    );
  });
}

/** A line's words cut wherever two neighbours are more than two line heights apart. */
function splitAtGaps(words: Word[]): Word[][] {
  const height = median(words.map((word) => boxOf(word).height));
  const parts: Word[][] = [];
  for (const word of words) {
    const last = parts[parts.length - 1];
    const previous = last?.[last.length - 1];
    if (last && previous && boxOf(word).left - rightOf(boxOf(previous)) <= 2 * height) last.push(word);
    else parts.push([word]);
  }
  return parts;
}

/** Whether `box` lies in `picture` or right beside it (within `gap`), across from it on the other axis. */
function belongsTo(box: BBox, picture: BBox, gap: number): boolean {
  if (fractionInside(box, picture) >= LEGEND_INSIDE) return true;
  const horizontal = overlapLength(box.left, rightOf(box), picture.left, rightOf(picture)) > 0;
  const vertical = overlapLength(box.top, bottomOf(box), picture.top, bottomOf(picture)) > 0;
  const below = box.top - bottomOf(picture);
  const above = picture.top - bottomOf(box);
  const right = box.left - rightOf(picture);
  const left = picture.left - rightOf(box);
  return (
    (horizontal && ((below >= 0 && below <= gap) || (above >= 0 && above <= gap))) ||
    (vertical && ((right >= 0 && right <= gap) || (left >= 0 && left <= gap)))
  );
}

/**
 * Sets `fineType` on the segments of one laid-out page where it says more than the v1 type:
 * PageNumber (page furniture that is a page number), GraphicalItem (a Picture smaller than 1.5%
 * of the page with at most three words: logos, icons, stamps), Legend (a text segment of short
 * labels in or right beside a Picture that is not a graphical item). LineNumber and FormRegion
 * segments are made with theirs (splitLineNumbers, splitFormRegions). In place; returns them.
 */
export function markFineTypes(segments: Segment[], page: { width: number; height: number }): Segment[] {
  const pageArea = page.width * page.height;
  for (const segment of segments) {
    if (segment.fineType !== undefined) continue;
    const furniture = furnitureFineType(segment);
    if (furniture !== undefined) segment.fineType = furniture;
    else if (
      segment.segmentType === 'Picture' &&
      areaOf(segment.bbox ?? EMPTY_BOX) < GRAPHIC_SHARE * pageArea &&
      segment.words.length <= GRAPHIC_WORDS
    )
      segment.fineType = 'GraphicalItem';
  }
  const pictures = segments.filter((segment) => segment.segmentType === 'Picture' && segment.fineType === undefined);
  for (const segment of segments) {
    if (segment.fineType !== undefined || !TEXT_TYPES.has(segment.segmentType) || segment.words.length === 0) continue;
    const box = segment.bbox ?? EMPTY_BOX;
    const gap = LEGEND_GAP_LINES * median(segment.words.map((word) => boxOf(word).height));
    if (pictures.some((picture) => belongsTo(box, picture.bbox ?? EMPTY_BOX, gap)) && readsAsLegend(segment))
      segment.fineType = 'Legend';
  }
  return segments;
}
