import * as mupdf from 'mupdf';
import { decodeRgbPng } from './decode-rgb-png.js';

/**
 * A decoded page image: `width * height` pixels, row-major, 3 bytes per pixel (R, G, B), no row
 * padding. Boxes the model stages return are in this image's pixels.
 */
export interface RgbImage {
  width: number;
  height: number;
  rgb: Uint8Array;
}

/**
 * ITU-R 601 luma (0..255, unrounded) of the pixel whose first byte is at `index`, weighed as PIL's
 * `convert('L')` and OpenCV's gray conversion weigh it.
 */
export function luma(rgb: Uint8Array, index: number): number {
  return (rgb[index]! * 299 + rgb[index + 1]! * 587 + rgb[index + 2]! * 114) / 1000;
}

/**
 * The darkest of the three channels of the pixel whose first byte is at `index`: how far it is
 * from white on any paper colour, dark and saturated ink alike (yellow print is as dark as black
 * by it; luma would see it nearly white).
 */
export function darkestChannel(rgb: Uint8Array, index: number): number {
  return Math.min(rgb[index]!, rgb[index + 1]!, rgb[index + 2]!);
}

/**
 * Decodes a PNG (or JPEG, ...) page image into packed RGB; transparency is flattened onto white
 * paper. 8-bit RGB PNGs, which the render stage writes, go through Node's zlib (decodeRgbPng);
 * anything else through MuPDF. Blocks the thread for the decode (about 10 ms for a page at scale 2).
 */
export function decodePng(bytes: Uint8Array): RgbImage {
  return decodeRgbPng(bytes) ?? decodeWithMupdf(bytes);
}

function decodeWithMupdf(bytes: Uint8Array): RgbImage {
  const image = new mupdf.Image(bytes);
  let pixmap = image.toPixmap();
  image.destroy();
  const alpha = pixmap.getAlpha() !== 0;
  if (!pixmap.getColorSpace()?.isRGB()) {
    // MuPDF cannot drop alpha while converting: it is kept here and flattened in the copy below.
    const rgb = pixmap.convertToColorSpace(mupdf.ColorSpace.DeviceRGB, alpha);
    pixmap.destroy();
    pixmap = rgb;
  }
  const width = pixmap.getWidth();
  const height = pixmap.getHeight();
  const stride = pixmap.getStride();
  const pixels = pixmap.getPixels();
  const rgb = new Uint8Array(width * height * 3);
  // getPixels is a view of the WASM heap that may pad rows: copy row by row before destroying.
  if (alpha) flattenOnWhite(pixels, stride, width, height, rgb);
  else for (let y = 0; y < height; y += 1) rgb.set(pixels.subarray(y * stride, y * stride + width * 3), y * width * 3);
  pixmap.destroy();
  return { width, height, rgb };
}

/**
 * Copies RGBA rows into packed RGB over white. MuPDF's samples are premultiplied by alpha, so
 * compositing onto white is `colour + (255 - alpha)`, which stays within a byte (colour <= alpha).
 */
function flattenOnWhite(
  rgba: Uint8ClampedArray,
  stride: number,
  width: number,
  height: number,
  into: Uint8Array,
): void {
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const from = y * stride + x * 4;
      const to = (y * width + x) * 3;
      const clear = 255 - rgba[from + 3]!;
      into[to] = rgba[from]! + clear;
      into[to + 1] = rgba[from + 1]! + clear;
      into[to + 2] = rgba[from + 2]! + clear;
    }
  }
}

/** Checks the buffer size against the declared dimensions, so a bad caller fails loudly. */
export function assertRgbImage(image: RgbImage): void {
  if (!Number.isInteger(image.width) || !Number.isInteger(image.height) || image.width <= 0 || image.height <= 0) {
    throw new RangeError(`invalid image size ${image.width}x${image.height}`);
  }
  if (image.rgb.length !== image.width * image.height * 3) {
    throw new RangeError(`image buffer has ${image.rgb.length} bytes, expected ${image.width * image.height * 3}`);
  }
}
