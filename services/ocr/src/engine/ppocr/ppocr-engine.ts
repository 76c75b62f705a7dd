import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { assertRgbImage, type RgbImage } from '@folio/imaging';
import type { Word } from '@folio/proto/documents/v1';
import { AppError, type ModelPrecision } from '@folio/runtime';
import * as ort from 'onnxruntime-node';
import { createAlphabet } from './ctc.js';
import { DEFAULT_DETECTION_SIZE, detectTextLines, type DetectionSize } from './detector.js';
import { classifyAngles, recognizeLines } from './recognizer.js';
import { cropLine } from './line-crops.js';
import { toWords } from './words.js';

/** Files under `<modelsDir>/`, as scripts/models.mjs installs them (see docs/models.md). */
export const PPOCR_MODEL_FILES = {
  detector: 'ppocr/PP-OCRv6_det_small.onnx',
  recognizer: 'ppocr/PP-OCRv6_rec_small.onnx',
  /** The recognizer quantized by scripts/models.mjs (docs/models.md). */
  recognizerInt8: 'ppocr/PP-OCRv6_rec_small.int8.onnx',
  /** One character per line, taken from the recognizer's ONNX metadata key `character`. */
  dictionary: 'ppocr/ppocrv6_dict.txt',
  angleClassifier: 'ppocr/ch_ppocr_mobile_v2.0_cls_mobile.onnx',
} as const;

/** Recorded as the words' source. */
export const PPOCR_ENGINE_NAME = 'ppocr-v6-small';

/** Options of createPpOcrEngine. */
export interface PpOcrEngineOptions {
  /** The folder scripts/models.mjs fills (the repository's `models/` by default there). */
  modelsDir: string;
  /** ONNX Runtime intra-op threads per inference; 1 lets pages run in parallel instead. */
  threads?: number;
  /**
   * Recognizer weights: `float32` (default, the published file) or `int8` (the quantized copy). The
   * detector stays in float: in int8 its line boxes moved enough to misplace short words.
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
  /** Page scaling for the detector. */
  detection?: Partial<DetectionSize>;
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
   * blocks; layout groups lines later). Safe to call concurrently.
   */
  recognize(image: RgbImage): Promise<Word[]>;
  /** Frees the ONNX sessions. */
  close(): Promise<void>;
}

function modelPath(modelsDir: string, file: string): string {
  const path = join(modelsDir, file);
  if (!existsSync(path)) {
    throw new AppError(
      'FAILED_PRECONDITION',
      `OCR model file ${path} is missing: run \`npm run setup\` (scripts/models.mjs) or set the models folder`,
      { context: { path } },
    );
  }
  return path;
}

/**
 * Loads the PP-OCRv6 small models (RapidOCR 3.10's ONNX export) from `modelsDir` and returns the
 * engine. Throws a FAILED_PRECONDITION AppError when a model file is missing.
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
  const detectorPath = modelPath(options.modelsDir, files.detector);
  const recognizerPath = modelPath(
    options.modelsDir,
    options.precision === 'int8' ? files.recognizerInt8 : files.recognizer,
  );
  const dictionaryPath = modelPath(options.modelsDir, files.dictionary);
  const classifierPath = useClassifier ? modelPath(options.modelsDir, files.angleClassifier) : null;

  const alphabet = createAlphabet(await readFile(dictionaryPath, 'utf8'));
  const detector = await ort.InferenceSession.create(detectorPath, sessionOptions);
  const recognizer = await ort.InferenceSession.create(recognizerPath, sessionOptions);
  const classifier = classifierPath ? await ort.InferenceSession.create(classifierPath, sessionOptions) : null;
  const detection = { ...DEFAULT_DETECTION_SIZE, ...options.detection };
  const minLineConfidence = options.minLineConfidence ?? 0.5;
  const batching = { maxLines: options.recognitionBatchSize ?? 3, maxWidth: options.recognitionBatchWidth ?? 1200 };

  return {
    name: PPOCR_ENGINE_NAME,
    async recognize(image: RgbImage): Promise<Word[]> {
      assertRgbImage(image);
      const rects = await detectTextLines(detector, image, detection);
      let crops = rects.map((rect) => cropLine(image, rect));
      if (classifier) crops = await classifyAngles(classifier, crops, batching.maxLines);
      const lines = await recognizeLines(recognizer, crops, alphabet, batching);
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
      return words;
    },
    async close(): Promise<void> {
      await Promise.all([detector.release(), recognizer.release(), classifier?.release()]);
    },
  };
}
