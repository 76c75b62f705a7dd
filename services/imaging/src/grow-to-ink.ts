// Growing a box over the ink beside it: a formula of a scanned page boxed from its OCR words.
import type { Box } from './box.js';
import { luma, type RgbImage } from './rgb-image.js';

/** Darker than this is ink when growing a box (anti-aliased edges included). */
const INK_LEVEL = 160;
/** A column holding at least this many ink pixels is ink (a speck of grain is not). */
const INK_PIXELS = 2;
/** A box grows sideways over ink columns at most this share of its line height apart (an integral sign stands off its integrand)... */
const SIDE_GAP_SHARE = 0.6;
/** ...and what it took in sideways grows up and down over ink rows at most this share apart (the sign's hooks, its limits). */
const END_GAP_SHARE = 0.25;

/**
 * The box grown over the ink beside it: a scanned display's words come from OCR, which reads no
 * integral sign, big operator or bracket, and a box fitted to the words cuts them off (and their
 * limits). It grows sideways while ink columns in its rows follow one another at most
 * SIDE_GAP_SHARE of `size` apart (the height of its lines; the box's own by default); then the columns it took in grow up and down while ink rows
 * follow at most END_GAP_SHARE apart. The box's own columns never grow up or down: a display set
 * close under another would take it in.
 */
export function growToInk(image: RgbImage, box: Box, size = box.height): Box {
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
  const sideGap = Math.max(2, Math.round(SIDE_GAP_SHARE * size));
  const column = (x: number): boolean => inkIn(x, x + 1, top, bottom);
  const left = reach(ownLeft, -1, image.width, sideGap, column);
  const right = reach(ownRight, 1, image.width, sideGap, column);
  const endGap = Math.max(2, Math.round(END_GAP_SHARE * size));
  const row = (y: number): boolean => inkIn(left, ownLeft, y, y + 1) || inkIn(ownRight + 1, right + 1, y, y + 1);
  const grownTop = reach(top, -1, image.height, endGap, row);
  const grownBottom = reach(bottom - 1, 1, image.height, endGap, row);
  return { left, top: grownTop, width: right + 1 - left, height: grownBottom + 1 - grownTop };
}
