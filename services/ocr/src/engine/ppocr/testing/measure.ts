/** Text of a dense synthetic page: `lines` lines of 10 pt body text (a typical scanned page). */
export function denseLines(lines: number): { text: string; x: number; y: number; size: number }[] {
  const sentence =
    'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore';
  return Array.from({ length: lines }, (_, i) => ({ text: `${sentence} ${i + 1}.`, x: 60, y: 60 + i * 15, size: 10 }));
}

/** Intersection over union of two boxes given as left/top/right/bottom. */
export function iou(
  a: { left: number; top: number; right: number; bottom: number },
  b: { left: number; top: number; right: number; bottom: number },
): number {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / ((a.right - a.left) * (a.bottom - a.top) + (b.right - b.left) * (b.bottom - b.top) - inter);
}

/** Rotates an RGB image by 180 degrees (a page fed upside down to the scanner). */
export function rotate180<T extends { width: number; height: number; rgb: Uint8Array }>(image: T): T {
  const rgb = new Uint8Array(image.rgb.length);
  const pixels = image.width * image.height;
  for (let i = 0; i < pixels; i += 1) rgb.set(image.rgb.subarray(i * 3, i * 3 + 3), (pixels - 1 - i) * 3);
  return { ...image, rgb };
}
