// A display formula set on several lines ("S^n = {...}" over "= {...}") is read line by line:
// pix2tex was trained on one-line formulas, and reads a two-line crop as a nest of arrays.
import type { RgbImage } from '@folio/imaging';
import { toGray, type GrayImage } from './preprocess.js';

/** Darker than this is ink (anti-aliased edges included). */
const INK_LEVEL = 160;
/** A gap splits two lines when at least this share of the shorter of the two groups it parts... */
const MIN_GAP_SHARE = 0.3;
/** ...and each group's ink is at least this share of the whole formula's ink width (not a sum's limit). */
const MIN_LINE_WIDTH_SHARE = 0.4;
/** A formula of more lines than this is read whole (a matrix the layout boxed without its delimiters). */
const MAX_LINES = 8;

/** A band of rows with ink, [top, bottom) in crop pixels, and the columns its ink spans. */
interface Band {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The bands of rows holding ink, top to bottom, each with its ink's horizontal extent. */
function inkBands(gray: GrayImage): Band[] {
  const bands: Band[] = [];
  let current: Band | null = null;
  for (let y = 0; y < gray.height; y += 1) {
    let left = -1;
    let right = -1;
    const row = y * gray.width;
    for (let x = 0; x < gray.width; x += 1) {
      if (gray.pixels[row + x]! >= INK_LEVEL) continue;
      if (left < 0) left = x;
      right = x + 1;
    }
    if (left < 0) {
      if (current) bands.push(current);
      current = null;
    } else if (current) {
      current.bottom = y + 1;
      current.left = Math.min(current.left, left);
      current.right = Math.max(current.right, right);
    } else current = { top: y, bottom: y + 1, left, right };
  }
  if (current) bands.push(current);
  return bands;
}

function merged(bands: Band[]): Band {
  return {
    top: bands[0]!.top,
    bottom: bands.at(-1)!.bottom,
    left: Math.min(...bands.map((band) => band.left)),
    right: Math.max(...bands.map((band) => band.right)),
  };
}

/**
 * Splits bands into lines at the widest gap when it parts two groups that are each a line: the gap
 * at least MIN_GAP_SHARE of the shorter group's height (a fraction's bar sits a pixel or two from
 * its terms), each group's ink wide enough (a sum's limits are narrow); then each side again.
 */
function splitBands(bands: Band[], inkWidth: number): Band[][] {
  if (bands.length < 2) return [bands];
  let at = 1;
  for (let index = 2; index < bands.length; index += 1) {
    const gap = bands[index]!.top - bands[index - 1]!.bottom;
    if (gap > bands[at]!.top - bands[at - 1]!.bottom) at = index;
  }
  const above = merged(bands.slice(0, at));
  const below = merged(bands.slice(at));
  const gap = below.top - above.bottom;
  const shorter = Math.min(above.bottom - above.top, below.bottom - below.top);
  const wide = (band: Band): boolean => band.right - band.left >= MIN_LINE_WIDTH_SHARE * inkWidth;
  if (gap < MIN_GAP_SHARE * shorter || !wide(above) || !wide(below)) return [bands];
  return [...splitBands(bands.slice(0, at), inkWidth), ...splitBands(bands.slice(at), inkWidth)];
}

/** A band this much shorter than the tallest is a mark of its neighbour (accent dots, a bar, a prime). */
const THIN_BAND_SHARE = 0.3;

/** Bands with the thin ones joined to the nearer neighbour, so no line is parted from its accents. */
function withoutThinBands(bands: Band[]): Band[] {
  const tallest = Math.max(...bands.map((band) => band.bottom - band.top));
  const result = [...bands];
  for (;;) {
    const index = result.findIndex((band) => band.bottom - band.top < THIN_BAND_SHARE * tallest);
    if (index < 0 || result.length === 1) return result;
    const band = result[index]!;
    const above = result[index - 1];
    const below = result[index + 1];
    const toAbove = above !== undefined && (below === undefined || band.top - above.bottom <= below.top - band.bottom);
    const neighbour = toAbove ? index - 1 : index + 1;
    const [first, last] = toAbove ? [neighbour, index] : [index, neighbour];
    result.splice(first, 2, merged(result.slice(first, last + 1)));
  }
}

/**
 * The rows of each line of a formula crop, [top, bottom) top to bottom: one entry for a formula
 * on one line (or one whose lines cannot be told apart: a matrix, a fraction, stacked limits).
 */
export function formulaLines(crop: RgbImage): { top: number; bottom: number }[] {
  const found = inkBands(toGray(crop));
  if (found.length === 0) return [{ top: 0, bottom: crop.height }];
  const bands = withoutThinBands(found);
  const whole = merged(bands);
  const lines = splitBands(bands, whole.right - whole.left).map(merged);
  if (lines.length < 2 || lines.length > MAX_LINES) return [{ top: 0, bottom: crop.height }];
  // Each line takes the blank rows up to half way to its neighbours, as a layout box would.
  return lines.map((line, index) => ({
    top: index === 0 ? 0 : Math.floor((lines[index - 1]!.bottom + line.top) / 2),
    bottom: index === lines.length - 1 ? crop.height : Math.ceil((line.bottom + lines[index + 1]!.top) / 2),
  }));
}

/** Rows [top, bottom) of an image. */
export function rowsOf(image: RgbImage, rows: { top: number; bottom: number }): RgbImage {
  const width = image.width * 3;
  return {
    width: image.width,
    height: rows.bottom - rows.top,
    rgb: image.rgb.slice(rows.top * width, rows.bottom * width),
  };
}

/** The LaTeX of a formula read line by line: the lines one under another, centred. */
export function joinFormulaLines(lines: string[]): string {
  const read = lines.filter((line) => line.trim() !== '');
  if (read.length <= 1) return read[0] ?? '';
  return `\\begin{gathered} ${read.join(' \\\\ ')} \\end{gathered}`;
}
