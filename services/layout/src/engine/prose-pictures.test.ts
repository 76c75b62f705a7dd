import { describe, expect, it } from 'vitest';
import { ocrLine } from '../testing/fixtures.js';
import type { DetectedRegion } from './layout-engine.js';
import { isProseColumn } from './prose-pictures.js';
import type { LineFont } from './refine-types.js';

const picture: DetectedRegion = {
  segmentType: 'Picture',
  bbox: { left: 50, top: 50, width: 400, height: 400 },
  confidence: 0.7,
};
const TEXT: LineFont = { fontSize: 12, bold: false, math: false };
const fontsOf = (count: number): Map<number, LineFont> => new Map([...Array(count).keys()].map((line) => [line, TEXT]));

describe('isProseColumn', () => {
  it('reads a column of sentences with no image under it as text', () => {
    const words = [0, 1, 2, 3, 4].flatMap((line) => ocrLine('Equation one is shown below.', 60, 60 + 60 * line, line));
    expect(isProseColumn(picture, words, fontsOf(5), [])).toBe(true);
    // Over a placed image, or read by OCR from one (no text-layer line), it stays a picture.
    expect(isProseColumn(picture, words, fontsOf(5), [{ left: 40, top: 40, width: 100, height: 100 }])).toBe(false);
    expect(isProseColumn(picture, words, new Map([[9, TEXT]]), [])).toBe(false);
  });

  it("keeps a chart's labels side by side and a diagram's short labels a picture", () => {
    const labels = [0, 1, 2, 3].flatMap((row) => [
      ...ocrLine('Revenue in dollars', 60, 60 + 60 * row, 2 * row),
      ...ocrLine('Costs in dollars', 300, 60 + 60 * row, 2 * row + 1),
    ]);
    expect(isProseColumn(picture, labels, fontsOf(8), [])).toBe(false);
    const boxes = [0, 1, 2, 3, 4].flatMap((line) => ocrLine('Read input', 60, 60 + 60 * line, line));
    expect(isProseColumn(picture, boxes, fontsOf(5), [])).toBe(false);
  });
});
