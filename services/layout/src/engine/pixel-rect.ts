import type { Rect, RgbImage } from '@folio/imaging';
import type { BBox } from '@folio/proto/common/v1';

/** The box in whole pixels, inside `margin` pixels of the image's edges; null when less than 2 pixels remain. */
export function rectOf(image: RgbImage, box: BBox, marginX = 0, marginY = 0): Rect | null {
  const rect = {
    x0: Math.max(marginX, Math.floor(box.left)),
    x1: Math.min(image.width - marginX, Math.ceil(box.left + box.width)),
    y0: Math.max(marginY, Math.floor(box.top)),
    y1: Math.min(image.height - marginY, Math.ceil(box.top + box.height)),
  };
  return rect.x1 - rect.x0 < 2 || rect.y1 - rect.y0 < 2 ? null : rect;
}
