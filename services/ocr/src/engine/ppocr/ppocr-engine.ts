import { readFile } from 'node:fs/promises';
import { assertRgbImage, type RgbImage } from '@folio/imaging';
import type { Word } from '@folio/proto/documents/v1';
import { AppError, requireModelFile, type ModelPrecision, type PrecisionProbe } from '@folio/runtime';
import * as ort from 'onnxruntime-node';
import { createAlphabet, type CtcAlphabet } from './ctc.js';
import { COARSE_DETECTION_SIZE, DEFAULT_DETECTION_SIZE, detectTextLines, type DetectionSize } from './detector.js';
import { isKnownLine } from '../known-text.js';
import { unexplainedInk, type KnownInk } from '../unexplained-ink.js';
import { boundsOf } from './geometry.js';
import { detectionWindows } from './detection-windows.js';
import { inkWindows } from './ink-window.js';
import { cropLine, type LineCrop } from './line-crops.js';
import {
  DEFAULT_PPOCR_MODELS,
  PPOCR_MODEL_FILES,
  ppOcrEngineName,
  type PpOcrModelSize,
  type PpOcrRecognizer,
} from './model-files.js';
import { classifyAngles, recognizeLines, type BatchLimits } from './recognizer.js';
import { needsRereading, suspectWords } from './scripts.js';
import { splitAtColumns } from './column-lines.js';
import { withWordChoices } from './word-choices.js';
import { withWordReread, wordRereadings } from './word-rereads.js';
import { toWords, type RecognizedLine } from './words.js';

/** The recognizer file of a size and precision; int8 exists only for `small`. */
function recognizerFile(size: PpOcrModelSize, precision: ModelPrecision): string {
  const files: Partial<Record<ModelPrecision, string>> = PPOCR_MODEL_FILES.recognizer[size];
  const file = files[precision];
  if (!file) {
    throw new AppError('INVALID_ARGUMENT', `the ${size} PP-OCR recognizer has no ${precision} model`, {
      context: { size, precision },
    });
  }
  return file;
}

/** Options of createPpOcrEngine. */
export interface PpOcrEngineOptions {
  /** The folder scripts/models.mjs fills (the repository's `models/` by default there). */
  modelsDir: string;
  /** ONNX Runtime intra-op threads per inference; 1 lets pages run in parallel instead. */
  threads?: number;
  /**
   * Text detector size (default `tiny`): on eight ICDAR pages at scale 2 it finds the same lines as
   * `small` (word recall 0.986 against 0.988) in a fifth of the time (0.37 against 1.73 s a page).
   */
  detector?: PpOcrModelSize;
  /** Which recognizers read the lines (default `auto`; see PPOCR_RECOGNIZERS and docs/models.md). */
  recognizer?: PpOcrRecognizer;
  /**
   * Small recognizer weights: `float32` (default, the published file) or `int8` (the quantized
   * copy; the tiny recognizer has none and stays float32). The detector stays in float: in int8
   * the small one's line boxes moved enough to misplace short words.
   */
  precision?: ModelPrecision;
  /**
   * ONNX Runtime's CPU memory arena (default false). On, a dense page runs about 9% faster but
   * the process keeps its peak (about 930 instead of 710 MiB on the 2-core dev machine), once per
   * worker thread: the service stays under its memory budget with it off.
   */
  memoryArena?: boolean;
  /** Detect lines turned 180 degrees and read them the right way up (default true). */
  angleClassification?: boolean;
  /** Page scaling for the detector (DEFAULT_DETECTION_SIZE by default). */
  detection?: Partial<DetectionSize>;
  /** Page scaling for the detector when `known` is given (COARSE_DETECTION_SIZE by default). */
  coarseDetection?: Partial<DetectionSize>;
  /** Lines whose mean character probability is below this are dropped (default 0.5). */
  minLineConfidence?: number;
  /**
   * At most this many lines per recognizer call (default 3). Batches of 1, 3, 6 and 16 lines
   * read six dense ICDAR pages in the same time within noise: the convolutions cost per pixel,
   * and the output (steps x alphabet size floats) makes big batches no cheaper.
   */
  recognitionBatchSize?: number;
  /** At most this many input pixels of width per recognizer call, padding included (default 1,200). */
  recognitionBatchWidth?: number;
}

