import type { RgbImage } from '@folio/imaging';
import type { BBox } from '@folio/proto/common/v1';
import { rectOf } from '../pixel-rect.js';

/** SLANet's input side: the table image is scaled so that its longer side is this, then zero-padded. */
export const SLANET_INPUT_SIDE = 488;

/** ImageNet mean and standard deviation, in the model's channel order (B, G, R planes). */
const MEAN = [0.485, 0.456, 0.406] as const;
const STD = [0.229, 0.224, 0.225] as const;

/** The model input of one table and where its crop sits on the page. */
export interface SlanetInput {
  /** CHW float32, SLANET_INPUT_SIDE squared: B, G, R planes. */
  tensor: Float32Array;
  /** The cropped rectangle in page pixels (whole pixels, inside the image); cell boxes are relative to it. */
  crop: { left: number; top: number; width: number; height: number };
}

/**
 * PaddleOCR's table preprocessing of the part of `image` under `box`: crop (clipped to the image,
 * whole pixels), scale so the longer side is SLANET_INPUT_SIDE (bilinear on pixel centres, as
 * cv2.resize; each side truncated like Paddle's `int(side * ratio)`), BGR planes, /255, ImageNet
 * mean and std, then zeros to the right and below (padding comes after normalizing, so it is 0,
 * not black). Returns null for a crop under 2 pixels on a side.
 */
export function slanetInput(image: RgbImage, box: BBox): SlanetInput | null {
  const rect = rectOf(image, box);
  if (!rect) return null;
  const { x0: left, y0: top } = rect;
  const width = rect.x1 - left;
  const height = rect.y1 - top;
  const ratio = SLANET_INPUT_SIDE / Math.max(width, height);
  const outWidth = Math.max(1, Math.trunc(width * ratio));
  const outHeight = Math.max(1, Math.trunc(height * ratio));
  const plane = SLANET_INPUT_SIDE * SLANET_INPUT_SIDE;
  const tensor = new Float32Array(3 * plane);
  const sx = width / outWidth;
  const sy = height / outHeight;
  const x0s = new Int32Array(outWidth);
  const x1s = new Int32Array(outWidth);
  const wxs = new Float32Array(outWidth);
  for (let x = 0; x < outWidth; x += 1) {
    const fx = Math.min(Math.max((x + 0.5) * sx - 0.5, 0), width - 1);
    const x0 = Math.floor(fx);
    x0s[x] = (left + x0) * 3;
    x1s[x] = (left + Math.min(x0 + 1, width - 1)) * 3;
    wxs[x] = fx - x0;
  }
  const { rgb } = image;
  for (let y = 0; y < outHeight; y += 1) {
    const fy = Math.min(Math.max((y + 0.5) * sy - 0.5, 0), height - 1);
    const y0 = Math.floor(fy);
    const wy = fy - y0;
    const row0 = (top + y0) * image.width * 3;
    const row1 = (top + Math.min(y0 + 1, height - 1)) * image.width * 3;
    const out = y * SLANET_INPUT_SIDE;
    for (let x = 0; x < outWidth; x += 1) {
      const a = row0 + x0s[x]!;
      const b = row0 + x1s[x]!;
      const c = row1 + x0s[x]!;
      const d = row1 + x1s[x]!;
      const wx = wxs[x]!;
      // Plane p holds channel 2 - p of the RGB pixel: the model reads BGR.
      for (let p = 0; p < 3; p += 1) {
        const channel = 2 - p;
        const upper = rgb[a + channel]! + (rgb[b + channel]! - rgb[a + channel]!) * wx;
        const lower = rgb[c + channel]! + (rgb[d + channel]! - rgb[c + channel]!) * wx;
        const value = (upper + (lower - upper) * wy) / 255;
        tensor[p * plane + out + x] = (value - MEAN[p]!) / STD[p]!;
      }
    }
  }
  return { tensor, crop: { left, top, width, height } };
}
