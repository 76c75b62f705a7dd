import { decodePng, luma, type Rect, type RgbImage } from '@folio/imaging';
import type { BBox } from '@folio/proto/common/v1';
import type { Word } from '@folio/proto/documents/v1';
import { median, padBox } from './geometry.js';
import { rectOf } from './pixel-rect.js';

/**
 * A pixel is ink when it is this share darker than the mean around it (a square one line height
 * out on each side): paper in a photo's shadow stays paper, and the inside of a filled band is no
 * darker than its surroundings.
 */
const INK_UNDER_MEAN = 0.12;
/**
 * Where the mean around a pixel is darker than this (luminance), the pixel lies on a dark fill,
 * not on paper: the gaps between the letters of a header printed white on black are no rules.
 */
const MIN_PAPER_LEVEL = 128;
/** A rule may break for this many pixels (a crossing stroke, a scanner's dropout) and go on. */
const MAX_BREAK = 3;
/** A rule runs over this many line heights at least: across a cell (a letter's stroke never does). */
const MIN_RULE = 1.5;
/**
 * At least this share of a rule's length outside the words it passes under is ink, and at least
 * this share of MIN_RULE (see rulesInPixels).
 */
const MIN_INK_SHARE = 0.5;
/** Pieces of one rule (see joinedCollinear) lie at most this many line heights across from each other. */
const JOIN_OFFSET = 0.5;
/** A run on a neighbouring line of pixels this close continues a rule drawn askew or thick. */
const NEXT_LINE = 2;
/**
 * A rule's stroke (its ink over its length) is at most this share of a line height, and at least
 * MIN_THICK pixels: thicker ink is a fill, not a rule.
 */
const MAX_STROKE = 0.3;
const MIN_THICK = 3;

/** Words are masked this many line heights beyond their boxes (a letter's stem at a box's edge). */
const WORD_MARGIN = 0.1;

/** What a pixel of the mask is: paper, ink, or under a word (text: neither a rule nor a break in one). */
const PAPER = 0;
const INK = 1;
const WORD = 2;

/** A rule being followed along one axis: where it runs, the lines of pixels it has reached, its ink. */
interface OpenRule {
  start: number;
  end: number;
  first: number;
  last: number;
  ink: number;
}

/**
 * Pieces of rules on one line of pixels (`at(i)` is PAPER, INK or WORD): runs of ink, breaks of
 * paper up to MAX_BREAK bridged and words passed over, starting and ending in ink, at least
 * `minPiece` long with MIN_INK_SHARE of what lies outside words ink (and of `minPiece` at least);
 * [start, end, ink].
 */
function piecesOnLine(length: number, at: (index: number) => number, minPiece: number): [number, number, number][] {
  const pieces: [number, number, number][] = [];
  let start = -1;
  let lastInk = -1;
  let lastSolid = -1;
  let ink = 0;
  let masked = 0;
  let maskedToLastInk = 0;
  const close = (): void => {
    const end = lastInk + 1;
    const seen = end - start - maskedToLastInk;
    if (end - start >= minPiece && ink >= MIN_INK_SHARE * Math.max(seen, minPiece)) pieces.push([start, end, ink]);
  };
  for (let index = 0; index <= length; index += 1) {
    const kind = index < length ? at(index) : PAPER;
    if (kind === PAPER) {
      if (start >= 0 && index - lastSolid > MAX_BREAK) {
        close();
        start = -1;
      }
      continue;
    }
    lastSolid = index;
    if (kind === WORD) {
      if (start >= 0) masked += 1;
      continue;
    }
    if (start < 0) {
      start = index;
      ink = 0;
      masked = 0;
    }
    lastInk = index;
    maskedToLastInk = masked;
    ink += 1;
  }
  if (start >= 0) close();
  return pieces;
}