/** The PP-OCR engine: text detection, optional angle classification, recognition. */
export interface PpOcrEngine {
  /** Engine name for PageWords.source. */
  readonly name: string;
  /**
   * Reads one page image. Words come in reading order (lines top to bottom, then left to right;
   * words along each line), boxes in the image's pixels, `confidence` the mean probability of the
   * word's characters, `lineIndex` the line's index on the page and `blockIndex` 0 (OCR finds no
   * blocks; layout groups lines later). Without `known`, the detector looks at the part of the page
   * that holds marks (`inkWindows`: the empty margins left out; nothing on a blank page). With
   * `known` (the text layer's word boxes and rules, in the image's pixels), nothing is detected
   * when they account for all the page's ink (`unexplainedInk`); otherwise the detector looks only
   * around the marks they leave unexplained (`detectionWindows`), and lines the words already
   * cover are found but not read (`isKnownLine`). Safe to call concurrently.
   */
  recognize(image: RgbImage, known?: KnownInk): Promise<Word[]>;
  /** Frees the ONNX sessions. */
  close(): Promise<void>;
}

function modelPath(modelsDir: string, file: string): string {
  return requireModelFile(modelsDir, file, 'OCR', ' or set the models folder');
}

/** A recognizer model with its alphabet. */
interface LineReader {
  session: ort.InferenceSession;
  alphabet: CtcAlphabet;
}

async function loadReader(
  modelsDir: string,
  size: PpOcrModelSize,
  precision: ModelPrecision,
  sessionOptions: ort.InferenceSession.SessionOptions,
): Promise<LineReader> {
  const modelFile = modelPath(modelsDir, recognizerFile(size, precision));
  const dictionary = modelPath(modelsDir, PPOCR_MODEL_FILES.dictionary[size]);
  return {
    alphabet: createAlphabet(await readFile(dictionary, 'utf8')),
    session: await ort.InferenceSession.create(modelFile, sessionOptions),
  };
}

/**
 * The small recognizer for `resolvePrecision` (OCR_PRECISION=auto): loads one precision's copy and
 * runs it, one ONNX thread as each worker does, on a grey line 48 pixels high and 480 wide.
 */
export function probeSmallRecognizer(modelsDir: string): PrecisionProbe {
  return async (precision) => {
    const session = await ort.InferenceSession.create(modelPath(modelsDir, recognizerFile('small', precision)), {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
    });
    const input = new ort.Tensor('float32', new Float32Array(3 * 48 * 480), [1, 3, 48, 480]);
    return { run: () => session.run({ [session.inputNames[0]!]: input }), release: () => session.release() };
  };
}

/**
 * Reads the crops with `primary`; with a `second` reader, the lines `needsRereading` picks are read
 * again whole by it, and its reading replaces the first; on the other lines, the words
 * `suspectWords` picks are read again in windows of the line (`wordRereadings`; the whole line when
 * those would cover it), and their reading replaces those words.
 */
async function readLines(
  crops: readonly LineCrop[],
  primary: LineReader,
  second: LineReader | null,
  batching: BatchLimits,
): Promise<RecognizedLine[]> {
  const lines = await recognizeLines(primary.session, crops, primary.alphabet, batching);
  if (!second) return lines;
  const wordsOf = lines.map((line, index) =>
    needsRereading(line) ? null : wordRereadings(line, crops[index]!, suspectWords(line)),
  );
  const whole = wordsOf.flatMap((rereadings, index) => (rereadings ? [] : [index]));
  const words = wordsOf.flatMap((rereadings) => rereadings ?? []);
  if (whole.length + words.length === 0) return lines;
  const reread = await recognizeLines(
    second.session,
    [...whole.map((index) => crops[index]!), ...words.map((word) => word.window)],
    second.alphabet,
    batching,
  );
  whole.forEach((index, n) => {
    lines[index] = reread[n]!;
  });
  let next = whole.length;
  wordsOf.forEach((rereadings, index) => {
    if (!rereadings) return;
    const readings = rereadings.map(() => reread[next++]!);
    // Right to left, so that a word's replacement leaves the char indexes of those before it valid.
    for (let n = rereadings.length - 1; n >= 0; n -= 1) {
      lines[index] = withWordReread(lines[index]!, rereadings[n]!, readings[n]!);
    }
  });
  return lines;
}

