import type { Word } from '@folio/proto/documents/v1';
import { startThreadPool, type Logger } from '@folio/runtime';
import type { OcrEngine, OcrPageImage } from '../ocr-engine.js';
import { DEFAULT_PPOCR_MODELS, ppOcrEngineName } from './model-files.js';
import type { PpOcrEngineOptions } from './ppocr-engine.js';

/** The OCR service's engine: PP-OCR in worker threads. */
export interface PooledOcrEngine extends OcrEngine {
  close(): Promise<void>;
}

export interface PooledOcrEngineOptions extends PpOcrEngineOptions {
  /** Worker threads, each with its own models (`threads` ONNX threads each). */
  workers: number;
  logger: Logger;
  /** The compiled worker entry; ocr-worker.js next to this module by default (tests point at dist/). */
  workerUrl?: URL;
}

/**
 * Starts `workers` threads that each load the PP-OCR models (ocr-worker.js) and resolves once all
 * have; rejects (a model file missing, say) before the service starts listening.
 */
export async function createPooledOcrEngine(options: PooledOcrEngineOptions): Promise<PooledOcrEngine> {
  const { workers, logger, workerUrl, ...engineOptions } = options;
  const pool = await startThreadPool<OcrPageImage, Word[]>({
    name: 'ocr',
    size: workers,
    workerUrl: workerUrl ?? new URL('./ocr-worker.js', import.meta.url),
    workerData: engineOptions,
    logger,
  });
  return {
    name: ppOcrEngineName(engineOptions.recognizer ?? DEFAULT_PPOCR_MODELS.recognizer),
    recognize: (page: OcrPageImage): Promise<Word[]> => pool.run(page),
    close: () => pool.close(),
  };
}
