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

/**
 * Decodes YOLOv8's raw head output `[1, 4 + classes, anchors]` (rows: centre x, centre y, width,
 * height in input pixels, then one sigmoid score per class), keeps each anchor's best class
 * above the threshold, maps boxes back through the letterbox into page pixels (clipped to the
 * page) and applies class-wise NMS.
 */
export function decodeYolo(
  output: Float32Array,
  dims: readonly number[],
  box: Letterbox,
  page: { width: number; height: number },
  options: DecodeOptions = DEFAULT_DECODE_OPTIONS,
): Detection[] {
  const [, rows = 0, anchors = 0] = dims;
  const classCount = rows - 4;
  if (classCount <= 0 || output.length < rows * anchors)
    throw new Error(`unexpected detector output shape [${dims.join(', ')}]`);
  const clampX = (x: number): number => Math.min(Math.max((x - box.padX) / box.scale, 0), page.width);
  const clampY = (y: number): number => Math.min(Math.max((y - box.padY) / box.scale, 0), page.height);
  const candidates: Detection[] = [];
  for (let anchor = 0; anchor < anchors; anchor += 1) {
    let classIndex = 0;
    let confidence = output[4 * anchors + anchor]!;
    for (let c = 1; c < classCount; c += 1) {
      const score = output[(4 + c) * anchors + anchor]!;
      if (score > confidence) {
        confidence = score;
        classIndex = c;
      }
    }
    if (confidence < options.confidenceThreshold) continue;
    const cx = output[anchor]!;
    const cy = output[anchors + anchor]!;
    const w = output[2 * anchors + anchor]!;
    const h = output[3 * anchors + anchor]!;
    const detection = {
      classIndex,
      confidence,
      left: clampX(cx - w / 2),
      top: clampY(cy - h / 2),
      right: clampX(cx + w / 2),
      bottom: clampY(cy + h / 2),
    };
    if (detection.right > detection.left && detection.bottom > detection.top) candidates.push(detection);
  }
  return nonMaxSuppression(candidates, options.iouThreshold, options.maxDetections);
}
