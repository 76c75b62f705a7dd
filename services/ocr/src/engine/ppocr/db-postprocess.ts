import { convexHull, expandRect, minAreaRect, type Point, type RotatedRect } from './geometry.js';

/** DB post-processing settings; defaults are RapidOCR 3.10's for PP-OCRv6. */
export interface DbOptions {
  /** Probability above which a map pixel counts as text. */
  threshold: number;
  /** Minimum mean probability inside a candidate box. */
  boxThreshold: number;
  /** How much to grow the shrunk text kernels back (area * ratio / perimeter). */
  unclipRatio: number;
  /** Boxes with a shorter side below this (map pixels) are noise. */
  minSize: number;
  maxCandidates: number;
  /** Dilate the binary map by one pixel, which joins characters that DB split. */
  dilate: boolean;
}

export const DEFAULT_DB_OPTIONS: DbOptions = {
  threshold: 0.3,
  boxThreshold: 0.5,
  unclipRatio: 1.6,
  minSize: 3,
  maxCandidates: 1000,
  dilate: true,
};

/** A probability map as the detector returns it: `width * height` values in 0..1, row-major. */
export interface ProbabilityMap {
  width: number;
  height: number;
  data: Float32Array;
}

function binarize(map: ProbabilityMap, options: DbOptions): Uint8Array {
  const { width, height, data } = map;
  const bitmap = new Uint8Array(width * height);
  for (let i = 0; i < bitmap.length; i += 1) bitmap[i] = data[i]! > options.threshold ? 1 : 0;
  if (!options.dilate) return bitmap;
  // OpenCV's dilate with a 2x2 kernel: a pixel is set when it or its left/upper neighbours are.
  const dilated = new Uint8Array(bitmap.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      dilated[i] =
        bitmap[i]! |
        (x > 0 ? bitmap[i - 1]! : 0) |
        (y > 0 ? bitmap[i - width]! : 0) |
        (x > 0 && y > 0 ? bitmap[i - width - 1]! : 0);
    }
  }
  return dilated;
}

/**
 * Labels 8-connected components of the bitmap and returns, for each, the corners of its pixels'
 * row spans: enough for the convex hull (a hull depends only on each row's extreme pixels), and
 * far cheaper than tracing contours.
 */
function componentOutlines(bitmap: Uint8Array, width: number, height: number, maxCandidates: number): Point[][] {
  const visited = new Uint8Array(bitmap.length);
  const stack = new Int32Array(bitmap.length);
  const rowMin = new Int32Array(height);
  const rowMax = new Int32Array(height);
  // rowStamp[y] names the component whose span rowMin/rowMax[y] hold; 0 is "none yet".
  const rowStamp = new Int32Array(height);
  let stamp = 0;
  const outlines: Point[][] = [];
  for (let start = 0; start < bitmap.length && outlines.length < maxCandidates; start += 1) {
    if (bitmap[start] === 0 || visited[start] === 1) continue;
    stamp += 1;
    let top = height;
    let bottom = -1;
    let size = 0;
    stack[size++] = start;
    visited[start] = 1;
    while (size > 0) {
      const index = stack[--size]!;
      const x = index % width;
      const y = (index - x) / width;
      if (rowStamp[y] !== stamp) {
        // First pixel of this component on row y.
        rowStamp[y] = stamp;
        rowMin[y] = x;
        rowMax[y] = x;
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
      if (x < rowMin[y]!) rowMin[y] = x;
      if (x > rowMax[y]!) rowMax[y] = x;
      for (let dy = -1; dy <= 1; dy += 1) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx += 1) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const next = ny * width + nx;
          if (bitmap[next] === 1 && visited[next] === 0) {
            visited[next] = 1;
            stack[size++] = next;
          }
        }
      }
    }
    const points: Point[] = [];
    for (let y = top; y <= bottom; y += 1) {
      if (rowStamp[y] !== stamp) continue;
      // Pixel corners, so a one-row component still has a height of one pixel.
      points.push(
        { x: rowMin[y]!, y },
        { x: rowMax[y]! + 1, y },
        { x: rowMin[y]!, y: y + 1 },
        { x: rowMax[y]! + 1, y: y + 1 },
      );
    }
    outlines.push(points);
  }
  return outlines;
}

/** Mean probability of the map pixels whose centres fall inside the rectangle ("fast" score). */
function rectScore(map: ProbabilityMap, rect: RotatedRect): number {
  const [tl, tr, , bl] = rect.quad;
  const ux = tr.x - tl.x;
  const uy = tr.y - tl.y;
  const vx = bl.x - tl.x;
  const vy = bl.y - tl.y;
  const uu = ux * ux + uy * uy;
  const vv = vx * vx + vy * vy;
  const xs = rect.quad.map((p) => p.x);
  const ys = rect.quad.map((p) => p.y);
  const x0 = Math.max(0, Math.floor(Math.min(...xs)));
  const x1 = Math.min(map.width - 1, Math.ceil(Math.max(...xs)));
  const y0 = Math.max(0, Math.floor(Math.min(...ys)));
  const y1 = Math.min(map.height - 1, Math.ceil(Math.max(...ys)));
  let sum = 0;
  let count = 0;
  for (let y = y0; y <= y1; y += 1) {
    for (let x = x0; x <= x1; x += 1) {
      const px = x + 0.5 - tl.x;
      const py = y + 0.5 - tl.y;
      const u = px * ux + py * uy;
      const v = px * vx + py * vy;
      if (u >= 0 && u <= uu && v >= 0 && v <= vv) {
        sum += map.data[y * map.width + x]!;
        count += 1;
      }
    }
  }
  return count === 0 ? 0 : sum / count;
}

/**
 * DB (Differentiable Binarization) post-processing: binarize the probability map, take each
 * connected text kernel's minimum-area rectangle, drop small or low-scoring ones, and grow the
 * survivors back to the full text extent ("unclip"). Boxes are in map pixels.
 */
export function extractTextRects(map: ProbabilityMap, options: DbOptions = DEFAULT_DB_OPTIONS): RotatedRect[] {
  const bitmap = binarize(map, options);
  const rects: RotatedRect[] = [];
  for (const outline of componentOutlines(bitmap, map.width, map.height, options.maxCandidates)) {
    const kernel = minAreaRect(convexHull(outline));
    if (Math.min(kernel.width, kernel.height) < options.minSize) continue;
    if (rectScore(map, kernel) < options.boxThreshold) continue;
    const margin = (kernel.width * kernel.height * options.unclipRatio) / (2 * (kernel.width + kernel.height));
    const grown = expandRect(kernel, margin);
    if (Math.min(grown.width, grown.height) < options.minSize + 2) continue;
    rects.push(grown);
  }
  return rects;
}
