import { describe, expect, it } from 'vitest';
import { encodePng } from './encode-png.js';
import { decodePng } from './rgb-image.js';
import { createTextPdf, renderPage } from './testing/synthetic-page.js';

describe('encodePng', () => {
  it('writes a PNG that decodes back to the same pixels', () => {
    const page = renderPage(createTextPdf([{ text: 'Round trip', x: 72, y: 100, size: 24 }]), 1).image;
    const png = encodePng(page.rgb, page.width, page.height);
    expect(Buffer.from(png.subarray(0, 8)).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
    expect(decodePng(png)).toEqual(page);
  });

  it('reads rows a stride apart, skipping their padding', () => {
    // Two rows of two pixels, each row padded with two bytes of 99.
    const padded = Uint8Array.of(1, 2, 3, 4, 5, 6, 99, 99, 7, 8, 9, 10, 11, 12, 99, 99);
    const image = decodePng(encodePng(padded, 2, 2, 8));
    expect(image).toEqual({ width: 2, height: 2, rgb: Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12) });
  });

  it('refuses buffers too small for the size', () => {
    expect(() => encodePng(new Uint8Array(5), 2, 1)).toThrow(RangeError);
    expect(() => encodePng(new Uint8Array(6), 0, 1)).toThrow(RangeError);
  });
});