/**
 * Loads the PP-OCRv6 models asked for from `modelsDir` and returns the engine. Throws a
 * FAILED_PRECONDITION AppError when a model file is missing, INVALID_ARGUMENT for a precision the
 * recognizer lacks.
 */
export async function createPpOcrEngine(options: PpOcrEngineOptions): Promise<PpOcrEngine> {
  const sessionOptions: ort.InferenceSession.SessionOptions = {
    intraOpNumThreads: options.threads ?? 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    enableCpuMemArena: options.memoryArena ?? false,
  };
  const useClassifier = options.angleClassification ?? true;
  const files = PPOCR_MODEL_FILES;
  const recognizer = options.recognizer ?? DEFAULT_PPOCR_MODELS.recognizer;
  const precision = options.precision ?? 'float32';
  const detectorPath = modelPath(options.modelsDir, files.detector[options.detector ?? DEFAULT_PPOCR_MODELS.detector]);
  const classifierPath = useClassifier ? modelPath(options.modelsDir, files.angleClassifier) : null;

  const detector = await ort.InferenceSession.create(detectorPath, sessionOptions);
  const primary = await loadReader(
    options.modelsDir,
    recognizer === 'auto' ? 'tiny' : recognizer,
    // Under `auto` the precision is the small recognizer's; the tiny one has float32 only.
    recognizer === 'auto' ? 'float32' : precision,
    sessionOptions,
  );
  const secondReader =
    recognizer === 'auto' ? await loadReader(options.modelsDir, 'small', precision, sessionOptions) : null;
  const classifier = classifierPath ? await ort.InferenceSession.create(classifierPath, sessionOptions) : null;
  const detection = { ...DEFAULT_DETECTION_SIZE, ...options.detection };
  const coarseDetection = { ...COARSE_DETECTION_SIZE, ...options.coarseDetection };
  const minLineConfidence = options.minLineConfidence ?? 0.5;
  const batching = { maxLines: options.recognitionBatchSize ?? 3, maxWidth: options.recognitionBatchWidth ?? 1200 };

  return {
    name: ppOcrEngineName(recognizer),
    async recognize(image: RgbImage, known?: KnownInk): Promise<Word[]> {
      assertRgbImage(image);
      let rects;
      if (known) {
        // A page whose every mark is a known word or rule has no line the text layer lacks; on any
        // other, the detector looks around the marks nothing explains, at the coarse scale.
        const unexplained = unexplainedInk(image, known);
        if (unexplained.length === 0) return [];
        const windows = detectionWindows(unexplained, image.width, image.height);
        rects = await detectTextLines(detector, image, coarseDetection, windows);
        rects = rects.filter((rect) => !isKnownLine(boundsOf(rect.quad), known.text));
      } else rects = await detectTextLines(detector, image, detection, inkWindows(image));
      let crops = rects.map((rect) => cropLine(image, rect));
      if (classifier) crops = await classifyAngles(classifier, crops, batching.maxLines);
      const lines = (await readLines(crops, primary, secondReader, batching)).map(withWordChoices);
      const words: Word[] = [];
      let lineIndex = 0;
      for (const line of lines) {
        const confidence = line.chars.reduce((sum, char) => sum + char.probability, 0) / Math.max(1, line.chars.length);
        if (line.chars.length === 0 || confidence < minLineConfidence) continue;
        const lineWords = toWords(line, { blockIndex: 0, lineIndex });
        if (lineWords.length === 0) continue;
        words.push(...lineWords);
        lineIndex += 1;
      }
      return splitAtColumns(words);
    },
    async close(): Promise<void> {
      await Promise.all([
        detector.release(),
        primary.session.release(),
        secondReader?.session.release(),
        classifier?.release(),
      ]);
    },
  };
}
