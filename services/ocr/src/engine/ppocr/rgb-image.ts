// PP-OCR's pixel work on decoded page images (`RgbImage` of `@folio/imaging`): the detector's input
// tensor and the recognizer's line crops.
import type { RgbImage } from '@folio/imaging';

/**
 * Resizes to `outWidth` x `outHeight` with bilinear sampling on pixel centres (OpenCV's
 * INTER_LINEAR, which the models were trained with) and writes a normalized CHW float tensor:
 * `(value / 255 - 0.5) / 0.5` in BGR channel order, as PaddleOCR feeds OpenCV images.
 */
export function toDetectionTensor(image: RgbImage, outWidth: number, outHeight: number): Float32Array {
  const { width, height, rgb } = image;
  const plane = outWidth * outHeight;
  const tensor = new Float32Array(3 * plane);
  const sx = width / outWidth;
  const sy = height / outHeight;
  const x0s = new Int32Array(outWidth);
  const x1s = new Int32Array(outWidth);
  const fxs = new Float32Array(outWidth);
  for (let x = 0; x < outWidth; x += 1) {
    const fx = Math.min(Math.max((x + 0.5) * sx - 0.5, 0), width - 1);
    x0s[x] = Math.floor(fx);
    x1s[x] = Math.min(x0s[x]! + 1, width - 1);
    fxs[x] = fx - x0s[x]!;
  }
  for (let y = 0; y < outHeight; y += 1) {
    const fy = Math.min(Math.max((y + 0.5) * sy - 0.5, 0), height - 1);
    const y0 = Math.floor(fy);
    const y1 = Math.min(y0 + 1, height - 1);
    const wy = fy - y0;
    const row0 = y0 * width * 3;
    const row1 = y1 * width * 3;
    for (let x = 0; x < outWidth; x += 1) {
      const a = row0 + x0s[x]! * 3;
      const b = row0 + x1s[x]! * 3;
      const c = row1 + x0s[x]! * 3;
      const d = row1 + x1s[x]! * 3;
      const wx = fxs[x]!;
      const out = y * outWidth + x;
      for (let channel = 0; channel < 3; channel += 1) {
        const top = rgb[a + channel]! + (rgb[b + channel]! - rgb[a + channel]!) * wx;
        const bottom = rgb[c + channel]! + (rgb[d + channel]! - rgb[c + channel]!) * wx;
        const value = top + (bottom - top) * wy;
        // RGB -> BGR: channel 0 (R) goes to plane 2.
        tensor[(2 - channel) * plane + out] = value / 127.5 - 1;
      }
    }
  }
  return tensor;
}

/**
 * Cuts a box (page pixels, rounded outwards and clipped to the image) out of an image, with its
 * offset; null when nothing of it lies on the image or it is too small to hold text.
 */
export function cropImage(
  image: RgbImage,
  box: { left: number; top: number; width: number; height: number },
): { image: RgbImage; left: number; top: number } | null {
  const left = Math.max(0, Math.floor(box.left));
  const top = Math.max(0, Math.floor(box.top));
  const right = Math.min(image.width, Math.ceil(box.left + box.width));
  const bottom = Math.min(image.height, Math.ceil(box.top + box.height));
  const width = right - left;
  const height = bottom - top;
  if (width < 8 || height < 8) return null;
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    const from = ((top + y) * image.width + left) * 3;
    rgb.set(image.rgb.subarray(from, from + width * 3), y * width * 3);
  }
  return { image: { width, height, rgb }, left, top };
}