/**
 * Rules along one axis: the pieces of every line of pixels (`lines` of them, `length` long), a
 * piece joining a rule it meets within NEXT_LINE lines (a rule drawn thick, or askew on a scan:
 * a staircase of runs); rules whose ink over their length is a stroke no thicker than MAX_STROKE.
 * Returned as [start, end, first line, last line].
 */
function rulesAlong(
  lines: number,
  length: number,
  at: (line: number, index: number) => number,
  lineHeight: number,
): [number, number, number, number][] {
  const minRule = MIN_RULE * lineHeight;
  const maxStroke = Math.max(MIN_THICK, MAX_STROKE * lineHeight);
  const open: OpenRule[] = [];
  const done: OpenRule[] = [];
  for (let line = 0; line < lines; line += 1) {
    for (let index = open.length - 1; index >= 0; index -= 1)
      if (line - open[index]!.last > NEXT_LINE) done.push(...open.splice(index, 1));
    for (const [start, end, ink] of piecesOnLine(length, (i) => at(line, i), minRule)) {
      const rule = open.find((candidate) => start <= candidate.end + MAX_BREAK && end >= candidate.start - MAX_BREAK);
      if (rule) {
        rule.start = Math.min(rule.start, start);
        rule.end = Math.max(rule.end, end);
        rule.last = line;
        rule.ink += ink;
      } else open.push({ start, end, first: line, last: line, ink });
    }
  }
  done.push(...open);
  const thin = done.filter((rule) => rule.ink / (rule.end - rule.start) <= maxStroke);
  return joinedCollinear(thin, lineHeight).map((rule) => [rule.start, rule.end, rule.first, rule.last]);
}

/**
 * Rules that go on one another: one starting within a line height of where the other ends (not
 * beside it: two rules a few pixels apart stay two), at most JOIN_OFFSET line heights across from
 * it, are one rule (a rule on a skewed scan, broken at a
 * faint stretch or a crossing, goes on a few pixels aside).
 */
function joinedCollinear(rules: OpenRule[], lineHeight: number): OpenRule[] {
  const sorted = [...rules].sort((a, b) => a.start - b.start);
  const joined: OpenRule[] = [];
  for (const rule of sorted) {
    const middle = (rule.first + rule.last) / 2;
    const before = joined.find(
      (other) =>
        Math.abs(rule.start - other.end) <= lineHeight &&
        Math.abs((other.first + other.last) / 2 - middle) <= JOIN_OFFSET * lineHeight,
    );
    if (!before) joined.push({ ...rule });
    else {
      before.end = Math.max(before.end, rule.end);
      before.first = Math.min(before.first, rule.first);
      before.last = Math.max(before.last, rule.last);
      before.ink += rule.ink;
    }
  }
  return joined;
}

/**
 * The ink of `rect` in `image`, one byte a pixel (1 for ink), row by row: pixels INK_UNDER_MEAN
 * darker than the mean luminance within `radius` pixels (an adaptive threshold, from a summed
 * area table).
 */
function inkMask(image: RgbImage, rect: Rect, radius: number): Uint8Array {
  const width = rect.x1 - rect.x0;
  const height = rect.y1 - rect.y0;
  const levels = new Float64Array(width * height);
  const sums = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y += 1) {
    let index = ((rect.y0 + y) * image.width + rect.x0) * 3;
    let row = 0;
    for (let x = 0; x < width; x += 1, index += 3) {
      const level = luma(image.rgb, index);
      levels[y * width + x] = level;
      row += level;
      sums[(y + 1) * (width + 1) + x + 1] = sums[y * (width + 1) + x + 1]! + row;
    }
  }
  const ink = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const [top, bottom] = [Math.max(0, y - radius), Math.min(height, y + radius + 1)];
    for (let x = 0; x < width; x += 1) {
      const [left, right] = [Math.max(0, x - radius), Math.min(width, x + radius + 1)];
      const total =
        sums[bottom * (width + 1) + right]! -
        sums[top * (width + 1) + right]! -
        sums[bottom * (width + 1) + left]! +
        sums[top * (width + 1) + left]!;
      const mean = total / ((bottom - top) * (right - left));
      if (mean >= MIN_PAPER_LEVEL && levels[y * width + x]! < (1 - INK_UNDER_MEAN) * mean) ink[y * width + x] = INK;
    }
  }
  return ink;
}

