import type { BBox } from '@folio/proto/common/v1';

/** A rectangle of whole pixels inside a page image. */
export interface PixelWindow {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Margin around each region of unexplained ink, as a share of the page's longer side (40 pixels on
 * a page 2,000 high): the lines there reach a little past the inked cells, and the detector needs a
 * little paper around a line to find its edges.
 */
const WINDOW_MARGIN_SHARE = 0.02;

/**
 * Above this share of the page's area the windows are not worth cutting: one pass over the whole
 * page costs about what the windows would, and sees the lines that cross their edges.
 */
const WHOLE_PAGE_SHARE = 0.5;

/** `region` grown by the window margin on every side and clipped to a page of `width` x `height`. */
export function windowAround(region: BBox, width: number, height: number): PixelWindow {
  const margin = Math.ceil(WINDOW_MARGIN_SHARE * Math.max(width, height));
  const left = Math.max(0, Math.floor(region.left - margin));
  const top = Math.max(0, Math.floor(region.top - margin));
  return {
    left,
    top,
    width: Math.min(width, Math.ceil(region.left + region.width + margin)) - left,
    height: Math.min(height, Math.ceil(region.top + region.height + margin)) - top,
  };
}

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

/** The windows with each group of overlapping ones replaced by their union, until none overlap. */
export function mergeOverlapping(windows: readonly PixelWindow[]): PixelWindow[] {
  let merged = [...windows];
  for (let changed = true; changed;) {
    changed = false;
    const next: PixelWindow[] = [];
    for (const window of merged) {
      const index = next.findIndex((other) => overlaps(other, window));
      if (index < 0) next.push(window);
      else {
        next[index] = union(next[index]!, window);
        changed = true;
      }
    }
    merged = next;
  }
  return merged;
}

/**
 * Where the text detector has to look on a page whose text layer explains all but `regions`
 * (`unexplainedInk`): each region grown by a margin and clipped to the page, overlapping ones
 * merged until none overlap. The whole page when the windows would cover half of it or more, or
 * when there is no region (the caller has nothing to explain then, but the answer stays a cover).
 */
export function detectionWindows(regions: readonly BBox[], width: number, height: number): PixelWindow[] {
  const page = { left: 0, top: 0, width, height };
  const windows = mergeOverlapping(regions.map((region) => windowAround(region, width, height)));
  const area = windows.reduce((sum, window) => sum + window.width * window.height, 0);
  if (windows.length === 0 || area >= WHOLE_PAGE_SHARE * width * height) return [page];
  return windows;
}
