import * as mupdf from 'mupdf';

/**
 * A decoded page image: `width * height` pixels, row-major, 3 bytes per pixel (R, G, B), no row
 * padding. Boxes the engine returns are in this image's pixels.
 */
export interface RgbImage {
  width: number;
  height: number;
  rgb: Uint8Array;
}

/**
 * Decodes a PNG (or JPEG, ...) page image with MuPDF into packed RGB. Blocks the thread for the
 * decode (tens of milliseconds for a page at scale 2).
 */
export function decodePng(bytes: Uint8Array): RgbImage {
  const image = new mupdf.Image(bytes);
  let pixmap = image.toPixmap();
  image.destroy();
  if (pixmap.getAlpha() !== 0 || !pixmap.getColorSpace()?.isRGB()) {
    const rgb = pixmap.convertToColorSpace(mupdf.ColorSpace.DeviceRGB, false);
    pixmap.destroy();
    pixmap = rgb;
  }
  const width = pixmap.getWidth();
  const height = pixmap.getHeight();
  const stride = pixmap.getStride();
  const pixels = pixmap.getPixels();
  const rgb = new Uint8Array(width * height * 3);
  // getPixels is a view of the WASM heap that may pad rows: copy row by row before destroying.
  for (let y = 0; y < height; y += 1) rgb.set(pixels.subarray(y * stride, y * stride + width * 3), y * width * 3);
  pixmap.destroy();
  return { width, height, rgb };
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
