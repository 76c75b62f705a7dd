import { decodePng, encodePng } from '@folio/imaging';
import type { BBox } from '@folio/proto/common/v1';
import type { Word } from '@folio/proto/documents/v1';
import type { DetectedRegion } from './layout-engine.js';
import { textOrientation, type TextOrientation } from './table-orientation.js';

/** Fewer words than this on a page say too little about which way it runs. */
const MIN_WORDS = 12;

/**
 * Which way a page's text runs (see textOrientation): a page whose text mostly runs up or down (a
 * landscape table bound into a portrait document, a page stored turned) is shown to the layout
 * detector turned upright, as a reader turns it; the detector, trained on upright pages, boxes a
 * turned table with the prose around it or not at all (issue 41, table set: 8 of 28 turned tables
 * not found).
 */
export function pageOrientation(words: readonly Word[]): TextOrientation {
  return words.length >= MIN_WORDS ? textOrientation(words) : 'upright';
}

/**
 * The page image turned upright: clockwise for text running up the page, counter-clockwise for
 * text running down. The result is `height` wide and `width` high.
 */
export function turnImageUpright(
  png: Uint8Array,
  orientation: Exclude<TextOrientation, 'upright'>,
): { image: Uint8Array; width: number; height: number } {
  const { width, height, rgb } = decodePng(png);
  const turned = new Uint8Array(rgb.length);
  // The turned image is `height` wide: its pixel (u, v) is the page's (v, height-1-u) turned
  // clockwise, (width-1-v, u) turned counter-clockwise.
  for (let v = 0; v < width; v += 1) {
    for (let u = 0; u < height; u += 1) {
      const [x, y] = orientation === 'up' ? [v, height - 1 - u] : [width - 1 - v, u];
      const from = (y * width + x) * 3;
      const to = (v * height + u) * 3;
      turned[to] = rgb[from]!;
      turned[to + 1] = rgb[from + 1]!;
      turned[to + 2] = rgb[from + 2]!;
    }
  }
  return { image: encodePng(turned, height, width), width: height, height: width };
}

/** A box of the turned image (turnImageUpright) in the page's pixels; `page` is the page's size. */
export function boxOnPage(
  box: BBox,
  orientation: Exclude<TextOrientation, 'upright'>,
  page: { width: number; height: number },
): BBox {
  if (orientation === 'up')
    return { left: box.top, top: page.height - box.left - box.width, width: box.height, height: box.width };
  return { left: page.width - box.top - box.height, top: box.left, width: box.height, height: box.width };
}

/**
 * Regions the detector found on the turned image, in the page's pixels. A lattice (rules the
 * engine saw in a Picture) is dropped: its rule positions are in the turned frame, and a turned
 * table's rules come from the text layer.
 */
export function regionsOnPage(
  regions: readonly DetectedRegion[],
  orientation: Exclude<TextOrientation, 'upright'>,
  page: { width: number; height: number },
): DetectedRegion[] {
  return regions.map(({ lattice: _lattice, ...region }) => ({
    ...region,
    bbox: boxOnPage(region.bbox, orientation, page),
  }));
}
