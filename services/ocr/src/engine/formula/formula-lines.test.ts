import type { RgbImage } from '@folio/imaging';
import { describe, expect, it } from 'vitest';
import { formulaLines, joinFormulaLines, rowsOf } from './formula-lines.js';

/** A white image with black rectangles [left, top, width, height]: glyphs, bars, braces. */
function imageWith(width: number, height: number, boxes: [number, number, number, number][]): RgbImage {
  const rgb = new Uint8Array(width * height * 3).fill(255);
  for (const [left, top, w, h] of boxes)
    for (let y = top; y < top + h; y += 1) rgb.fill(0, (y * width + left) * 3, (y * width + left + w) * 3);
  return { width, height, rgb };
}

describe('formulaLines', () => {
  it('parts a display formula set on two lines at the gap between them, each taking half the gap', () => {
    // 'S^n = {...}' (rows 10-37) over '= {... sum ...}' (rows 48-113): a 10-row gap, as on a 2x page.
    const image = imageWith(300, 130, [
      [10, 10, 260, 27],
      [30, 48, 240, 66],
    ]);
    expect(formulaLines(image)).toEqual([
      { top: 0, bottom: 43 },
      { top: 42, bottom: 130 },
    ]);
    expect(rowsOf(image, { top: 42, bottom: 130 }).height).toBe(88);
  });

  it('keeps accent dots with the line they stand over, even where they stand apart', () => {
    // Line one (rows 5-28), dots over line two (rows 37-39), line two (rows 43-66).
    const image = imageWith(300, 90, [
      [10, 5, 280, 24],
      [20, 37, 200, 3],
      [10, 43, 280, 24],
    ]);
    expect(formulaLines(image)).toEqual([
      { top: 0, bottom: 33 },
      { top: 33, bottom: 90 },
    ]);
  });

  it('keeps a fraction whole: its bar sits a pixel or two from the terms', () => {
    const fraction = imageWith(200, 60, [
      [60, 5, 80, 20],
      [40, 27, 120, 2],
      [60, 31, 80, 20],
    ]);
    expect(formulaLines(fraction)).toEqual([{ top: 0, bottom: 60 }]);
  });

  it('keeps a sum whole: its limits stand apart but are narrow', () => {
    // 'n' over the sum sign and the rest of the line, 'i=1' under them.
    const sum = imageWith(300, 90, [
      [20, 5, 12, 10],
      [10, 22, 280, 40],
      [15, 70, 25, 10],
    ]);
    expect(formulaLines(sum)).toEqual([{ top: 0, bottom: 90 }]);
  });

  it('reads a blank crop as one line', () => {
    expect(formulaLines(imageWith(50, 20, []))).toEqual([{ top: 0, bottom: 20 }]);
  });
});

describe('joinFormulaLines', () => {
  it('sets the lines one under another, and leaves a single line as it is', () => {
    expect(joinFormulaLines(['f: S^n \\to R^n', '', 'P \\mapsto L_P'])).toBe(
      '\\begin{gathered} f: S^n \\to R^n \\\\ P \\mapsto L_P \\end{gathered}',
    );
    expect(joinFormulaLines(['x^2', ''])).toBe('x^2');
  });
});
