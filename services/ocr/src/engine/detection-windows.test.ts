import { describe, expect, it } from 'vitest';
import { cropPixels, detectionWindows } from './detection-windows.js';

const page = { width: 1224, height: 1584 };
// 1.5% of the long side: the margin each window gets around its region.
const margin = Math.ceil(0.015 * 1584);

describe('detectionWindows', () => {
  it('grows each region by the margin, clipped to the page', () => {
    expect(
      detectionWindows(page, [
        { left: 100, top: 200, width: 80, height: 30 },
        { left: 0, top: 1570, width: 50, height: 14 },
      ]),
    ).toEqual([
      { left: 100 - margin, top: 200 - margin, width: 80 + 2 * margin, height: 30 + 2 * margin },
      { left: 0, top: 1570 - margin, width: 50 + margin, height: 14 + margin },
    ]);
  });

  it('merges regions whose windows overlap, also through a third', () => {
    const windows = detectionWindows(page, [
      { left: 100, top: 100, width: 50, height: 20 },
      { left: 400, top: 100, width: 50, height: 20 },
      { left: 160, top: 110, width: 230, height: 20 },
    ]);
    expect(windows).toEqual([
      { left: 100 - margin, top: 100 - margin, width: 350 + 2 * margin, height: 30 + 2 * margin },
    ]);
  });

  it('gives the whole page (null) when the windows would cover half of it or be too many', () => {
    expect(detectionWindows(page, [{ left: 0, top: 0, width: 1224, height: 800 }])).toBeNull();
    const scattered = Array.from({ length: 9 }, (_, index) => ({
      left: 100,
      top: 150 * index + 10,
      width: 40,
      height: 20,
    }));
    expect(detectionWindows(page, scattered)).toBeNull();
  });
});

describe('cropPixels', () => {
  it('copies the rows of the window', () => {
    const image = { width: 4, height: 3, rgb: Uint8Array.from({ length: 36 }, (_, index) => index) };
    const crop = cropPixels(image, { left: 1, top: 1, width: 2, height: 2 });
    expect(crop.width).toBe(2);
    expect([...crop.rgb]).toEqual([15, 16, 17, 18, 19, 20, 27, 28, 29, 30, 31, 32]);
  });
});
