import type { Word } from '@folio/proto/documents/v1';
import { startThreadPool, type Logger } from '@folio/runtime';
import type { FormulaEngineOptions } from '../formula/formula-engine.js';
import { FORMULA_ENGINE_NAME } from '../formula/formula-engine.js';
import type { FormulaPageImage, FormulaReader } from '../formula/formula-reader.js';
import type { OcrEngine, OcrPageImage } from '../ocr-engine.js';
import { DEFAULT_PPOCR_MODELS, ppOcrEngineName } from './model-files.js';
import type { PpOcrEngineOptions } from './ppocr-engine.js';

/** What each worker thread loads: PP-OCR, the formula recognizer, or both. */
export interface OcrWorkerData {
  ppocr?: PpOcrEngineOptions;
  formula?: FormulaEngineOptions;
}

/** One job of the pool: a page to read, or the formulas of a page. */
export type OcrJob = { kind: 'page'; page: OcrPageImage } | { kind: 'formulas'; page: FormulaPageImage };
export type OcrJobResult = { kind: 'words'; words: Word[] } | { kind: 'latex'; latex: string[] };

/** The OCR service's engine: PP-OCR in worker threads. */
export interface PooledOcrEngine extends OcrEngine {
  close(): Promise<void>;
}

export interface OcrWorkerPoolOptions {
  /** PP-OCR options; absent: the workers load no text model. */
  ppocr?: PpOcrEngineOptions;
  /** Formula recognizer options; absent: the workers load no formula model. */
  formula?: FormulaEngineOptions;
  /** Worker threads, each with its own copy of the models. */
  workers: number;
  logger: Logger;
  /** The compiled worker entry; ocr-worker.js next to this module by default (tests point at dist/). */
  workerUrl?: URL;
  /** One page's time limit on its worker (THREAD_JOB_TIMEOUT_SEC); 0 or absent: none. */
  jobTimeoutMs?: number;
}

/** The OCR stage's models running in one pool of worker threads. */
export interface OcrWorkerPool {
  engine?: OcrEngine;
  formulas?: FormulaReader;
  close(): Promise<void>;
}

/**
 * Starts `workers` threads that each load the configured models (ocr-worker.js) and resolves once
 * all have; rejects (a model file missing, say) before the service starts listening. Page reads and
 * formula reads share the threads, so the stage never runs more inferences at once than it has
 * workers.
 */
export async function createOcrWorkerPool(options: OcrWorkerPoolOptions): Promise<OcrWorkerPool> {
  const { workers, logger, workerUrl, ppocr, formula, jobTimeoutMs } = options;
  const workerData: OcrWorkerData = { ppocr, formula };
  const pool = await startThreadPool<OcrJob, OcrJobResult>({
    name: 'ocr',
    size: workers,
    workerUrl: workerUrl ?? new URL('./ocr-worker.js', import.meta.url),
    workerData,
    logger,
    jobTimeoutMs,
  });
  const engine: OcrEngine | undefined = ppocr && {
    name: ppOcrEngineName(ppocr.recognizer ?? DEFAULT_PPOCR_MODELS.recognizer),
    recognize: async (page: OcrPageImage, signal?: AbortSignal): Promise<Word[]> => {
      const result = await pool.run({ kind: 'page', page }, { signal });
      if (result.kind !== 'words') throw new Error(`OCR worker answered a page with ${result.kind}`);
      return result.words;
    },
  };
  const formulas: FormulaReader | undefined = formula && {
    name: FORMULA_ENGINE_NAME,
    readFormulas: async (page: FormulaPageImage, signal?: AbortSignal): Promise<string[]> => {
      const result = await pool.run({ kind: 'formulas', page }, { signal });
      if (result.kind !== 'latex') throw new Error(`OCR worker answered formulas with ${result.kind}`);
      return result.latex;
    },
  };
  return { engine, formulas, close: () => pool.close() };
}

export interface PooledOcrEngineOptions extends PpOcrEngineOptions {
  /** Worker threads, each with its own models (`threads` ONNX threads each). */
  workers: number;
  logger: Logger;
  /** The compiled worker entry; ocr-worker.js next to this module by default (tests point at dist/). */
  workerUrl?: URL;
}

/** PP-OCR alone in worker threads (createOcrWorkerPool without a formula recognizer). */
export async function createPooledOcrEngine(options: PooledOcrEngineOptions): Promise<PooledOcrEngine> {
  const { workers, logger, workerUrl, ...ppocr } = options;
  const pool = await createOcrWorkerPool({ ppocr, workers, logger, workerUrl });
  // `ppocr` was given, so the pool has an engine.
  const engine = pool.engine!;
  return { name: engine.name, recognize: (page) => engine.recognize(page), close: () => pool.close() };
}
