import type { RgbImage } from '@folio/imaging';
import { timeInference } from '@folio/runtime';
import * as ort from 'onnxruntime-node';
import { DEFAULT_DB_OPTIONS, extractTextRects, type DbOptions } from './db-postprocess.js';
import type { PixelWindow } from './detection-windows.js';
import { orderCorners, rectOfQuad, type RotatedRect } from './geometry.js';
import { toDetectionTensor } from './rgb-image.js';

/** How the page is scaled for the detector. */
export interface DetectionSize {
  /** The longer side is scaled down to at most this many pixels (speed and memory bound). */
  maxSideLen: number;
  /** The shorter side is scaled up to at least this (small crops and thumbnails). */
  minSideLen: number;
}

/** Defaults chosen for pages rendered at scale 2 (144 dpi): see docs/models.md for timings. */
export const DEFAULT_DETECTION_SIZE: DetectionSize = { maxSideLen: 1600, minSideLen: 736 };

/**
 * Scaling when the page's text layer holds its text and the detector only looks for the lines it
 * lacks (`known`): a letter page at about 87 dpi, where body text is still 11 pixels high or
 * more, for 40% of the detector's time at DEFAULT_DETECTION_SIZE (0.31 against 0.78 s on a dense
 * ICDAR page, AVX2). The lines found are cropped from the full-resolution page for recognition.
 * Not for whole pages: their line boxes shape the layout, and detecting scans this coarsely (then
 * again at full size where the type was small) cost OmniDocBench mAP 0.730 -> 0.594.
 */
export const COARSE_DETECTION_SIZE: DetectionSize = { maxSideLen: 960, minSideLen: 736 };

/**
 * How much the page is scaled for the detector: the shorter side up to `minSideLen` when it is
 * smaller, then the longer side down to `maxSideLen` when it is bigger (the max side wins).
 */
function detectionScale(width: number, height: number, size: DetectionSize): number {
  const ratio = Math.max(1, size.minSideLen / Math.min(width, height));
  return Math.min(ratio, size.maxSideLen / Math.max(width, height));
}

/** A side scaled by `ratio` and rounded to a multiple of 32, because the DB network downsamples five times. */
function scaledSide(side: number, ratio: number): number {
  return Math.max(32, Math.round((side * ratio) / 32) * 32);
}

/**
 * Sorts lines top to bottom, then left to right among lines that share a row: two lines are on
 * the same row when their vertical centres are closer than half the smaller line height.
 */
export function sortLines(rects: RotatedRect[]): RotatedRect[] {
  const centre = (r: RotatedRect): { x: number; y: number; h: number } => {
    const ys = r.quad.map((p) => p.y);
    const xs = r.quad.map((p) => p.x);
    return { x: Math.min(...xs), y: (Math.min(...ys) + Math.max(...ys)) / 2, h: Math.max(...ys) - Math.min(...ys) };
  };
  const sorted = rects.map((rect) => ({ rect, ...centre(rect) })).sort((a, b) => a.y - b.y || a.x - b.x);
  // Insertion pass like PaddleOCR's sorted_boxes: within a row, left before right.
  for (let i = 1; i < sorted.length; i += 1) {
    for (let j = i; j > 0; j -= 1) {
      const a = sorted[j - 1]!;
      const b = sorted[j]!;
      if (Math.abs(a.y - b.y) < Math.min(a.h, b.h) / 2 && b.x < a.x) {
        sorted[j - 1] = b;
        sorted[j] = a;
      } else {
        break;
      }
    }
  }
  return sorted.map((entry) => entry.rect);
}

/**
 * Runs DB text detection on a page and returns text-line rectangles in page pixels, sorted in
 * reading order (top to bottom, left to right). With `windows`, only those parts of the page are
 * looked at, each at the scale the whole page would get (so type keeps the size the detector sees
 * on whole pages), and their lines are put together.
 */
export async function detectTextLines(
  session: ort.InferenceSession,
  image: RgbImage,
  size: DetectionSize = DEFAULT_DETECTION_SIZE,
  windows: readonly PixelWindow[] = [{ left: 0, top: 0, width: image.width, height: image.height }],
  options: DbOptions = DEFAULT_DB_OPTIONS,
): Promise<RotatedRect[]> {
  const ratio = detectionScale(image.width, image.height, size);
  const found: RotatedRect[] = [];
  for (const window of windows) {
    const input = { width: scaledSide(window.width, ratio), height: scaledSide(window.height, ratio) };
    found.push(...(await detectInWindow(session, image, window, input, options)));
  }
  return sortLines(found);
}

/** One detector pass over `window` of the image, scaled to `input`; rectangles in page pixels. */
async function detectInWindow(
  session: ort.InferenceSession,
  image: RgbImage,
  window: PixelWindow,
  input: { width: number; height: number },
  options: DbOptions,
): Promise<RotatedRect[]> {
  const tensor = new ort.Tensor('float32', toDetectionTensor(image, input.width, input.height, window), [
    1,
    3,
    input.height,
    input.width,
  ]);
  const outputs = await timeInference('ppocr-detector', () => session.run({ [session.inputNames[0]!]: tensor }));
  const output = outputs[session.outputNames[0]!];
  if (!output || output.type !== 'float32') throw new Error('text detector returned no float32 map');
  // Output is [1, 1, H, W] probabilities (the exported model ends in a sigmoid).
  const [, , mapHeight, mapWidth] = output.dims;
  const data = output.data as Float32Array; // type checked just above
  const rects = extractTextRects({ width: mapWidth ?? input.width, height: mapHeight ?? input.height, data }, options);
  output.dispose();
  const sx = window.width / (mapWidth ?? input.width);
  const sy = window.height / (mapHeight ?? input.height);
  const clampX = (x: number): number => Math.min(Math.max(window.left + x * sx, 0), image.width);
  const clampY = (y: number): number => Math.min(Math.max(window.top + y * sy, 0), image.height);
  const scaled = rects.map((rect) =>
    rectOfQuad(orderCorners(rect.quad.map((p) => ({ x: clampX(p.x), y: clampY(p.y) })))),
  );
  return scaled.filter((rect) => rect.width >= 1 && rect.height >= 1);
}
