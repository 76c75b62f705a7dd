import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { createTextPdf } from '../testing/fixtures.js';
import { estimateSkew, MIN_SKEW } from './skew.js';

const lines = Array.from({ length: 30 }, (_, index) => ({
  text: `Line ${index + 1} of a page of running text, set in one column as a report would be.`,
  x: 60,
  y: 80 + 22 * index,
}));
const page = mupdf.Document.openDocument(createTextPdf([{ texts: lines }]), 'application/pdf').loadPage(0);

/** The page drawn in grey at 1.2 pixels a point, turned clockwise by `degrees`. */
function drawn(degrees: number) {
  const matrix = mupdf.Matrix.concat(mupdf.Matrix.scale(1.2, 1.2), mupdf.Matrix.rotate(degrees));
  const pixmap = page.toPixmap(matrix, mupdf.ColorSpace.DeviceGray, false, true);
  return {
    pixels: pixmap.getPixels(),
    width: pixmap.getWidth(),
    height: pixmap.getHeight(),
    stride: pixmap.getStride(),
  };
}

describe('estimateSkew', () => {
  it('finds the angle a page of text was turned by, either way', () => {
    expect(estimateSkew(drawn(2.5))).toBeCloseTo(2.5, 0);
    expect(estimateSkew(drawn(-1.5))).toBeCloseTo(-1.5, 0);
  });

  it('leaves a straight page, one turned less than MIN_SKEW and a blank one at 0', () => {
    expect(estimateSkew(drawn(0))).toBe(0);
    expect(estimateSkew(drawn(MIN_SKEW / 2))).toBe(0);
    const blank = new Uint8Array(200 * 300).fill(255);
    expect(estimateSkew({ pixels: blank, width: 200, height: 300, stride: 200 })).toBe(0);
  });
});
