import type { Logger, ObjectStore } from '@folio/runtime';
import type { OcrEngine } from './engine/ocr-engine.js';

/** What the OCR service is built from. */
export interface OcrServerDeps {
  store: ObjectStore;
  logger: Logger;
  /** The OCR model; absent until one is configured, and then pages use their PDF text layer. */
  engine?: OcrEngine;
  /** Pages of a batch recognized at once (default 1). */
  concurrency?: number;
}
