import { decodePng } from '@folio/imaging';
import type { Word } from '@folio/proto/documents/v1';
import type { OcrEngine, OcrPageImage } from '../ocr-engine.js';
import { createPpOcrEngine, type PpOcrEngineOptions } from './ppocr-engine.js';

/** The service's OcrEngine seam backed by PP-OCR, plus a way to free the models at shutdown. */
export interface PpOcrServiceEngine extends OcrEngine {
  close(): Promise<void>;
}

/**
 * Builds the OCR service's engine: decodes each page PNG with MuPDF (blocking, tens of ms per
 * page at scale 2) and runs PP-OCR on it. A page whose decoded size differs from the size the
 * render stage recorded is still read; boxes are in the decoded image's pixels. With `known`, only
 * the lines the text layer lacks are read.
 */
export async function createPpOcrServiceEngine(options: PpOcrEngineOptions): Promise<PpOcrServiceEngine> {
  const engine = await createPpOcrEngine(options);
  return {
    name: engine.name,
    recognize: (page: OcrPageImage): Promise<Word[]> => engine.recognize(decodePng(page.image), page.known),
    close: () => engine.close(),
  };
}
