import { workerData } from 'node:worker_threads';
import type { Word } from '@folio/proto/documents/v1';
import { serveThreadJobs } from '@folio/runtime';
import type { OcrPageImage } from '../ocr-engine.js';
import type { PpOcrEngineOptions } from './ppocr-engine.js';
import { createPpOcrServiceEngine, type PpOcrServiceEngine } from './ppocr-ocr-engine.js';

/**
 * Worker thread of the OCR service's pool: loads the PP-OCR models once, then reads one page per
 * job (PNG decode, detection, angle classification, recognition). onnxruntime-node's `run` holds
 * its thread for the whole inference, so pages are read here and the service's thread stays free.
 */
let engine: PpOcrServiceEngine | undefined;

serveThreadJobs<OcrPageImage, Word[]>({
  start: async () => {
    engine = await createPpOcrServiceEngine(workerData as PpOcrEngineOptions);
  },
  // `start` ran first: serveThreadJobs answers jobs only after it succeeded.
  handle: async (page) => ({ output: await engine!.recognize(page) }),
});