/**
 * The ruling lines a scan shows inside `box` (page pixels), as thin boxes like the rules a text
 * layer draws: runs of ink (inkMask) at least MIN_RULE line heights long and a thin stroke, found
 * along rows for horizontal rules and along columns for vertical ones, each line of pixels seen
 * with its two neighbours (a thin rule drawn askew stays on it; the box is the rule's own). The words' boxes are masked:
 * text makes no rule, and a rule passing under a word's box goes on past it. A filled band (a
 * header in white on black) is no darker than its surroundings inside (its sides may stand as
 * rules: a table's frame).
 */
export function rulesInPixels(image: RgbImage, box: BBox, lineHeight: number, words: readonly Word[] = []): BBox[] {
  const rect = rectOf(image, box);
  if (!rect || lineHeight <= 0) return [];
  const width = rect.x1 - rect.x0;
  const height = rect.y1 - rect.y0;
  const mask = inkMask(image, rect, Math.max(1, Math.round(lineHeight)));
  const margin = Math.max(MIN_THICK, WORD_MARGIN * lineHeight);
  for (const word of words) {
    const area = word.bbox ? rectOf(image, padBox(word.bbox, margin)) : null;
    if (!area) continue;
    for (let y = Math.max(area.y0, rect.y0); y < Math.min(area.y1, rect.y1); y += 1)
      for (let x = Math.max(area.x0, rect.x0); x < Math.min(area.x1, rect.x1); x += 1)
        mask[(y - rect.y0) * width + (x - rect.x0)] = WORD;
  }
  /** Ink when any of the three pixels across the line is ink, else a word when any is, else paper. */
  const band = (a: number, b: number, c: number): number =>
    a === INK || b === INK || c === INK ? INK : a === WORD || b === WORD || c === WORD ? WORD : PAPER;
  const cell = (x: number, y: number): number =>
    x < 0 || y < 0 || x >= width || y >= height ? PAPER : mask[y * width + x]!;
  const horizontal = rulesAlong(
    height,
    width,
    (y, x) => band(cell(x, y - 1), cell(x, y), cell(x, y + 1)),
    lineHeight,
  ).map(([start, end, first, last]): BBox => ({
    left: rect.x0 + start,
    top: rect.y0 + first + 1,
    width: end - start,
    height: Math.max(1, last - first - 1),
  }));
  const vertical = rulesAlong(
    width,
    height,
    (x, y) => band(cell(x - 1, y), cell(x, y), cell(x + 1, y)),
    lineHeight,
  ).map(([start, end, first, last]): BBox => ({
    left: rect.x0 + first + 1,
    top: rect.y0 + start,
    width: Math.max(1, last - first - 1),
    height: end - start,
  }));
  return [...horizontal, ...vertical];
}

/**
 * The rules a scanned page shows in and around its detected tables (rulesInPixels over each Table
 * region grown by half a line height), so that its tables are read from their ruling as a
 * born-digital page's are from the rules its text layer draws. The page image is decoded only when
 * it has a Table.
 */
export function scannedTableRules(
  png: Uint8Array,
  regions: readonly { segmentType: string; bbox: BBox }[],
  words: readonly Word[],
): BBox[] {
  const tables = regions.filter((region) => region.segmentType === 'Table');
  if (tables.length === 0 || words.length === 0) return [];
  const lineHeight = median(words.map((word) => word.bbox?.height ?? 0));
  if (lineHeight <= 0) return [];
  const image = decodePng(png);
  return tables.flatMap((table) => rulesInPixels(image, padBox(table.bbox, lineHeight / 2), lineHeight, words));
}
