import { describe, expect, it } from 'vitest';
import { decodeYolo, nonMaxSuppression } from './yolo-decode.js';

/** Builds a [1, 4 + classes, anchors] output from per-anchor boxes and class scores. */
function headOutput(
  anchors: { cx: number; cy: number; w: number; h: number; scores: number[] }[],
  classes: number,
): { data: Float32Array; dims: number[] } {
  const rows = 4 + classes;
  const data = new Float32Array(rows * anchors.length);
  anchors.forEach((a, i) => {
    [a.cx, a.cy, a.w, a.h, ...a.scores].forEach((value, row) => (data[row * anchors.length + i] = value));
  });
  return { data, dims: [1, rows, anchors.length] };
}

describe('decodeYolo', () => {
  it('keeps each anchor best class above the threshold and maps boxes back to page pixels', () => {
    const { data, dims } = headOutput(
      [
        { cx: 50, cy: 30, w: 20, h: 10, scores: [0.1, 0.8, 0.05] },
        { cx: 10, cy: 10, w: 4, h: 4, scores: [0.2, 0.1, 0.1] },
      ],
      3,
    );
    // Letterbox scale 0.5 with 10 pixels of padding on the left.
    const detections = decodeYolo(data, dims, { scale: 0.5, padX: 10, padY: 0 }, { width: 200, height: 200 });
    expect(detections).toEqual([
      { classIndex: 1, confidence: expect.closeTo(0.8, 5) as number, left: 60, top: 50, right: 100, bottom: 70 },
    ]);
  });

  it('clips boxes to the page', () => {
    const { data, dims } = headOutput([{ cx: 5, cy: 5, w: 20, h: 20, scores: [0.9] }], 1);
    const [detection] = decodeYolo(data, dims, { scale: 1, padX: 0, padY: 0 }, { width: 10, height: 10 });
    expect(detection).toMatchObject({ left: 0, top: 0, right: 10, bottom: 10 });
  });
});

describe('nonMaxSuppression', () => {
  it('drops overlapping duplicates of one class but keeps overlaps across classes', () => {
    const box = { left: 0, top: 0, right: 10, bottom: 10 };
    const kept = nonMaxSuppression(
      [
        { ...box, classIndex: 0, confidence: 0.9 },
        { ...box, right: 11, classIndex: 0, confidence: 0.8 },
        { ...box, classIndex: 1, confidence: 0.7 },
        { left: 50, top: 50, right: 60, bottom: 60, classIndex: 0, confidence: 0.6 },
      ],
      0.45,
      300,
    );
    expect(kept.map((d) => [d.classIndex, d.confidence])).toEqual([
      [0, 0.9],
      [1, 0.7],
      [0, 0.6],
    ]);
  });
});
