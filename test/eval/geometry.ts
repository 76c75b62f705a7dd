// Axis-aligned boxes in one page's pixel coordinates (origin top-left, y down), as the API returns.

/** A box by its edges; `right > left` and `bottom > top` for a box with area. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The API's `{ left, top, width, height }` as edges. */
export function fromApiBox(bbox: { left: number; top: number; width: number; height: number }): Box {
  return { left: bbox.left, top: bbox.top, right: bbox.left + bbox.width, bottom: bbox.top + bbox.height };
}

/** The bounding box of a polygon given as flat `[x0, y0, x1, y1, ...]`, multiplied by `scale`. */
export function fromPoly(poly: readonly number[], scale = 1): Box {
  const xs = poly.filter((_, index) => index % 2 === 0);
  const ys = poly.filter((_, index) => index % 2 === 1);
  return {
    left: Math.min(...xs) * scale,
    top: Math.min(...ys) * scale,
    right: Math.max(...xs) * scale,
    bottom: Math.max(...ys) * scale,
  };
}

/** An affine transform `[a, b, c, d, e, f]`: x' = a·x + c·y + e, y' = b·x + d·y + f (PDF and MuPDF order). */
export type Matrix = readonly [number, number, number, number, number, number];

/**
 * A rectangle in PDF user space (points, origin bottom-left: the ICDAR 2013 regions) as page
 * pixels: `pageTransform` (MuPDF's PDFPage.getTransform) maps it to the page as rendered (origin
 * top-left, /Rotate and the crop box applied), then both axes scale by `pixelsPerPoint`.
 */
export function fromPdfRect(
  rect: { x1: number; y1: number; x2: number; y2: number },
  pageTransform: Matrix,
  pixelsPerPoint: number,
): Box {
  const [a, b, c, d, e, f] = pageTransform;
  const corners = [
    [rect.x1, rect.y1],
    [rect.x2, rect.y1],
    [rect.x2, rect.y2],
    [rect.x1, rect.y2],
  ].map(([x, y]) => [(a * x! + c * y! + e) * pixelsPerPoint, (b * x! + d * y! + f) * pixelsPerPoint] as const);
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  return { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) };
}

export function area(box: Box): number {
  return Math.max(0, box.right - box.left) * Math.max(0, box.bottom - box.top);
}

/** Intersection over union; 0 when either box is empty. */
export function iou(a: Box, b: Box): number {
  const intersection = area({
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  });
  const union = area(a) + area(b) - intersection;
  return union > 0 ? intersection / union : 0;
}
