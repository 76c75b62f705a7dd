// The formula recognizer's input: a grayscale crop, cut to its ink, scaled so that its symbols are
// about as tall as in pix2tex's training images, padded white to multiples of 32 and normalized.
import { luma, type RgbImage } from '@folio/imaging';

/** A grayscale image, one byte per pixel, row by row. */
export interface GrayImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** The encoder's largest input (its position embeddings cover a 12 x 42 grid of 16-pixel patches). */
export const MAX_INPUT_WIDTH = 672;
export const MAX_INPUT_HEIGHT = 192;
/** pix2tex's normalization of grayscale values (its training set's mean and deviation). */
const MEAN = 0.7931;
const STD = 0.1738;
/** Darker than this is ink when cropping (pix2tex's own threshold for the bounding box). */
const INK_LEVEL = 200;
/** Darker than this counts for the symbol-height estimate (anti-aliased edges left out). */
const SYMBOL_LEVEL = 128;
/**
 * Median symbol height, in input pixels, the crop is scaled to. Tuned on the OmniDocBench demo's 17
 * display formulas (crops of the reference boxes, greedy decoding): normalized edit distance 0.20
 * at 7, 0.22 at 8, 0.25 at 9, 0.31 at 12, 0.50 at 15 (docs/models.md).
 */
export const SYMBOL_HEIGHT = 7;

/** ITU-R 601 luma, as PIL's `convert('L')` and OpenCV's gray conversion compute it. */
export function toGray(image: RgbImage): GrayImage {
  const { width, height, rgb } = image;
  const pixels = new Uint8Array(width * height);
  for (let i = 0, j = 0; i < pixels.length; i += 1, j += 3) {
    pixels[i] = Math.round(luma(rgb, j));
  }
  return { width, height, pixels };
}

/** The box of the pixels darker than `level`, or null for a blank image. */
export function inkBounds(
  image: GrayImage,
  level = INK_LEVEL,
): { left: number; top: number; right: number; bottom: number } | null {
  const { width, height, pixels } = image;
  let left = width;
  let top = height;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (pixels[y * width + x]! >= level) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
    }
  }
  return right < 0 ? null : { left, top, right: right + 1, bottom: bottom + 1 };
}

/** A copy of the region [left, right) x [top, bottom). */
export function cropGray(image: GrayImage, left: number, top: number, right: number, bottom: number): GrayImage {
  const width = right - left;
  const height = bottom - top;
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    pixels.set(image.pixels.subarray((top + y) * image.width + left, (top + y) * image.width + right), y * width);
  }
  return { width, height, pixels };
}

/**
 * The median height of the image's connected ink blobs (4-connected, darker than SYMBOL_LEVEL, at
 * least 3 pixels tall so that dots and rules' thickness do not count): a measure of the type size
 * that holds for one-line and multi-line formulas alike. Null when there is no such blob.
 */
export function medianSymbolHeight(image: GrayImage): number | null {
  const { width, height, pixels } = image;
  // Union-find over ink pixels; each root keeps its blob's top and bottom rows.
  const parent = new Int32Array(width * height).fill(-1);
  const find = (i: number): number => {
    let root = i;
    while (parent[root] !== root) root = parent[root]!;
    while (parent[i] !== root) {
      const next = parent[i]!;
      parent[i] = root;
      i = next;
    }
    return root;
  };
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      if (pixels[i]! >= SYMBOL_LEVEL) continue;
      parent[i] = i;
      if (x > 0 && parent[i - 1]! >= 0) parent[find(i)] = find(i - 1);
      if (y > 0 && parent[i - width]! >= 0) parent[find(i)] = find(i - width);
    }
  }
  const tops = new Map<number, number>();
  const bottoms = new Map<number, number>();
  for (let i = 0; i < parent.length; i += 1) {
    if (parent[i]! < 0) continue;
    const root = find(i);
    const row = Math.floor(i / width);
    if (!tops.has(root)) tops.set(root, row);
    bottoms.set(root, row);
  }
  const heights: number[] = [];
  for (const [root, top] of tops) {
    const blobHeight = bottoms.get(root)! - top + 1;
    if (blobHeight >= 3) heights.push(blobHeight);
  }
  return heights.length === 0 ? null : medianOf(heights);
}

