import { readFile } from 'node:fs/promises';
import type { RgbImage } from '@folio/imaging';
import { requireModelFile, timeInference } from '@folio/runtime';
import * as ort from 'onnxruntime-node';
import { BOS_TOKEN, decodeLatex, EOS_TOKEN, parseVocabulary, type LatexVocabulary } from './latex-tokens.js';
import {
  formulaInk,
  formulaInputAt,
  SYMBOL_HEIGHT,
  symbolScale,
  type FormulaInk,
  type FormulaInput,
} from './preprocess.js';

/** Files under `<modelsDir>/`, as scripts/models.mjs writes them (scripts/formula/export.py). */
export const FORMULA_MODEL_FILES = {
  encoder: 'formula/encoder.onnx',
  decoder: 'formula/decoder.onnx',
  tokenizer: 'formula/tokenizer.json',
} as const;

/** Recorded as the reader of the LaTeX. */
export const FORMULA_ENGINE_NAME = 'pix2tex';

/** The decoder's absolute position embeddings stop at 512 tokens, [BOS] included. */
const MAX_POSITIONS = 512;
/** Decoder layers with a self-attention cache, and the cache's heads and width. */
const LAYERS = 4;
const HEADS = 8;
const HEAD_WIDTH = 64;

/**
 * Without the page's text to size it by, median symbol heights (input pixels) a crop is read at, in
 * turn: the tuned one (SYMBOL_HEIGHT), then smaller. On the formula benchmark's 300 dpi scans the
 * estimate said 7 where the letters wanted about 3.5: a scan's grain and broken strokes count as
 * symbols.
 */
const SYMBOL_HEIGHTS = [SYMBOL_HEIGHT, 5, 3.5];
/**
 * The height, in input pixels, a word of the page's text is scaled to: a formula is set in the
 * text's type, and pix2tex reads it best near the size it was trained at. On the formula benchmark's
 * Computer Modern scans (150 displays cropped at their ink) the reading matched for 101-118 at this
 * size (OCR word boxes of 56 px at 300 dpi scaled by 0.45, of 28 px at 150 dpi by 0.9), 85-117 at
 * 0.8 or 1.2 times it, and 88 at the symbol-height estimate.
 */
const WORD_HEIGHT = 25;
/** Sizes, as shares of WORD_HEIGHT's scale, a crop is read at in turn while no reading is sure. */
const WORD_SCALES = [1, 0.78, 1.22];
/** A reading whose tokens average at least this log-probability (about 98% each) is taken without another try. */
const SURE = -0.02;
/**
 * Another scale's reading replaces the one before only when its mean log-probability is higher by
 * this much: on the checks set's papers a wrong reading beat a right one by 0.014, where on the
 * benchmark's scans the right ones won by 0.04 to 0.19.
 */
const MARGIN = 0.03;
/**
 * pix2tex learnt "[object Object]" from web pages of its training set; a reading with it is noise
 * (57 of 2,400 readings of the benchmark's scans, none right).
 */
const NOISE = /object\s*Object/u;

/**
 * The resize factors a crop is read at, in turn: by its median symbol first (on the checks set's
 * real pages that reading, when sure, was right where the words' scale lost four formulas), then by
 * the page's word height when known, else by smaller symbols.
 */
function scalesOf(ink: FormulaInk, textHeight: number | undefined): number[] {
  const bySymbol = SYMBOL_HEIGHTS.map((height) => symbolScale(ink, height));
  if (!textHeight) return bySymbol;
  return [bySymbol[0]!, ...WORD_SCALES.map((share) => (share * WORD_HEIGHT) / textHeight)];
}

/** Options of createFormulaEngine. */
export interface FormulaEngineOptions {
  /** The folder scripts/models.mjs fills (its `formula/` subfolder holds the model). */
  modelsDir: string;
  /** ONNX Runtime intra-op threads per inference (default 1: formulas of several pages run in parallel). */
  threads?: number;
  /**
   * At most this many tokens per formula (default 400, at most 511). A display formula of the
   * OmniDocBench demo takes 20-250; a crop that is not a formula may never produce [EOS].
   */
  maxTokens?: number;
}

/** Reads the LaTeX of formula images. */
export interface FormulaEngine {
  readonly name: string;
  /**
   * The LaTeX of one formula crop, or '' for a crop without ink; `textHeight` is the median height
   * of the page's words, in the crop's pixels, when the page has text to size the formula by.
   */
  read(crop: RgbImage, textHeight?: number): Promise<string>;
  close(): Promise<void>;
}

function modelPath(modelsDir: string, file: string): string {
  return requireModelFile(modelsDir, file, 'formula', ' or set FORMULA_ENGINE=none');
}

