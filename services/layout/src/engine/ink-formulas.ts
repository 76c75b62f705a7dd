import { decodePng, luma, type RgbImage } from '@folio/imaging';
import type { BBox } from '@folio/proto/common/v1';
import type { Segment, Word } from '@folio/proto/documents/v1';
import {
  EMPTY_BOX,
  areLevel,
  areaOf,
  bottomOf,
  centerOf,
  containsPoint,
  gapAcross,
  gapDown,
  median,
  padBox,
  rightOf,
  unionBox,
} from './geometry.js';
import { wordsByLine } from './lines.js';
import { orderWords } from './reading-order.js';
import type { IdFactory } from './segmenter.js';

/**
 * Display formulas drawn with no text: MathJax's SVG output printed from a browser, an equation
 * pasted as a vector picture (Word's EMF equations), a formula outlined by its typesetter. The
 * page has a text layer, but the display is ink no glyph explains, and the detector, seeing a
 * formula without the text it learned them by, types it a Picture or misses it. Here such ink is
 * found between the page's words: marks of about a letter's size, several of them, in a group a
 * few lines tall at most, with nothing in it that a picture draws (a frame, a filled shape, a
 * long stroke); each group becomes a Formula, whose LaTeX the OCR stage's formula recognizer
 * reads from the page image.
 */

/** Darker than this is ink (anti-aliased edges included), as growToInk has it. */
const INK_LEVEL = 160;
/** Marks of fewer cells (two by two pixels) are specks. */
const SPECK_CELLS = 2;
/** Past this many marks the page is a drawing or a scan's texture, not formulas among text. */
const MAX_MARKS = 4_000;
/** Marks join one group across this share of the body's line height sideways... */
const JOIN_ACROSS = 1.2;
/** ...and this share up or down (a fraction's parts, a sum's limits). */
const JOIN_DOWN = 0.6;
/** A formula's height in body line heights: a lone line of symbols up to a tall fraction or matrix. */
const MIN_HEIGHT = 0.7;
const MAX_HEIGHT = 6;
/** Its width: a few symbols at least, and short of the page's width. */
const MIN_WIDTH = 1.5;
const MAX_WIDTH_SHARE = 0.85;
/** Marks of a formula: symbols, at least this many. */
const MIN_MARKS = 3;
/** The median mark is about a letter's size (its height in line heights)... */
const MARK_HEIGHT = { min: 0.25, max: 1.4 };
/** ...and none is taller than a big operator or a stretched bracket. */
const MAX_MARK_HEIGHT = 4.5;
/**
 * Ink covering more of a group's box than this is a filled shape; less, hairlines. Counted in
 * half-resolution cells, which thicken every stroke: type covers about 0.2 to 0.45 of its box so.
 */
const INK_DENSITY = { min: 0.02, max: 0.55 };
/** A mark whose box is this much of its group's is a frame or a drawing, unless it is a rule (a fraction's bar). */
const FRAME_SHARE = 0.5;
/** The page's top and bottom bands hold logos and running lines, not displays. */
const MARGIN_SHARE = 0.06;
/** Types whose box is their ink (a figure, a table grid, a formula), not room for words. */
const OWN_INK = new Set(['Picture', 'Table', 'Formula']);
/** How much a gap across counts against a gap down when a display looks for the segment above it. */
const ACROSS_WEIGHT = 0.25;
/** A display stands at least this far (in line heights) below or above the words over or under it. */
const CLEARANCE = 0.2;
/** Marks closer than this to a word on their row (in line heights) are inline mathematics. */
const INLINE_GAP = 3;
/** A detector this sure of a Picture is left its figure. */
const SURE_PICTURE = 0.5;

interface Mark {
  box: BBox;
  pixels: number;
}

