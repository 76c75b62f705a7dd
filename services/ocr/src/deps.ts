import type { Logger, ObjectStore } from '@folio/runtime';
import type { FormulaReader } from './engine/formula/formula-reader.js';
import type { OcrEngine } from './engine/ocr-engine.js';

/** What the OCR service is built from. */
export interface OcrServerDeps {
  store: ObjectStore;
  logger: Logger;
  /** The OCR model; absent until one is configured, and then pages use their PDF text layer. */
  engine?: OcrEngine;
  /** The formula recognizer; absent when none is configured, and then ReadFormulas reads nothing. */
  formulas?: FormulaReader;
  /** Pages of a batch recognized at once (default 1). */
  concurrency?: number;
}
