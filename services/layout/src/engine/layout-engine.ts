import type { BBox } from '@folio/proto/common/v1';
import type { SegmentType } from '@folio/proto/segment-types';

/** A rendered page handed to a layout detector. */
export interface LayoutPageImage {
  pageIndex: number;
  /** The encoded page image (PNG from the render stage). */
  image: Uint8Array;
  /** Image size in pixels. */
  width: number;
  height: number;
}

/** A layout element found by a model, in page pixels. */
export interface DetectedRegion {
  segmentType: SegmentType;
  bbox: BBox;
  /** The detector's score, 0..1. */
  confidence: number;
  /**
   * The box shows nothing once the page's edges are set aside (blank paper, speckle,
   * bleed-through, a scanner border); set by engines that look at the pixels. Such a region
   * holding no words is dropped.
   */
  blank?: boolean;
  /** The rules of a ruled table the engine saw in a Picture's pixels (see tablesFromLattices). */
  lattice?: Lattice;
}

/**
 * The rules of a ruled table seen in a page image: the positions of its horizontal rules (top to
 * bottom) and of its vertical ones (left to right), and the box they enclose, in page pixels.
 */
export interface Lattice {
  rows: number[];
  columns: number[];
  bbox: BBox;
}

/**
 * Finds layout elements on a page image (e.g. a DocLayNet detector on onnxruntime-node). Knows
 * its model, not gRPC or storage; the handler assigns words to the regions it returns.
 */
export interface LayoutEngine {
  /** For logs, e.g. "yolov8n-doclaynet". */
  readonly name: string;
  /** `signal`: the caller gave up; a page still waiting for a worker is dropped. */
  detect(page: LayoutPageImage, signal?: AbortSignal): Promise<DetectedRegion[]>;
}