/**
 * Connected marks of ink (8-neighbours) outside the masked rectangles, between rows `top` and
 * `bottom`, found at half the image's resolution (a cell is ink when any of its four pixels is:
 * a hairline rule stays whole) as runs of ink cells per row joined with the runs they touch in
 * the row above. Boxes and pixel counts are in the image's pixels. Null past MAX_MARKS.
 */
function inkMarks(image: RgbImage, masked: BBox[], top: number, bottom: number): Mark[] | null {
  const { width, rgb } = image;
  const cols = Math.ceil(width / 2);
  const rows = Math.ceil((bottom - top) / 2);
  const ink = new Uint8Array(cols * rows);
  for (let y = top; y < bottom; y += 1) {
    const row = ((y - top) >> 1) * cols;
    for (let x = 0, at = y * width * 3; x < width; x += 1, at += 3)
      if (luma(rgb, at) < INK_LEVEL) ink[row + (x >> 1)] = 1;
  }
  for (const box of masked) {
    const x0 = Math.max(0, Math.floor(box.left / 2));
    const x1 = Math.min(cols, Math.ceil(rightOf(box) / 2));
    const y0 = Math.max(0, Math.floor((box.top - top) / 2));
    const y1 = Math.min(rows, Math.ceil((bottomOf(box) - top) / 2));
    if (x1 > x0) for (let y = y0; y < y1; y += 1) ink.fill(0, y * cols + x0, y * cols + x1);
  }
  // Runs of ink cells: row, first and last column; parent links for union-find.
  const runRow: number[] = [];
  const runStart: number[] = [];
  const runEnd: number[] = [];
  const parent: number[] = [];
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  let previousFirst = 0;
  for (let y = 0; y < rows; y += 1) {
    const first = runRow.length;
    for (let x = 0; x < cols; x += 1) {
      if (ink[y * cols + x] === 0) continue;
      const start = x;
      while (x + 1 < cols && ink[y * cols + x + 1] === 1) x += 1;
      const id = runRow.length;
      runRow.push(y);
      runStart.push(start);
      runEnd.push(x);
      parent.push(id);
      for (let above = previousFirst; above < first; above += 1)
        if (runEnd[above]! >= start - 1 && runStart[above]! <= x + 1) parent[find(above)] = find(id);
    }
    previousFirst = first;
    if (runRow.length > 50 * MAX_MARKS) return null;
  }
  const byRoot = new Map<number, { left: number; right: number; up: number; down: number; cells: number }>();
  for (let id = 0; id < runRow.length; id += 1) {
    const root = find(id);
    const mark = byRoot.get(root);
    const cells = runEnd[id]! - runStart[id]! + 1;
    if (mark) {
      mark.left = Math.min(mark.left, runStart[id]!);
      mark.right = Math.max(mark.right, runEnd[id]!);
      mark.up = Math.min(mark.up, runRow[id]!);
      mark.down = Math.max(mark.down, runRow[id]!);
      mark.cells += cells;
    } else byRoot.set(root, { left: runStart[id]!, right: runEnd[id]!, up: runRow[id]!, down: runRow[id]!, cells });
  }
  const marks = [...byRoot.values()]
    .filter((mark) => mark.cells >= SPECK_CELLS)
    .map((mark) => ({
      box: {
        left: 2 * mark.left,
        top: top + 2 * mark.up,
        width: 2 * (mark.right + 1 - mark.left),
        height: 2 * (mark.down + 1 - mark.up),
      },
      pixels: 4 * mark.cells,
    }));
  return marks.length > MAX_MARKS ? null : marks;
}