/** Throws the FAILED_PRECONDITION error of the first formula model file missing from `modelsDir`. */
export function assertFormulaModelFiles(modelsDir: string): void {
  for (const file of Object.values(FORMULA_MODEL_FILES)) modelPath(modelsDir, file);
}

/** The self-attention cache of an empty sequence: every layer's keys and values with length 0. */
function emptyCache(): Record<string, ort.Tensor> {
  const cache: Record<string, ort.Tensor> = {};
  for (let layer = 0; layer < LAYERS; layer += 1) {
    for (const part of ['key', 'value']) {
      cache[`past_${part}_${layer}`] = new ort.Tensor('float32', new Float32Array(0), [1, HEADS, 0, HEAD_WIDTH]);
    }
  }
  return cache;
}

/** Index of the largest of the first `count` values, and its log-probability under their softmax. */
function argmax(values: Float32Array, count: number): { index: number; logProb: number } {
  let best = 0;
  for (let i = 1; i < count; i += 1) if (values[i]! > values[best]!) best = i;
  let sum = 0;
  for (let i = 0; i < count; i += 1) sum += Math.exp(values[i]! - values[best]!);
  return { index: best, logProb: -Math.log(sum) };
}

/**
 * Loads pix2tex (encoder, KV-cached decoder, tokenizer) from `modelsDir` and returns the engine.
 * Throws a FAILED_PRECONDITION AppError naming the first missing file.
 */
export async function createFormulaEngine(options: FormulaEngineOptions): Promise<FormulaEngine> {
  const encoderPath = modelPath(options.modelsDir, FORMULA_MODEL_FILES.encoder);
  const decoderPath = modelPath(options.modelsDir, FORMULA_MODEL_FILES.decoder);
  const tokenizerPath = modelPath(options.modelsDir, FORMULA_MODEL_FILES.tokenizer);
  const sessionOptions: ort.InferenceSession.SessionOptions = {
    intraOpNumThreads: options.threads ?? 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    enableCpuMemArena: false,
  };
  const vocabulary: LatexVocabulary = parseVocabulary(await readFile(tokenizerPath, 'utf8'));
  const encoder = await ort.InferenceSession.create(encoderPath, sessionOptions);
  const decoder = await ort.InferenceSession.create(decoderPath, sessionOptions);
  const maxTokens = Math.min(options.maxTokens ?? 400, MAX_POSITIONS - 1);
  // Only ids with a piece can be chosen: the output layer is wider than the vocabulary.
  const choices = vocabulary.pieces.length;

  /**
   * The greedy reading of one input as LaTeX, with its tokens' mean log-probability (EOS included);
   * a reading that never ends (a loop repeating itself, often with confident tokens) or holds NOISE
   * scores -Infinity.
   */
  async function decode(input: FormulaInput): Promise<{ latex: string; score: number }> {
    const image = new ort.Tensor('float32', input.tensor, [1, 1, input.height, input.width]);
    // The cross-attention keys and values depend on the image alone: computed once per formula.
    const cross = await timeInference('formula-encoder', () => encoder.run({ image }));
    let cache = emptyCache();
    const tokens: number[] = [];
    let token = BOS_TOKEN;
    let logProbs = 0;
    let steps = 0;
    let ended = false;
    for (let step = 0; step < maxTokens; step += 1) {
      const feeds = { token: new ort.Tensor('int64', BigInt64Array.from([BigInt(token)]), [1, 1]), ...cache, ...cross };
      const outputs = await timeInference('formula-decoder', () => decoder.run(feeds));
      const chosen = argmax(outputs.logits!.data as Float32Array, choices);
      token = chosen.index;
      logProbs += chosen.logProb;
      steps += 1;
      if (token === EOS_TOKEN) {
        ended = true;
        break;
      }
      tokens.push(token);
      const next: Record<string, ort.Tensor> = {};
      for (const name of Object.keys(cache)) next[name] = outputs[name.replace('past', 'present')]!;
      cache = next;
    }
    const latex = decodeLatex(tokens, vocabulary);
    return { latex, score: ended && !NOISE.test(latex) ? logProbs / steps : -Infinity };
  }

  return {
    name: FORMULA_ENGINE_NAME,
    async read(crop, textHeight) {
      // pix2tex reads well only near the scale it was trained at: the crop is read at the tuned
      // scale, then, unless the model was sure of that reading, at others; the surest reading stands.
      const ink = formulaInk(crop);
      if (ink === null) return '';
      let best: { latex: string; score: number } | null = null;
      for (const scale of scalesOf(ink, textHeight)) {
        const reading = await decode(formulaInputAt(ink.ink, scale));
        // The tuned scale's reading stands unless another is clearly surer.
        if (best === null || reading.score >= best.score + MARGIN) best = reading;
        if (best.score >= SURE) break;
      }
      return best!.latex;
    },
    async close() {
      await encoder.release();
      await decoder.release();
    },
  };
}
