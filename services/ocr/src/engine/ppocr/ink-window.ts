import { darkestChannel, sampledMedian, type RgbImage } from '@folio/imaging';
import { components, inkCellSize, pixelBox } from '../unexplained-ink.js';
import { windowAround, type PixelWindow } from './detection-windows.js';

/**
 * A pixel is a mark when its darkest channel differs from the paper's by at least this: dark and
 * saturated text on light paper, light text on dark paper, pale grey print (a light grey of 200 on
 * white differs by 55); only a tint fainter than any text the detector reads stays paper.
 */
const MARK_DELTA = 24;
/**
 * Groups of marked cells at most this many cells on either side are dust or scanner noise (10
 * pixels on a page 2,000 high, under 4 points): a page number's digit is taller.
 */
const MAX_DUST_CELLS = 2;

/** The paper's level: the median darkest channel of the page's pixels (sampledMedian). */
function paperLevel(image: RgbImage): number {
  return sampledMedian({ x0: 0, x1: image.width, y0: 0, y1: image.height }, (x, y) =>
    darkestChannel(image.rgb, (y * image.width + x) * 3),
  );
}

/**
 * Where the text detector has to look on a page it reads whole: the bounds of everything on the
 * page that is not paper, grown by the detection windows' margin, as one window; none on a page
 * with no mark at all. The detector costs per pixel and finds nothing on empty paper, so the
 * margins of a page (a fifth to a half of a typical page's area) are left out of its input, at
 * the same scale: it finds the lines the whole page gives, within a few pixels. The page is cut into
 * cells as unexplainedInk cuts it; a cell is marked when any of its pixels is a mark; dust does
 * not count.
 */
export function inkWindows(image: RgbImage): PixelWindow[] {
  const { width, height, rgb } = image;
  if (width <= 0 || height <= 0) return [];
  const paper = paperLevel(image);
  const cell = inkCellSize(width, height);
  const columns = Math.ceil(width / cell);
  const marked = new Uint8Array(columns * Math.ceil(height / cell));
  // The same cell loop as unexplainedInk's `inkedCells` with another pixel test, kept apart: one
  // loop taking the test as a function made unexplainedInk three times slower (12 -> 38-44 ms on a
  // 1,546 x 2,000 page), its call site shared by two tests.
  for (let y = 0; y < height; y += 1) {
    const cellRow = Math.floor(y / cell) * columns;
    let offset = y * width * 3;
    for (let x = 0; x < width; x += 1, offset += 3) {
      if (Math.abs(darkestChannel(rgb, offset) - paper) >= MARK_DELTA) marked[cellRow + Math.floor(x / cell)] = 1;
    }
  }
  let left = columns;
  let top = Number.POSITIVE_INFINITY;
  let right = -1;
  let bottom = -1;
  for (const component of components(marked, columns, Math.ceil(height / cell))) {
    if (component.right - component.left < MAX_DUST_CELLS && component.bottom - component.top < MAX_DUST_CELLS)
      continue;
    left = Math.min(left, component.left);
    top = Math.min(top, component.top);
    right = Math.max(right, component.right);
    bottom = Math.max(bottom, component.bottom);
  }
  if (right < 0) return [];
  return [windowAround(pixelBox({ left, top, right, bottom }, cell, width, height), width, height)];
}