/** Marks gathered into groups: near each other across or up and down, by the body's line height. */
function groupMarks(marks: Mark[], lineHeight: number): Mark[][] {
  const parent = marks.map((_, index) => index);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const order = marks.map((_, index) => index).sort((a, b) => marks[a]!.box.left - marks[b]!.box.left);
  const across = JOIN_ACROSS * lineHeight;
  const down = JOIN_DOWN * lineHeight;
  // Sorted by left edge: a mark's neighbours start at most `across` right of its right edge.
  for (let i = 0; i < order.length; i += 1) {
    const a = marks[order[i]!]!.box;
    for (let j = i + 1; j < order.length; j += 1) {
      const b = marks[order[j]!]!.box;
      if (b.left - rightOf(a) > across) break;
      if (gapAcross(a, b) <= across && gapDown(a, b) <= down) parent[find(order[i]!)] = find(order[j]!);
    }
  }
  const groups = new Map<number, Mark[]>();
  marks.forEach((mark, index) => groups.set(find(index), [...(groups.get(find(index)) ?? []), mark]));
  return [...groups.values()];
}

const boxOfMarks = (marks: Mark[]): BBox => unionBox(marks.map((mark) => mark.box));

/** Whether a group of marks looks like a display formula rather than a drawing (see the constants). */
function looksLikeFormula(marks: Mark[], lineHeight: number, pageWidth: number): boolean {
  if (marks.length < MIN_MARKS) return false;
  const box = boxOfMarks(marks);
  if (box.height < MIN_HEIGHT * lineHeight || box.height > MAX_HEIGHT * lineHeight) return false;
  if (box.width < MIN_WIDTH * lineHeight || box.width > MAX_WIDTH_SHARE * pageWidth) return false;
  const heights = marks.map((mark) => mark.box.height);
  const typical = median(heights);
  if (typical < MARK_HEIGHT.min * lineHeight || typical > MARK_HEIGHT.max * lineHeight) return false;
  if (Math.max(...heights) > MAX_MARK_HEIGHT * lineHeight) return false;
  const density = marks.reduce((sum, mark) => sum + mark.pixels, 0) / areaOf(box);
  if (density < INK_DENSITY.min || density > INK_DENSITY.max) return false;
  // A fraction's bar or an overline is a rule: wide but a hairline.
  const isRule = (mark: Mark): boolean => mark.box.height <= 0.15 * lineHeight;
  return !marks.some((mark) => !isRule(mark) && areaOf(mark.box) > FRAME_SHARE * areaOf(box));
}

/**
 * Where a new segment goes in reading order: right after the segment just above it, the nearest
 * by the gap down plus a share of any gap across (the lead-in line over a display, though shorter
 * than the display is wide, and in its own column, not the other column's); at the top when
 * nothing is above it.
 */
function insertionIndex(segments: Segment[], box: BBox): number {
  let best = -1;
  let bestDistance = Infinity;
  segments.forEach((segment, at) => {
    const other = segment.bbox ?? EMPTY_BOX;
    if (bottomOf(other) > box.top + box.height / 2) return;
    const distance = Math.max(0, box.top - bottomOf(other)) + ACROSS_WEIGHT * Math.max(0, gapAcross(box, other));
    if (distance < bestDistance) [best, bestDistance] = [at, distance];
  });
  return best + 1;
}

/** A Text segment for each run of lines of `words` that no display cuts. */
function textBetween(words: Word[], displays: BBox[], newId: IdFactory): Segment[] {
  const runs: Word[][][] = [];
  let previous: BBox | null = null;
  for (const line of wordsByLine(words).sort((a, b) => unionBox(boxesOf(a)).top - unionBox(boxesOf(b)).top)) {
    const box = unionBox(boxesOf(line));
    const cut =
      previous !== null &&
      displays.some((display) => display.top >= bottomOf(previous!) && bottomOf(display) <= box.top + box.height / 2);
    if (previous === null || cut) runs.push([]);
    runs.at(-1)!.push(line);
    previous = box;
  }
  return runs.map((lines) => {
    const runWords = lines.flat();
    return {
      segmentId: newId(),
      segmentType: 'Text',
      bbox: unionBox(boxesOf(runWords)),
      words: orderWords(runWords),
      tableHtml: '',
    };
  });
}

