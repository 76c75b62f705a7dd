import type { RgbImage } from '@folio/imaging';
import { components, inkCellSize } from '../unexplained-ink.js';
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
/** Pixels sampled per side of the grid that finds the paper's level (every 4th row and column). */
const PAPER_SAMPLE_STEP = 4;

/** The paper's level: the median darkest channel over a sample of the page's pixels. */
function paperLevel(image: RgbImage): number {
  const counts = new Uint32Array(256);
  let total = 0;
  for (let y = 0; y < image.height; y += PAPER_SAMPLE_STEP) {
    for (let x = 0; x < image.width; x += PAPER_SAMPLE_STEP) {
      const index = (y * image.width + x) * 3;
      counts[Math.min(image.rgb[index]!, image.rgb[index + 1]!, image.rgb[index + 2]!)]! += 1;
      total += 1;
    }
  }
  let seen = 0;
  for (let level = 0; level < 256; level += 1) {
    seen += counts[level]!;
    if (seen * 2 >= total) return level;
  }
  return 255;
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
  for (let y = 0; y < height; y += 1) {
    const cellRow = Math.floor(y / cell) * columns;
    let offset = y * width * 3;
    for (let x = 0; x < width; x += 1, offset += 3) {
      const darkest = Math.min(rgb[offset]!, rgb[offset + 1]!, rgb[offset + 2]!);
      if (Math.abs(darkest - paper) >= MARK_DELTA) marked[cellRow + Math.floor(x / cell)] = 1;
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
  const bounds = {
    left: left * cell,
    top: top * cell,
    width: Math.min(width, (right + 1) * cell) - left * cell,
    height: Math.min(height, (bottom + 1) * cell) - top * cell,
  };
  return [windowAround(bounds, width, height)];
}
