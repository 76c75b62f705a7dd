import { describe, expect, it } from 'vitest';
import { detectionWindows } from './detection-windows.js';
import { toDetectionTensor } from './rgb-image.js';

describe('detectionWindows', () => {
  it('grows a small region by the margin and keeps it inside the page', () => {
    // 2% of 2,000 pixels: 40 of margin, cut at the page's left edge.
    expect(detectionWindows([{ left: 20, top: 500, width: 200, height: 100 }], 1400, 2000)).toEqual([
      { left: 0, top: 460, width: 260, height: 180 },
    ]);
  });

  it('merges regions whose margins meet, and keeps apart those that stay apart', () => {
    const windows = detectionWindows(
      [
        { left: 100, top: 100, width: 100, height: 50 },
        { left: 100, top: 220, width: 100, height: 50 },
        { left: 900, top: 1500, width: 100, height: 50 },
      ],
      1400,
      2000,
    );
    expect(windows).toEqual([
      { left: 60, top: 60, width: 180, height: 250 },
      { left: 860, top: 1460, width: 180, height: 130 },
    ]);
  });

  it('merges again when a merged window reaches one it did not overlap before', () => {
    const windows = detectionWindows(
      [
        { left: 0, top: 0, width: 100, height: 100 },
        { left: 300, top: 0, width: 100, height: 100 },
        { left: 100, top: 150, width: 200, height: 20 },
      ],
      1400,
      2000,
    );
    expect(windows).toEqual([{ left: 0, top: 0, width: 440, height: 210 }]);
  });

  it('looks at the whole page when the windows would cover half of it or more', () => {
    const page = { left: 0, top: 0, width: 1000, height: 1000 };
    expect(detectionWindows([{ left: 100, top: 100, width: 700, height: 700 }], 1000, 1000)).toEqual([page]);
    expect(detectionWindows([], 1000, 1000)).toEqual([page]);
  });
});

describe('toDetectionTensor over a region', () => {
  it("equals that block of the whole scaled image's tensor", () => {
    const width = 40;
    const height = 30;
    const rgb = new Uint8Array(width * height * 3).map((_, index) => (index * 37) % 251);
    const [outWidth, outHeight] = [32, 24];
    const region = { left: 8, top: 5, width: 16, height: 12 };
    const whole = toDetectionTensor({ width, height, rgb }, outWidth, outHeight);
    const block = toDetectionTensor({ width, height, rgb }, outWidth, outHeight, region);
    const expected: number[] = [];
    for (let channel = 0; channel < 3; channel += 1) {
      for (let y = region.top; y < region.top + region.height; y += 1) {
        for (let x = region.left; x < region.left + region.width; x += 1) {
          expected.push(whole[channel * outWidth * outHeight + y * outWidth + x]!);
        }
      }
    }
    expect(Array.from(block)).toEqual(expected);
  });
});
