import { decodePng, luma, type RgbImage } from '@folio/imaging';
import type { BBox } from '@folio/proto/common/v1';
import type { FormulaEngine } from './formula-engine.js';
import { formulaLines, joinFormulaLines, rowsOf } from './formula-lines.js';

/** A rendered page and the boxes of its Formula segments, handed to a formula reader. */
export interface FormulaPageImage {
  pageIndex: number;
  /** The encoded page image (PNG from the render stage). */
  image: Uint8Array;
  /** Formula boxes in page pixels. */
  boxes: BBox[];
}

/**
 * Reads the LaTeX of the formulas of a page image, one string per box in order ('' for a box
 * without ink). Implementations know their model, not gRPC or storage.
 */
export interface FormulaReader {
  /** Recorded in the response, e.g. "pix2tex". */
  readonly name: string;
  /** `signal`: the caller gave up; a page still waiting for a worker is dropped. */
  readFormulas(page: FormulaPageImage, signal?: AbortSignal): Promise<string[]>;
}

/** Pixels of ink that layout boxes cut off at their edges are kept by widening each box this much. */
const MARGIN_PX = 3;

/** The RGB pixels of a box (widened by MARGIN_PX, clipped to the image); null when nothing is left. */
export function cropRgb(image: RgbImage, box: BBox): RgbImage | null {
  const left = Math.max(0, Math.floor(box.left - MARGIN_PX));
  const top = Math.max(0, Math.floor(box.top - MARGIN_PX));
  const right = Math.min(image.width, Math.ceil(box.left + box.width + MARGIN_PX));
  const bottom = Math.min(image.height, Math.ceil(box.top + box.height + MARGIN_PX));
  if (right <= left || bottom <= top) return null;
  const width = right - left;
  const height = bottom - top;
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    const start = ((top + y) * image.width + left) * 3;
    rgb.set(image.rgb.subarray(start, start + width * 3), y * width * 3);
  }
  return { width, height, rgb };
}

/** Darker than this is ink when growing a box (anti-aliased edges included). */
const INK_LEVEL = 160;
/** A column holding at least this many ink pixels is ink (a speck of grain is not). */
const INK_PIXELS = 2;
/** A box grows sideways over ink columns at most this share of its height apart (an integral sign stands off its integrand)... */
const SIDE_GAP_SHARE = 0.6;
/** ...and what it took in sideways grows up and down over ink rows at most this share apart (the sign's hooks, its limits). */
const END_GAP_SHARE = 0.25;

/**
 * The box grown over the ink beside it: a scanned display's words come from OCR, which reads no
 * integral sign, big operator or bracket, and a box fitted to the words cuts them off (and their
 * limits). It grows sideways while ink columns in its rows follow one another at most
 * SIDE_GAP_SHARE of its height apart; then the columns it took in grow up and down while ink rows
 * follow at most END_GAP_SHARE apart. The box's own columns never grow up or down: a display set
 * close under another would take it in.
 */
export function growToInk(image: RgbImage, box: BBox): BBox {
  const inkIn = (x0: number, x1: number, y0: number, y1: number): boolean => {
    let count = 0;
    for (let y = y0; y < y1; y += 1)
      for (let x = x0; x < x1; x += 1) {
        if (luma(image.rgb, (y * image.width + x) * 3) < INK_LEVEL) count += 1;
        if (count >= INK_PIXELS) return true;
      }
    return false;
  };
  /** The farthest line from `from` (stepping by `step`, below `limit`) with ink, reached over gaps of at most `gap`. */
  const reach = (from: number, step: 1 | -1, limit: number, gap: number, isInk: (at: number) => boolean): number => {
    let edge = from;
    for (let at = from + step; at >= 0 && at < limit && Math.abs(at - edge) <= gap; at += step)
      if (isInk(at)) edge = at;
    return edge;
  };
  const top = Math.max(0, Math.floor(box.top));
  const bottom = Math.min(image.height, Math.ceil(box.top + box.height));
  const ownLeft = Math.max(0, Math.floor(box.left));
  const ownRight = Math.min(image.width - 1, Math.ceil(box.left + box.width) - 1);
  const sideGap = Math.max(2, Math.round(SIDE_GAP_SHARE * box.height));
  const column = (x: number): boolean => inkIn(x, x + 1, top, bottom);
  const left = reach(ownLeft, -1, image.width, sideGap, column);
  const right = reach(ownRight, 1, image.width, sideGap, column);
  const endGap = Math.max(2, Math.round(END_GAP_SHARE * box.height));
  const row = (y: number): boolean => inkIn(left, ownLeft, y, y + 1) || inkIn(ownRight + 1, right + 1, y, y + 1);
  const grownTop = reach(top, -1, image.height, endGap, row);
  const grownBottom = reach(bottom - 1, 1, image.height, endGap, row);
  return { left, top: grownTop, width: right + 1 - left, height: grownBottom + 1 - grownTop };
}

/** Rows of a LaTeX formula: its line breaks, nested ones included, plus one. */
function rowCountOf(latex: string): number {
  return latex.split('\\\\').length;
}

/**
 * Decodes the page once and reads each box's crop with the engine, one after another; a formula
 * set on several lines that the whole reading gets wrong is read line by line (formulaLines).
 */
export async function readPageFormulas(engine: FormulaEngine, page: FormulaPageImage): Promise<string[]> {
  const image = decodePng(page.image);
  const latex: string[] = [];
  for (const box of page.boxes) {
    const crop = cropRgb(image, growToInk(image, box));
    if (crop === null) {
      latex.push('');
      continue;
    }
    const whole = await engine.read(crop);
    const lines = formulaLines(crop);
    // The whole crop's reading stands when it has as many rows as the crop has lines; a model
    // confused by the lines nests arrays and adds empty rows, and then each line is read alone.
    if (lines.length === 1 || rowCountOf(whole) === lines.length) latex.push(whole);
    else {
      const read: string[] = [];
      for (const rows of lines) read.push(await engine.read(rowsOf(crop, rows)));
      latex.push(joinFormulaLines(read));
    }
  }
  return latex;
}
