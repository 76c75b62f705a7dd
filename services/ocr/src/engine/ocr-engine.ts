import type { Word } from '@folio/proto/documents/v1';
import type { KnownInk } from './unexplained-ink.js';

/** A rendered page handed to an OCR engine. */
export interface OcrPageImage {
  pageIndex: number;
  /** The encoded page image (PNG from the render stage). */
  image: Uint8Array;
  /** Image size in pixels. */
  width: number;
  height: number;
  /**
   * What the page's text layer already holds (page pixels): its words' boxes and its rules. The
   * engine looks only for text lines they do not account for (`unexplainedInk`, `isKnownLine`).
   */
  known?: KnownInk;
}

/**
 * Reads the words of a page image. Implementations (PP-OCR on onnxruntime-node, Tesseract) know
 * their model, not gRPC or storage. Words come back in page pixels, in reading order, with
 * confidences in 0..1 and block/line indexes as the engine groups them.
 */
export interface OcrEngine {
  /** Recorded as the words' `source`, e.g. "ppocr-v4". */
  readonly name: string;
  /** `signal`: the caller gave up; a page still waiting for a worker is dropped. */
  recognize(page: OcrPageImage, signal?: AbortSignal): Promise<Word[]>;
}
