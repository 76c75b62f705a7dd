import type { Letterbox } from './letterbox.js';

/** A detection in page pixels; `classIndex` indexes the model's class names. */
export interface Detection {
  classIndex: number;
  confidence: number;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Decoding settings; defaults are Ultralytics' predict defaults except as noted. */
export interface DecodeOptions {
  /** Minimum class score (Ultralytics' `conf`, 0.25 by default). */
  confidenceThreshold: number;
  /** Boxes of the same class overlapping more than this are duplicates (NMS IoU). */
  iouThreshold: number;
  maxDetections: number;
}

export const DEFAULT_DECODE_OPTIONS: DecodeOptions = {
  confidenceThreshold: 0.25,
  iouThreshold: 0.45,
  maxDetections: 300,
};

function iou(a: Detection, b: Detection): number {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  const union = (a.right - a.left) * (a.bottom - a.top) + (b.right - b.left) * (b.bottom - b.top) - inter;
  return union > 0 ? inter / union : 0;
}

/** Greedy non-maximum suppression within each class (Ultralytics' default, agnostic=False). */
export function nonMaxSuppression(detections: Detection[], iouThreshold: number, maxDetections: number): Detection[] {
  const sorted = [...detections].sort((a, b) => b.confidence - a.confidence);
  const kept: Detection[] = [];
  for (const candidate of sorted) {
    if (kept.length >= maxDetections) break;
    if (kept.every((other) => other.classIndex !== candidate.classIndex || iou(other, candidate) <= iouThreshold))
      kept.push(candidate);
  }
  return kept;
}

/** DFL bins per box side in YOLOv8's head (`reg_max`). */
export const DFL_BINS = 16;

/**
 * One level of YOLOv8's raw head on a `gridWidth` x `gridHeight` grid, each cell `stride` input
 * pixels wide: `boxes` `[1, 4 * DFL_BINS, gridHeight, gridWidth]` distance-distribution logits (left,
 * top, right, bottom, DFL_BINS each), `scores` `[1, classes, gridHeight, gridWidth]` class logits.
 */
export interface HeadLevel {
  boxes: Float32Array;
  scores: Float32Array;
  gridWidth: number;
  gridHeight: number;
  stride: number;
}

/** The expected value of one side's distance distribution, in grid cells (softmax over the bins). */
function sideDistance(boxes: Float32Array, side: number, cell: number, cells: number): number {
  const first = side * DFL_BINS * cells + cell;
  let max = -Infinity;
  for (let bin = 0; bin < DFL_BINS; bin += 1) max = Math.max(max, boxes[first + bin * cells]!);
  let sum = 0;
  let weighted = 0;
  for (let bin = 0; bin < DFL_BINS; bin += 1) {
    const e = Math.exp(boxes[first + bin * cells]! - max);
    sum += e;
    weighted += e * bin;
  }
  return weighted / sum;
}

/**
 * Decodes YOLOv8's raw head (what the export's DFL, anchor and sigmoid nodes would compute, here so
 * that the model takes any input size): keeps each cell's best class whose sigmoid score reaches
 * the threshold, turns its four distances into a box around the cell centre, maps boxes back
 * through the letterbox into page pixels (clipped to the page) and applies class-wise NMS.
 */
export function decodeYoloHead(
  levels: readonly HeadLevel[],
  box: Letterbox,
  page: { width: number; height: number },
  options: DecodeOptions = DEFAULT_DECODE_OPTIONS,
): Detection[] {
  // sigmoid(x) >= t  <=>  x >= logit(t): cells are screened on the raw logits, no exp per class.
  const threshold = options.confidenceThreshold;
  const logitThreshold = Math.log(threshold / (1 - threshold));
  const clampX = (x: number): number => Math.min(Math.max((x - box.padX) / box.scale, 0), page.width);
  const clampY = (y: number): number => Math.min(Math.max((y - box.padY) / box.scale, 0), page.height);
  const candidates: Detection[] = [];
  for (const level of levels) {
    const cells = level.gridWidth * level.gridHeight;
    const classCount = level.scores.length / cells;
    if (!Number.isInteger(classCount) || classCount < 1 || level.boxes.length !== 4 * DFL_BINS * cells) {
      throw new Error(`unexpected detector head shapes for a ${level.gridWidth} x ${level.gridHeight} grid`);
    }
    for (let cell = 0; cell < cells; cell += 1) {
      let classIndex = 0;
      let logit = level.scores[cell]!;
      for (let c = 1; c < classCount; c += 1) {
        const value = level.scores[c * cells + cell]!;
        if (value > logit) {
          logit = value;
          classIndex = c;
        }
      }
      if (logit < logitThreshold) continue;
      const cx = (cell % level.gridWidth) + 0.5;
      const cy = Math.floor(cell / level.gridWidth) + 0.5;
      const s = level.stride;
      const detection = {
        classIndex,
        confidence: 1 / (1 + Math.exp(-logit)),
        left: clampX((cx - sideDistance(level.boxes, 0, cell, cells)) * s),
        top: clampY((cy - sideDistance(level.boxes, 1, cell, cells)) * s),
        right: clampX((cx + sideDistance(level.boxes, 2, cell, cells)) * s),
        bottom: clampY((cy + sideDistance(level.boxes, 3, cell, cells)) * s),
      };
      if (detection.right > detection.left && detection.bottom > detection.top) candidates.push(detection);
    }
  }
  return nonMaxSuppression(candidates, options.iouThreshold, options.maxDetections);
}
