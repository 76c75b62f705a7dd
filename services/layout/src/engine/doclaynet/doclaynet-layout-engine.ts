import type { DetectedRegion, LayoutEngine, LayoutPageImage } from '../layout-engine.js';
import { createDocLayNetEngine, type DocLayNetEngineOptions } from './doclaynet-engine.js';
import { decodePng } from './rgb-image.js';

/** The service's LayoutEngine seam backed by the DocLayNet detector, plus a way to free it. */
export interface DocLayNetServiceEngine extends LayoutEngine {
  close(): Promise<void>;
}

/**
 * Builds the layout service's engine: decodes each page PNG with MuPDF (blocking, tens of ms per
 * page at scale 2) and runs the YOLOv8 DocLayNet detector. Regions come sorted by confidence.
 */
export async function createDocLayNetServiceEngine(options: DocLayNetEngineOptions): Promise<DocLayNetServiceEngine> {
  const engine = await createDocLayNetEngine(options);
  return {
    name: engine.name,
    async detect(page: LayoutPageImage): Promise<DetectedRegion[]> {
      // DocLayNetSegmentType is a subset of SegmentType, so the detections fit as they are.
      return engine.detect(decodePng(page.image));
    },
    close: () => engine.close(),
  };
}
