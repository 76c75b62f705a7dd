import type { RgbImage } from '@folio/imaging';

/** Where the page landed inside the model input. */
export interface Letterbox {
  /** Model input pixels per page pixel. */
  scale: number;
  /** Padding added on the left and top, in model input pixels. */
  padX: number;
  padY: number;
}

/**
 * The model input's longer side in pixels by default: the size the detector was trained at is
 * 1024; see docs/models.md for the speed and mAP of smaller ones.
 */
export const DEFAULT_LAYOUT_INPUT_SIDE = 1024;

/** YOLOv8's largest stride: the input's sides must be multiples of it. */
export const MODEL_STRIDE = 32;

/**
 * The model input for a page: scaled so that its longer side is `longSide` pixels, each side then
 * padded up to a multiple of MODEL_STRIDE (Ultralytics' rectangular inference), so a portrait page
 * is not letterboxed into a square of grey.
 */
export function inputSizeFor(width: number, height: number, longSide: number): { width: number; height: number } {
  const scale = longSide / Math.max(width, height);
  const padded = (side: number): number =>
    Math.max(MODEL_STRIDE, Math.ceil(Math.round(side * scale) / MODEL_STRIDE) * MODEL_STRIDE);
  return { width: padded(width), height: padded(height) };
}

/** Grey that Ultralytics pads with (114/255), which the model saw around every training image. */
const PAD_VALUE = 114 / 255;

/**
 * Ultralytics' LetterBox: scale the page to fit `inputWidth` x `inputHeight` keeping its aspect
 * ratio (bilinear on pixel centres, like cv2.INTER_LINEAR), centre it, pad with grey. Returns
 * the CHW float tensor in RGB order scaled to 0..1, and the mapping back to page pixels.
 */
export function letterbox(
  image: RgbImage,
  inputWidth: number,
  inputHeight: number,
): { tensor: Float32Array; box: Letterbox } {
  const { width, height, rgb } = image;
  const scale = Math.min(inputWidth / width, inputHeight / height);
  const outWidth = Math.round(width * scale);
  const outHeight = Math.round(height * scale);
  // Same rounding as Ultralytics (round(dw - 0.1)), so boxes map back without a half-pixel shift.
  const padX = Math.max(0, Math.round((inputWidth - outWidth) / 2 - 0.1));
  const padY = Math.max(0, Math.round((inputHeight - outHeight) / 2 - 0.1));
  const plane = inputWidth * inputHeight;
  const tensor = new Float32Array(3 * plane).fill(PAD_VALUE);
  const sx = width / outWidth;
  const sy = height / outHeight;
  const x0s = new Int32Array(outWidth);
  const dxs = new Int32Array(outWidth);
  const wxs = new Float32Array(outWidth);
  for (let x = 0; x < outWidth; x += 1) {
    const fx = Math.min(Math.max((x + 0.5) * sx - 0.5, 0), width - 1);
    x0s[x] = Math.floor(fx);
    dxs[x] = x0s[x]! + 1 < width ? 3 : 0;
    wxs[x] = fx - x0s[x]!;
  }
  for (let y = 0; y < outHeight; y += 1) {
    const fy = Math.min(Math.max((y + 0.5) * sy - 0.5, 0), height - 1);
    const y0 = Math.floor(fy);
    const dy = y0 + 1 < height ? width * 3 : 0;
    const wy = fy - y0;
    const rowOut = (y + padY) * inputWidth + padX;
    // The three channels written out rather than looped over: same arithmetic, a third less time.
    for (let x = 0; x < outWidth; x += 1) {
      const r = (y0 * width + x0s[x]!) * 3;
      const dx = dxs[x]!;
      const wx = wxs[x]!;
      const g = r + 1;
      const b = r + 2;
      const out = rowOut + x;
      let top = rgb[r]! + (rgb[r + dx]! - rgb[r]!) * wx;
      let bottom = rgb[r + dy]! + (rgb[r + dy + dx]! - rgb[r + dy]!) * wx;
      tensor[out] = (top + (bottom - top) * wy) / 255;
      top = rgb[g]! + (rgb[g + dx]! - rgb[g]!) * wx;
      bottom = rgb[g + dy]! + (rgb[g + dy + dx]! - rgb[g + dy]!) * wx;
      tensor[plane + out] = (top + (bottom - top) * wy) / 255;
      top = rgb[b]! + (rgb[b + dx]! - rgb[b]!) * wx;
      bottom = rgb[b + dy]! + (rgb[b + dy + dx]! - rgb[b + dy]!) * wx;
      tensor[2 * plane + out] = (top + (bottom - top) * wy) / 255;
    }
  }
  return { tensor, box: { scale, padX, padY } };
}
