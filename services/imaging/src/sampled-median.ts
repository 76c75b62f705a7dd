/** Integer pixel rectangle [x0, x1) x [y0, y1). */
export interface Rect {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** Pixels sampled for a median: it needs few. */
const MEDIAN_SAMPLES = 4096;

/**
 * The median of `valueAt` (an integer 0..255 per pixel) over about MEDIAN_SAMPLES pixels of the
 * rectangle on a grid: its paper's level, where paper covers most of it.
 */
export function sampledMedian(rect: Rect, valueAt: (x: number, y: number) => number): number {
  const histogram = new Uint32Array(256);
  const step = Math.max(1, Math.floor(Math.sqrt(((rect.x1 - rect.x0) * (rect.y1 - rect.y0)) / MEDIAN_SAMPLES)));
  let count = 0;
  for (let y = rect.y0; y < rect.y1; y += step)
    for (let x = rect.x0; x < rect.x1; x += step) {
      histogram[valueAt(x, y)]! += 1;
      count += 1;
    }
  let seen = 0;
  for (let value = 0; value < 256; value += 1) {
    seen += histogram[value]!;
    if (seen * 2 >= count) return value;
  }
  return 255;
}