/** The median of a non-empty list of numbers. */
export function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** One axis of a resampling: for each output index, its first source index and weights. */
function resampleAxis(inSize: number, outSize: number): { starts: Int32Array; weights: Float32Array[] } {
  // A triangle filter widened by the shrink factor, so that shrinking averages every source pixel
  // (antialiased bilinear, as PIL resizes) instead of sampling two of them.
  const scale = inSize / outSize;
  const support = Math.max(scale, 1);
  const starts = new Int32Array(outSize);
  const weights: Float32Array[] = [];
  for (let out = 0; out < outSize; out += 1) {
    const centre = (out + 0.5) * scale;
    const first = Math.max(0, Math.floor(centre - support));
    const last = Math.min(inSize, Math.ceil(centre + support));
    const row = new Float32Array(last - first);
    let total = 0;
    for (let i = first; i < last; i += 1) {
      const weight = Math.max(0, 1 - Math.abs((i + 0.5 - centre) / support));
      row[i - first] = weight;
      total += weight;
    }
    for (let k = 0; k < row.length; k += 1) row[k] = total > 0 ? row[k]! / total : 0;
    starts[out] = first;
    weights.push(row);
  }
  return { starts, weights };
}

/** Resizes a grayscale image to `outWidth` x `outHeight` (separable antialiased bilinear). */
export function resizeGray(image: GrayImage, outWidth: number, outHeight: number): GrayImage {
  const horizontal = resampleAxis(image.width, outWidth);
  const vertical = resampleAxis(image.height, outHeight);
  const rows = new Float32Array(image.height * outWidth);
  for (let y = 0; y < image.height; y += 1) {
    const source = y * image.width;
    for (let x = 0; x < outWidth; x += 1) {
      const start = horizontal.starts[x]!;
      const weights = horizontal.weights[x]!;
      let sum = 0;
      for (let k = 0; k < weights.length; k += 1) sum += image.pixels[source + start + k]! * weights[k]!;
      rows[y * outWidth + x] = sum;
    }
  }
  const pixels = new Uint8Array(outWidth * outHeight);
  for (let y = 0; y < outHeight; y += 1) {
    const start = vertical.starts[y]!;
    const weights = vertical.weights[y]!;
    for (let x = 0; x < outWidth; x += 1) {
      let sum = 0;
      for (let k = 0; k < weights.length; k += 1) sum += rows[(start + k) * outWidth + x]! * weights[k]!;
      pixels[y * outWidth + x] = Math.min(255, Math.max(0, Math.round(sum)));
    }
  }
  return { width: outWidth, height: outHeight, pixels };
}

/** The encoder's input: `[1, 1, height, width]` floats, with its size in pixels. */
export interface FormulaInput {
  tensor: Float32Array;
  width: number;
  height: number;
}

/** A formula crop cut to its ink, with its median symbol height (null when no blob says it). */
export interface FormulaInk {
  ink: GrayImage;
  measured: number | null;
}

/** A formula crop in grayscale cut to its ink, measured once for every scale it is read at; null for a crop without ink. */
export function formulaInk(crop: RgbImage): FormulaInk | null {
  const gray = toGray(crop);
  const bounds = inkBounds(gray);
  if (bounds === null) return null;
  const ink = cropGray(gray, bounds.left, bounds.top, bounds.right, bounds.bottom);
  return { ink, measured: medianSymbolHeight(ink) };
}

/** The resize factor that makes a crop's median symbol `symbolHeight` pixels tall (1 when no blob measured it). */
export function symbolScale({ measured }: FormulaInk, symbolHeight = SYMBOL_HEIGHT): number {
  return measured === null ? 1 : symbolHeight / measured;
}

/**
 * The encoder's input from a crop's ink resized by `scale` (shrunk further if needed to fit 672 x
 * 192), padded white at the right and bottom to multiples of 32, normalized as pix2tex was trained.
 */
export function formulaInputAt(ink: GrayImage, scale: number): FormulaInput {
  scale = Math.min(scale, MAX_INPUT_WIDTH / ink.width, MAX_INPUT_HEIGHT / ink.height);
  const width = Math.max(1, Math.min(MAX_INPUT_WIDTH, Math.round(ink.width * scale)));
  const height = Math.max(1, Math.min(MAX_INPUT_HEIGHT, Math.round(ink.height * scale)));
  const scaled = resizeGray(ink, width, height);
  const paddedWidth = Math.max(32, Math.ceil(width / 32) * 32);
  const paddedHeight = Math.max(32, Math.ceil(height / 32) * 32);
  const white = (1 - MEAN) / STD;
  const tensor = new Float32Array(paddedWidth * paddedHeight).fill(white);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      tensor[y * paddedWidth + x] = (scaled.pixels[y * width + x]! / 255 - MEAN) / STD;
    }
  }
  return { tensor, width: paddedWidth, height: paddedHeight };
}

/**
 * Prepares a formula crop for the encoder at one scale (formulaInk, then formulaInputAt):
 * grayscale, cut to its ink, its median symbol `symbolHeight` pixels tall, padded and normalized.
 * Null for a crop without ink.
 */
export function toFormulaInput(crop: RgbImage, symbolHeight = SYMBOL_HEIGHT): FormulaInput | null {
  const ink = formulaInk(crop);
  return ink === null ? null : formulaInputAt(ink.ink, symbolScale(ink, symbolHeight));
}
