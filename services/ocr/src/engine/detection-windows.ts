import type { RgbImage } from '@folio/imaging';
import type { BBox } from '@folio/proto/common/v1';

/** A rectangle of whole image pixels. */
export interface PixelWindow {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Room around an unexplained region, as a share of the page's long side (a line's ascenders and ends). */
const WINDOW_MARGIN = 0.015;
/** Past this share of the page, one pass over the whole page costs no more than the windows. */
const MAX_WINDOW_AREA = 0.5;
/** Past this many windows, their passes' fixed costs outweigh the pixels saved. */
const MAX_WINDOWS = 8;

function overlaps(a: PixelWindow, b: PixelWindow): boolean {
  return a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;
}

function union(a: PixelWindow, b: PixelWindow): PixelWindow {
  const left = Math.min(a.left, b.left);
  const top = Math.min(a.top, b.top);
  return {
    left,
    top,
    width: Math.max(a.left + a.width, b.left + b.width) - left,
    height: Math.max(a.top + a.height, b.top + b.height) - top,
  };
}

/**
 * Where the text detector has to look on a page whose text layer explains everything but
 * `regions` (`unexplainedInk`): each region grown by a margin, overlapping ones merged. Null when
 * the windows would cover half the page or more, or be more than MAX_WINDOWS: then the whole page
 * is one pass.
 */
export function detectionWindows(
  page: { width: number; height: number },
  regions: readonly BBox[],
): PixelWindow[] | null {
  const margin = Math.ceil(WINDOW_MARGIN * Math.max(page.width, page.height));
  let windows: PixelWindow[] = regions.map((region) => {
    const left = Math.max(0, Math.floor(region.left - margin));
    const top = Math.max(0, Math.floor(region.top - margin));
    const right = Math.min(page.width, Math.ceil(region.left + region.width + margin));
    const bottom = Math.min(page.height, Math.ceil(region.top + region.height + margin));
    return { left, top, width: right - left, height: bottom - top };
  });
  // Merge until no two overlap (a merged window may reach a third one).
  for (let merged = true; merged;) {
    merged = false;
    const next: PixelWindow[] = [];
    for (const window of windows) {
      const index = next.findIndex((other) => overlaps(other, window));
      if (index < 0) next.push(window);
      else {
        next[index] = union(next[index]!, window);
        merged = true;
      }
    }
    windows = next;
  }
  const area = windows.reduce((sum, window) => sum + window.width * window.height, 0);
  if (windows.length > MAX_WINDOWS || area >= MAX_WINDOW_AREA * page.width * page.height) return null;
  return windows.filter((window) => window.width > 0 && window.height > 0);
}

/** The pixels of a window of the image (copied); the window must lie inside the image. */
export function cropPixels(image: RgbImage, window: PixelWindow): RgbImage {
  const rgb = new Uint8Array(window.width * window.height * 3);
  for (let y = 0; y < window.height; y += 1) {
    const start = ((window.top + y) * image.width + window.left) * 3;
    rgb.set(image.rgb.subarray(start, start + window.width * 3), y * window.width * 3);
  }
  return { width: window.width, height: window.height, rgb };
}
