import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { assertRgbImage, decodePng } from './rgb-image.js';
import { createTextPdf, renderPng } from './testing/synthetic-page.js';

/** A PNG of `width` x `height` pixels whose samples (premultiplied by alpha, as MuPDF keeps them) are `samples`. */
function pngOf(
  colorSpace: mupdf.ColorSpace,
  alpha: boolean,
  width: number,
  height: number,
  samples: number[],
): Uint8Array {
  const pixmap = new mupdf.Pixmap(colorSpace, [0, 0, width, height], alpha);
  // getPixels is a live view of the pixmap's samples; these images are too narrow to pad rows.
  pixmap.getPixels().set(samples);
  const png = pixmap.asPNG().slice();
  pixmap.destroy();
  return png;
}

describe('decodePng', () => {
  it('decodes a rendered page into packed RGB of the page size at the render scale', () => {
    const image = decodePng(renderPng(createTextPdf([{ text: 'Hello', x: 72, y: 100, size: 24 }]), 2));
    expect([image.width, image.height]).toEqual([1224, 1584]);
    expect(image.rgb.length).toBe(1224 * 1584 * 3);
    // White paper, with the dark ink of the word somewhere on it.
    expect(image.rgb[0]).toBe(255);
    expect(image.rgb.some((value) => value < 64)).toBe(true);
  });

  it('turns grey images into three equal channels', () => {
    const grey = decodePng(pngOf(mupdf.ColorSpace.DeviceGray, false, 3, 1, [0, 128, 255]));
    expect(grey).toEqual({ width: 3, height: 1, rgb: new Uint8Array([0, 0, 0, 128, 128, 128, 255, 255, 255]) });
  });

  it('flattens transparent pixels onto white paper', () => {
    // Opaque red, half-transparent red (premultiplied: 128 of 255), fully transparent.
    const rgba = decodePng(pngOf(mupdf.ColorSpace.DeviceRGB, true, 3, 1, [255, 0, 0, 255, 128, 0, 0, 128, 0, 0, 0, 0]));
    expect([rgba.width, rgba.height]).toEqual([3, 1]);
    const [r0, g0, b0, r1, g1, b1, ...clear] = rgba.rgb;
    expect([r0, g0, b0]).toEqual([255, 0, 0]);
    expect(r1).toBe(255);
    expect(Math.abs(g1! - 127)).toBeLessThanOrEqual(1);
    expect(Math.abs(b1! - 127)).toBeLessThanOrEqual(1);
    expect(clear).toEqual([255, 255, 255]);
  });
});

describe('assertRgbImage', () => {
  it('accepts a buffer of exactly width * height * 3 bytes', () => {
    expect(() => assertRgbImage({ width: 2, height: 2, rgb: new Uint8Array(12) })).not.toThrow();
  });

  it('rejects a buffer that does not match its dimensions, and empty or fractional sizes', () => {
    expect(() => assertRgbImage({ width: 2, height: 2, rgb: new Uint8Array(11) })).toThrow(RangeError);
    expect(() => assertRgbImage({ width: 0, height: 2, rgb: new Uint8Array(0) })).toThrow(RangeError);
    expect(() => assertRgbImage({ width: 1.5, height: 2, rgb: new Uint8Array(9) })).toThrow(RangeError);
  });
});
