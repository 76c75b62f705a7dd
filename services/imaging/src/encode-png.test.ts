import * as mupdf from 'mupdf';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeRgbPng } from './decode-rgb-png.js';
import { encodePng, PNG_SIGNATURE, pngChunk } from './encode-png.js';
import { decodePng } from './rgb-image.js';
import { createTextPdf, renderPage } from './testing/synthetic-page.js';

describe('encodePng', () => {
  it('writes a PNG that decodes back to the same pixels', () => {
    const page = renderPage(createTextPdf([{ text: 'Round trip', x: 72, y: 100, size: 24 }]), 1).image;
    const png = encodePng(page.rgb, page.width, page.height);
    expect(Buffer.from(png.subarray(0, 8)).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
    const decoded = decodePng(png);
    expect([decoded.width, decoded.height]).toEqual([page.width, page.height]);
    // Byte comparison: toEqual walks a page's 1.4 million samples one by one, for seconds.
    expect(Buffer.from(decoded.rgb).equals(Buffer.from(page.rgb))).toBe(true);
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

/** A PNG whose every row uses `filter` (0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth), written by hand. */
function filteredPng(rgb: Uint8Array, width: number, height: number, filter: number): Uint8Array {
  const stride = width * 3;
  const raw = new Uint8Array((stride + 1) * height);
  const at = (x: number, y: number): number => (x >= 0 && y >= 0 ? rgb[y * stride + x]! : 0);
  for (let y = 0; y < height; y += 1) {
    raw[y * (stride + 1)] = filter;
    for (let x = 0; x < stride; x += 1) {
      const [left, up, upLeft] = [at(x - 3, y), at(x, y - 1), at(x - 3, y - 1)];
      const p = left + up - upLeft;
      const paeth =
        Math.abs(p - left) <= Math.abs(p - up) && Math.abs(p - left) <= Math.abs(p - upLeft)
          ? left
          : Math.abs(p - up) <= Math.abs(p - upLeft)
            ? up
            : upLeft;
      const predicted = [0, left, up, (left + up) >> 1, paeth][filter]!;
      raw[y * (stride + 1) + 1 + x] = (at(x, y) - predicted) & 255;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2], 8);
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
}

describe('decodeRgbPng', () => {
  const width = 37;
  const height = 23;
  const rgb = new Uint8Array(width * height * 3).map((_, i) => (i * 7 + ((i * i) % 13) * 19) & 255);

  it.each([0, 1, 2, 3, 4])('undoes row filter %i', (filter) => {
    expect(decodeRgbPng(filteredPng(rgb, width, height, filter))).toEqual({ width, height, rgb });
  });

  it('reads the PNGs MuPDF writes', () => {
    const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, width, height], false);
    pixmap.getPixels().set(rgb);
    const png = pixmap.asPNG().slice();
    pixmap.destroy();
    expect(decodeRgbPng(png)).toEqual({ width, height, rgb });
  });

  it('leaves other PNG kinds and other formats to MuPDF', () => {
    const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceGray, [0, 0, 2, 1], false);
    pixmap.getPixels().set([0, 255]);
    const grey = pixmap.asPNG().slice();
    pixmap.destroy();
    expect(decodeRgbPng(grey)).toBeNull();
    expect(decodeRgbPng(Uint8Array.of(0xff, 0xd8, 0xff))).toBeNull();
  });
});
