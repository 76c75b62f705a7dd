import * as ort from 'onnxruntime-node';
import { decodeCtc, type CtcAlphabet } from './ctc.js';
import { cropWindow, LINE_HEIGHT, packBatch, rotateCrop180, type LineCrop } from './line-crops.js';
import type { RecognizedLine } from './words.js';

/** The angle classifier's fixed input width (PaddleOCR cls_image_shape [3, 48, 192]). */
const CLASSIFIER_WIDTH = 192;
/** A line is turned only when the classifier is this sure it is upside down (cls_thresh). */
const ROTATION_THRESHOLD = 0.9;
/** The recognizer's narrowest batch (rec_img_shape [3, 48, 320]): shorter lines are padded. */
const MIN_RECOGNIZER_WIDTH = 320;

function floatOutput(outputs: ort.InferenceSession.OnnxValueMapType, session: ort.InferenceSession): ort.Tensor & { data: Float32Array } {
  const output = outputs[session.outputNames[0]!];
  if (!output || output.type !== 'float32') throw new Error('model returned no float32 output');
  // The type was checked just above; ORT types `data` as a union of all element types.
  return output as ort.Tensor & { data: Float32Array };
}

/** Limits of one recognizer call. */
export interface BatchLimits {
  maxLines: number;
  /** Lines x padded width, in input pixels. */
  maxWidth: number;
}

/**
 * Crop indexes sorted by width and cut into batches, so padding within a batch stays small and
 * no batch exceeds the limits (a line wider than maxWidth goes alone).
 */
function batchesByWidth(crops: readonly LineCrop[], limits: BatchLimits, minWidth = 0): number[][] {
  const order = crops.map((_, index) => index).sort((a, b) => crops[a]!.width - crops[b]!.width);
  const batches: number[][] = [];
  let current: number[] = [];
  for (const index of order) {
    // Sorted ascending, so this crop sets the batch's padded width.
    const width = Math.max(minWidth, crops[index]!.width);
    if (current.length > 0 && (current.length >= limits.maxLines || (current.length + 1) * width > limits.maxWidth)) {
      batches.push(current);
      current = [];
    }
    current.push(index);
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/**
 * Runs the 0/180 degree classifier (labels "0", "180") and turns the lines it finds upside down.
 * A line wider than the classifier's input is judged on three unsquashed windows (start, middle,
 * end) with their "180" probabilities averaged: PaddleOCR squeezes the whole line into 192
 * pixels instead, which made long upside-down lines score just under the threshold in our tests.
 * Returns the crops in their original order.
 */
export async function classifyAngles(session: ort.InferenceSession, crops: readonly LineCrop[], batchSize: number): Promise<LineCrop[]> {
  const views: { cropIndex: number; view: LineCrop }[] = [];
  crops.forEach((crop, cropIndex) => {
    if (crop.width <= CLASSIFIER_WIDTH) {
      views.push({ cropIndex, view: crop });
      return;
    }
    const starts = new Set([0, Math.floor((crop.width - CLASSIFIER_WIDTH) / 2), crop.width - CLASSIFIER_WIDTH]);
    for (const start of starts) views.push({ cropIndex, view: cropWindow(crop, start, CLASSIFIER_WIDTH) });
  });
  const upsideDown = new Float64Array(crops.length);
  const notUpsideDown = new Float64Array(crops.length);
  const viewCount = new Uint32Array(crops.length);
  // Windows all share one width, so batches can be larger than the recognizer's.
  const windowBatch = batchSize * 3;
  for (let i = 0; i < views.length; i += windowBatch) {
    const batch = views.slice(i, i + windowBatch);
    const input = new ort.Tensor('float32', packBatch(batch.map((entry) => entry.view), CLASSIFIER_WIDTH), [batch.length, 3, LINE_HEIGHT, CLASSIFIER_WIDTH]);
    const output = floatOutput(await session.run({ [session.inputNames[0]!]: input }), session);
    batch.forEach(({ cropIndex }, n) => {
      // Output [N, 2]: softmax over the labels "0" and "180".
      notUpsideDown[cropIndex]! += output.data[n * 2]!;
      upsideDown[cropIndex]! += output.data[n * 2 + 1]!;
      viewCount[cropIndex]! += 1;
    });
    output.dispose();
  }
  return crops.map((crop, index) => {
    const count = Math.max(1, viewCount[index]!);
    const score = upsideDown[index]! / count;
    return score > notUpsideDown[index]! / count && score >= ROTATION_THRESHOLD ? rotateCrop180(crop) : crop;
  });
}

/**
 * Runs the recognizer over the crops in width-sorted batches and decodes each line with
 * greedy CTC. Returns one RecognizedLine per crop, in the crops' order.
 */
export async function recognizeLines(session: ort.InferenceSession, crops: readonly LineCrop[], alphabet: CtcAlphabet, limits: BatchLimits): Promise<RecognizedLine[]> {
  const lines = new Array<RecognizedLine>(crops.length);
  for (const batch of batchesByWidth(crops, limits, MIN_RECOGNIZER_WIDTH)) {
    const members = batch.map((index) => crops[index]!);
    const batchWidth = Math.max(MIN_RECOGNIZER_WIDTH, ...members.map((crop) => crop.width));
    const input = new ort.Tensor('float32', packBatch(members, batchWidth), [members.length, 3, LINE_HEIGHT, batchWidth]);
    const output = floatOutput(await session.run({ [session.inputNames[0]!]: input }), session);
    // Output [N, T, C]: per time step, softmax over blank + dictionary + space.
    const [, steps = 0, classes = 0] = output.dims;
    if (classes !== alphabet.classes.length) {
      throw new Error(`recognizer has ${classes} classes but the dictionary gives ${alphabet.classes.length}`);
    }
    batch.forEach((index, n) => {
      const crop = crops[index]!;
      lines[index] = {
        chars: decodeCtc(output.data, n * steps * classes, steps, alphabet),
        quad: crop.quad,
        cropWidth: crop.width,
        pixelsPerStep: batchWidth / steps,
      };
    });
    output.dispose();
  }
  return lines;
}
