import type { TextLayer } from '@folio/proto/documents/v1';

/**
 * The contract between the main thread and the MuPDF worker threads. Everything here must survive
 * structured cloning: plain objects, numbers, strings and typed arrays only.
 */

/** A rectangle in page-image pixels, origin top-left. */
export interface PixelRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface PrepareInput {
  bytes: Uint8Array;
  /** Detected MIME type; tells MuPDF which document handler to use. */
  mimeType: string;
  /** Office and HTML inputs are converted to PDF before they get here. */
  family: 'pdf' | 'image';
}

export interface PrepareOutput {
  /** The PDF made from an image input; null when the input already was the PDF. */
  pdf: Uint8Array | null;
  pageCount: number;
  /** MuPDF warnings (e.g. "repairing PDF document"), for debug logs. */
  warnings: string[];
}

/** About 300 dpi on a Letter page: the default long side of the pages OCR reads. */
export const DEFAULT_OCR_LONG_SIDE = 2000;

export interface RenderInput {
  /** The PDF; may be a view of a SharedArrayBuffer shared by several workers. */
  pdf: Uint8Array;
  /** 0-based page indexes. */
  pageIndexes: number[];
  /** Pixels per PDF point of pages whose text layer is kept as it is. */
  scale: number;
  /**
   * Long side in pixels of the pages OCR reads (scans, and pages without a usable text layer),
   * whatever `scale` is. 0 renders every page at `scale`.
   */
  ocrLongSide: number;
  /**
   * Pages OCR reads (scans, photos, pages without a usable text layer) come back with an
   * `orientationSample` for the orientation classifier.
   */
  orientationSamples?: boolean;
  /** Pages to draw turned clockwise by this many degrees (upright), by page index. */
  turns?: Record<number, QuarterTurn>;
}

/** A page turned by a quarter turn or two, clockwise. */
export type QuarterTurn = 90 | 180 | 270;

/** Side of the square the orientation classifier reads, and the short side it is cut from. */
export const ORIENTATION_SAMPLE_SIDE = 224;
export const ORIENTATION_SHORT_SIDE = 256;

export interface RenderedPageImage {
  pageIndex: number;
  png: Uint8Array;
  /** Image size in pixels. */
  width: number;
  height: number;
  /** Pixels per PDF point this page was rendered at. */
  scale: number;
  /** Boxes in the pixels of `png`. */
  textLayer: TextLayer;
  wordCount: number;
  /**
   * The page drawn with its short side ORIENTATION_SHORT_SIDE pixels, its centre square of
   * ORIENTATION_SAMPLE_SIDE cut out, packed RGB: when asked (`orientationSamples`) and OCR reads the page.
   */
  orientationSample?: Uint8Array;
  /** The quarter turn the page was drawn with (`turns`); absent when drawn as the PDF has it. */
  turned?: QuarterTurn;
}

export interface RenderOutput {
  pages: RenderedPageImage[];
  warnings: string[];
}

export interface CropInput {
  /** An encoded image (PNG from RenderPages, but any format MuPDF reads works). */
  image: Uint8Array;
  boxes: PixelRect[];
}

export interface CropOutput {
  /** One PNG per box, in the order of `boxes`. */
  crops: Uint8Array[];
  warnings: string[];
}

/** The operations a worker runs; each one is synchronous and CPU-bound. */
export interface RenderOps {
  prepare(input: PrepareInput): PrepareOutput;
  render(input: RenderInput): RenderOutput;
  crop(input: CropInput): CropOutput;
}

export type RenderOpName = keyof RenderOps;
export type RenderOpInput<K extends RenderOpName> = Parameters<RenderOps[K]>[0];
export type RenderOpOutput<K extends RenderOpName> = ReturnType<RenderOps[K]>;

/**
 * Runs render operations somewhere: in a pool of worker threads (production) or on the calling
 * thread (unit tests, where blocking does not matter).
 */
export interface RenderExecutor {
  /** How many operations can run at once; the engine splits page batches by it. */
  readonly concurrency: number;
  /** Gets every worker ready (MuPDF loaded and warmed up) before the first request. */
  start(): Promise<void>;
  /** `signal`: the caller gave up; an operation still waiting for a worker is dropped. */
  run<K extends RenderOpName>(op: K, input: RenderOpInput<K>, signal?: AbortSignal): Promise<RenderOpOutput<K>>;
  close(): Promise<void>;
}
