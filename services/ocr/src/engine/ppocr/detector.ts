import type { RgbImage } from '@folio/imaging';
import { timeInference } from '@folio/runtime';
import * as ort from 'onnxruntime-node';
import { DEFAULT_DB_OPTIONS, extractTextRects, type DbOptions } from './db-postprocess.js';
import { mergeOverlapping, type PixelWindow } from './detection-windows.js';
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

/** The DB network downsamples five times: its input sides are multiples of this. */
const NETWORK_STRIDE = 32;

/**
 * A window of the page (page pixels) as a block of the detector's input for the whole page
 * (`input`, input pixels): its edges pushed out to the network's stride, so that the block's
 * pixels are the whole page's input pixels and their grid is the one the whole page gets.
 */
function inputRegion(window: PixelWindow, image: RgbImage, input: { width: number; height: number }): PixelWindow {
  const scaleX = input.width / image.width;
  const scaleY = input.height / image.height;
  const down = (value: number): number => Math.max(0, Math.floor(value / NETWORK_STRIDE) * NETWORK_STRIDE);
  const up = (value: number, limit: number): number =>
    Math.min(limit, Math.ceil(value / NETWORK_STRIDE) * NETWORK_STRIDE);
  const left = down(window.left * scaleX);
  const top = down(window.top * scaleY);
  return {
    left,
    top,
    width: up((window.left + window.width) * scaleX, input.width) - left,
    height: up((window.top + window.height) * scaleY, input.height) - top,
  };
}

/**
 * Runs DB text detection on a page and returns text-line rectangles in page pixels, sorted in
 * reading order (top to bottom, left to right). With `windows`, only those parts of the page are
 * looked at: each is cut out of the whole page's scaled input (`inputRegion`, overlapping blocks
 * merged), so type keeps the size and the pixels the detector sees on the whole page, and their
 * lines are put together. No window, no line.
 */
export async function detectTextLines(
  session: ort.InferenceSession,
  image: RgbImage,
  size: DetectionSize = DEFAULT_DETECTION_SIZE,
  windows: readonly PixelWindow[] = [{ left: 0, top: 0, width: image.width, height: image.height }],
  options: DbOptions = DEFAULT_DB_OPTIONS,
): Promise<RotatedRect[]> {
  const ratio = detectionScale(image.width, image.height, size);
  const input = { width: scaledSide(image.width, ratio), height: scaledSide(image.height, ratio) };
  const regions = mergeOverlapping(windows.map((window) => inputRegion(window, image, input)));
  const found: RotatedRect[] = [];
  for (const region of regions) found.push(...(await detectInRegion(session, image, input, region, options)));
  return sortLines(found);
}

/** One detector pass over `region` of the page's scaled input (`input`); rectangles in page pixels. */
async function detectInRegion(
  session: ort.InferenceSession,
  image: RgbImage,
  input: { width: number; height: number },
  region: PixelWindow,
  options: DbOptions,
): Promise<RotatedRect[]> {
  const tensor = new ort.Tensor('float32', toDetectionTensor(image, input.width, input.height, region), [
    1,
    3,
    region.height,
    region.width,
  ]);
  const outputs = await timeInference('ppocr-detector', () => session.run({ [session.inputNames[0]!]: tensor }));
  const output = outputs[session.outputNames[0]!];
  if (!output || output.type !== 'float32') throw new Error('text detector returned no float32 map');
  // Output is [1, 1, H, W] probabilities (the exported model ends in a sigmoid), H x W the region's.
  const [, , mapHeight = region.height, mapWidth = region.width] = output.dims;
  const data = output.data as Float32Array; // type checked just above
  const rects = extractTextRects({ width: mapWidth, height: mapHeight, data }, options);
  output.dispose();
  // Map pixels to input pixels of the region (the same unless the model resizes), then to the page.
  const toPageX = image.width / input.width;
  const toPageY = image.height / input.height;
  const clampX = (x: number): number =>
    Math.min(Math.max((region.left + (x * region.width) / mapWidth) * toPageX, 0), image.width);
  const clampY = (y: number): number =>
    Math.min(Math.max((region.top + (y * region.height) / mapHeight) * toPageY, 0), image.height);
  const scaled = rects.map((rect) =>
    rectOfQuad(orderCorners(rect.quad.map((p) => ({ x: clampX(p.x), y: clampY(p.y) })))),
  );
  return scaled.filter((rect) => rect.width >= 1 && rect.height >= 1);
}