const boxesOf = (words: Word[]): BBox[] => words.map((word) => word.bbox ?? EMPTY_BOX);

/**
 * The page's segments with a Formula for each display drawn without text (see above). An unsure
 * Picture that is such displays is replaced by them and the text between them; any other segment keeps its ink. `png` is
 * the page image; `words` (the text layer's) and `images` (its raster images) are in its pixels.
 */
export function gatherInkFormulas(
  segments: Segment[],
  png: Uint8Array,
  words: Word[],
  images: readonly BBox[],
  newId: IdFactory,
): Segment[] {
  const lineHeight = median(words.map((word) => word.bbox?.height ?? 0).filter((height) => height > 0));
  if (lineHeight <= 0) return segments;
  const isOpenPicture = (segment: Segment): boolean =>
    segment.segmentType === 'Picture' && (segment.confidence ?? 0) < SURE_PICTURE;
  // A figure's, a table's or a formula's ink is its own, but a Picture the detector was unsure of
  // may be displays it took for one (with the lines of text between them); text owns the ink of
  // its words (its box may be a detector's guess reaching over the displays between its lines).
  const owned = segments.filter((segment) => OWN_INK.has(segment.segmentType) && !isOpenPicture(segment));
  const masked = [
    ...words.map((word) => padBox(word.bbox ?? EMPTY_BOX, 0.15 * lineHeight)),
    ...images,
    ...owned.map((segment) => segment.bbox ?? EMPTY_BOX),
  ];
  const image = decodePng(png);
  const top = Math.round(MARGIN_SHARE * image.height);
  const bottom = Math.round((1 - MARGIN_SHARE) * image.height);
  const marks = inkMarks(image, masked, top, bottom);
  if (marks === null || marks.length === 0) return segments;
  // A display stands alone on its row, clear of the lines above and below it; marks beside a
  // sentence's words are inline mathematics, marks against its lines a script's diacritics (an
  // Arabic text's vowels) or accents the words' boxes leave out.
  const besideWords = (box: BBox): boolean =>
    words.some((word) => {
      const other = word.bbox ?? EMPTY_BOX;
      if (areLevel(box, other)) return gapAcross(box, other) < INLINE_GAP * lineHeight;
      return gapAcross(box, other) < 0 && gapDown(box, other) < CLEARANCE * lineHeight;
    });
  const groups = groupMarks(marks, lineHeight).map((group) => {
    const box = padBox(boxOfMarks(group), 1);
    return { box, formula: looksLikeFormula(group, lineHeight, image.width) && !besideWords(box) };
  });
  if (!groups.some((group) => group.formula)) return segments;
  const inside = (segment: Segment): typeof groups =>
    groups.filter((group) => containsPoint(segment.bbox ?? EMPTY_BOX, centerOf(group.box)));
  // An unsure Picture whose ink is all displays is those displays (the detector's boxes around
  // them are loose) and the text between them; one with anything else in it is a drawing, and
  // keeps whatever it holds.
  const pictures = segments.filter(isOpenPicture);
  const isDisplays = (picture: Segment): boolean => {
    const held = inside(picture);
    return held.length > 0 && held.every((group) => group.formula);
  };
  const replaced = new Set(pictures.filter(isDisplays));
  const inDrawing = new Set(pictures.filter((picture) => !replaced.has(picture)).flatMap(inside));
  const fresh = groups.filter((group) => group.formula && !inDrawing.has(group)).map((group) => group.box);
  let result = segments.flatMap((segment) =>
    replaced.has(segment) ? textBetween(segment.words, fresh, newId) : [segment],
  );
  for (const box of fresh.sort((a, b) => a.top - b.top)) {
    const formula: Segment = { segmentId: newId(), segmentType: 'Formula', bbox: box, words: [], tableHtml: '' };
    const at = insertionIndex(result, box);
    result = [...result.slice(0, at), formula, ...result.slice(at)];
  }
  return result;
}
