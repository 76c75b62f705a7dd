import { timeInference } from '@folio/runtime';
import * as ort from 'onnxruntime-node';
import { decodeCtc, type CtcAlphabet } from './ctc.js';
import { cropWindow, LINE_HEIGHT, packBatch, rotateCrop180, type LineCrop } from './line-crops.js';
import type { RecognizedLine } from './words.js';

/** The angle classifier's fixed input width (PaddleOCR cls_image_shape [3, 48, 192]). */
const CLASSIFIER_WIDTH = 192;
/** A line is turned only when the classifier is this sure it is upside down (cls_thresh). */
const ROTATION_THRESHOLD = 0.9;
/**
 * The recognizer's narrowest input. PaddleOCR pads every batch to at least 320 (rec_img_shape
 * [3, 48, 320]); on dense pages, where most lines are short table cells, that padding nearly
 * doubled the pixels read (134k instead of 73k on a census page) for no gain in words read
 * (word recall 0.9923 either way on six ICDAR pages), so only very short crops are padded.
 */
const MIN_RECOGNIZER_WIDTH = 64;

function floatOutput(
  outputs: ort.InferenceSession.OnnxValueMapType,
  session: ort.InferenceSession,
): ort.Tensor & { data: Float32Array } {
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
 * The 0/180 degree classifier's verdict per crop (labels "0", "180"): true when the line reads
 * upside down. A line wider than the classifier's input is judged on three unsquashed windows
 * (start, middle, end) with their "180" probabilities averaged: PaddleOCR squeezes the whole line
 * into 192 pixels instead, which made long upside-down lines score just under the threshold in
 * our tests.
 */
async function upsideDown(
  session: ort.InferenceSession,
  crops: readonly LineCrop[],
  batchSize: number,
): Promise<boolean[]> {
  const views: { cropIndex: number; view: LineCrop }[] = [];
  crops.forEach((crop, cropIndex) => {
    if (crop.width <= CLASSIFIER_WIDTH) {
      views.push({ cropIndex, view: crop });
      return;
    }
    const starts = new Set([0, Math.floor((crop.width - CLASSIFIER_WIDTH) / 2), crop.width - CLASSIFIER_WIDTH]);
    for (const start of starts) views.push({ cropIndex, view: cropWindow(crop, start, CLASSIFIER_WIDTH) });
  });
  const turned = new Float64Array(crops.length);
  const upright = new Float64Array(crops.length);
  const viewCount = new Uint32Array(crops.length);
  // Windows all share one width, so batches can be larger than the recognizer's.
  const windowBatch = batchSize * 3;
  for (let i = 0; i < views.length; i += windowBatch) {
    const batch = views.slice(i, i + windowBatch);
    const input = new ort.Tensor(
      'float32',
      packBatch(
        batch.map((entry) => entry.view),
        CLASSIFIER_WIDTH,
      ),
      [batch.length, 3, LINE_HEIGHT, CLASSIFIER_WIDTH],
    );
    const output = floatOutput(
      await timeInference('ppocr-angle-classifier', () => session.run({ [session.inputNames[0]!]: input })),
      session,
    );
    batch.forEach(({ cropIndex }, n) => {
      // Output [N, 2]: softmax over the labels "0" and "180".
      upright[cropIndex]! += output.data[n * 2]!;
      turned[cropIndex]! += output.data[n * 2 + 1]!;
      viewCount[cropIndex]! += 1;
    });
    output.dispose();
  }
  // Both sums are over the same views, so comparing sums compares means; the threshold needs the mean.
  return crops.map(
    (_, index) =>
      turned[index]! > upright[index]! && turned[index]! / Math.max(1, viewCount[index]!) >= ROTATION_THRESHOLD,
  );
}

/** How many of a page's widest lines are classified first; see classifyAngles. */
const ANGLE_SAMPLE = 8;

/**
 * Finds the lines that read upside down and turns them. Text turned 180 degrees within an upright
 * page is rare (vertical text is turned by cropLine), while a page scanned upside down has every
 * line turned: so the page's widest lines (the surest verdicts) are classified first, and the rest
 * only when one of them is upside down. On upright pages this skips most of the classifier's time
 * (0.17 s of a dense page). Returns the crops in their original order.
 */
export async function classifyAngles(
  session: ort.InferenceSession,
  crops: readonly LineCrop[],
  batchSize: number,
): Promise<LineCrop[]> {
  const byWidth = crops.map((_, index) => index).sort((a, b) => crops[b]!.width - crops[a]!.width);
  const sample = byWidth.slice(0, ANGLE_SAMPLE);
  const sampleVerdicts = await upsideDown(
    session,
    sample.map((index) => crops[index]!),
    batchSize,
  );
  if (!sampleVerdicts.includes(true)) return [...crops];
  const verdicts = await upsideDown(session, crops, batchSize);
  return crops.map((crop, index) => (verdicts[index] ? rotateCrop180(crop) : crop));
}

/**
 * Runs the recognizer over the crops in width-sorted batches and decodes each line with
 * greedy CTC. Returns one RecognizedLine per crop, in the crops' order.
 */
export async function recognizeLines(
  session: ort.InferenceSession,
  crops: readonly LineCrop[],
  alphabet: CtcAlphabet,
  limits: BatchLimits,
): Promise<RecognizedLine[]> {
  const lines = new Array<RecognizedLine>(crops.length);
  for (const batch of batchesByWidth(crops, limits, MIN_RECOGNIZER_WIDTH)) {
    const members = batch.map((index) => crops[index]!);
    const batchWidth = Math.max(MIN_RECOGNIZER_WIDTH, ...members.map((crop) => crop.width));
    const input = new ort.Tensor('float32', packBatch(members, batchWidth), [
      members.length,
      3,
      LINE_HEIGHT,
      batchWidth,
    ]);
    const output = floatOutput(
      await timeInference('ppocr-recognizer', () => session.run({ [session.inputNames[0]!]: input })),
      session,
    );
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
