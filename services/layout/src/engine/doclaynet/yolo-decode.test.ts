import { describe, expect, it } from 'vitest';
import { DFL_BINS, decodeYoloHead, nonMaxSuppression, type HeadLevel } from './yolo-decode.js';

/** A logit whose sigmoid is `p`. */
const logit = (p: number): number => Math.log(p / (1 - p));

/**
 * One head level on a `gridWidth` x `gridHeight` grid where every cell scores 0.01 for every class
 * except the `cells` given: each with its class scores and the four side distances (in cells),
 * written as a distribution peaked on the two bins around the distance.
 */
function level(
  grid: { gridWidth: number; gridHeight: number; stride: number },
  cells: { x: number; y: number; scores: number[]; sides: [number, number, number, number] }[],
  classes: number,
): HeadLevel {
  const count = grid.gridWidth * grid.gridHeight;
  const scores = new Float32Array(classes * count).fill(logit(0.01));
  const boxes = new Float32Array(4 * DFL_BINS * count).fill(-20);
  for (const cell of cells) {
    const index = cell.y * grid.gridWidth + cell.x;
    cell.scores.forEach((p, c) => (scores[c * count + index] = logit(p)));
    cell.sides.forEach((distance, side) => {
      // Two bins around the distance, weighted so that their expectation is the distance.
      const low = Math.floor(distance);
      const high = Math.min(low + 1, DFL_BINS - 1);
      const weight = distance - low;
      boxes[(side * DFL_BINS + low) * count + index] = Math.log(1 - weight + 1e-9);
      boxes[(side * DFL_BINS + high) * count + index] = Math.log(weight + 1e-9);
    });
  }
  return { ...grid, scores, boxes };
}

describe('decodeYoloHead', () => {
  it('keeps each cell best class above the threshold and maps its distances back to page pixels', () => {
    const head = level(
      { gridWidth: 4, gridHeight: 4, stride: 8 },
      [
        // Cell (2, 1): centre (20, 12) input pixels; 1.5 cells left and right, 0.5 up and down.
        { x: 2, y: 1, scores: [0.1, 0.8, 0.05], sides: [1.5, 0.5, 1.5, 0.5] },
        { x: 0, y: 0, scores: [0.2, 0.1, 0.1], sides: [1, 1, 1, 1] },
      ],
      3,
    );
    // Letterbox scale 0.5 with 10 pixels of padding on the left.
    const detections = decodeYoloHead([head], { scale: 0.5, padX: 10, padY: 0 }, { width: 200, height: 200 });
    expect(detections).toHaveLength(1);
    const [detection] = detections;
    expect(detection!.classIndex).toBe(1);
    expect(detection!.confidence).toBeCloseTo(0.8, 5);
    // Input box 8..32 x 8..16 -> page ((8 - 10) / 0.5 clipped to 0, 16, 44, 32).
    expect(detection!.left).toBeCloseTo(0, 3);
    expect(detection!.top).toBeCloseTo(16, 3);
    expect(detection!.right).toBeCloseTo(44, 3);
    expect(detection!.bottom).toBeCloseTo(32, 3);
  });

  it('reads every level at its own stride and clips boxes to the page', () => {
    const fine = level({ gridWidth: 2, gridHeight: 2, stride: 8 }, [], 1);
    const coarse = level(
      { gridWidth: 1, gridHeight: 1, stride: 16 },
      [{ x: 0, y: 0, scores: [0.9], sides: [2, 2, 2, 2] }],
      1,
    );
    const [detection] = decodeYoloHead([fine, coarse], { scale: 1, padX: 0, padY: 0 }, { width: 10, height: 10 });
    expect(detection).toMatchObject({ left: 0, top: 0, right: 10, bottom: 10 });
  });

  it('refuses outputs whose shapes do not fit the grid', () => {
    const head = level({ gridWidth: 2, gridHeight: 2, stride: 8 }, [], 1);
    expect(() =>
      decodeYoloHead([{ ...head, gridWidth: 3 }], { scale: 1, padX: 0, padY: 0 }, { width: 10, height: 10 }),
    ).toThrow(/unexpected detector head shapes/);
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
