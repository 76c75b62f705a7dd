import { startThreadPool, type Logger } from '@folio/runtime';
import type { DetectedRegion, LayoutEngine, LayoutPageImage } from '../layout-engine.js';
import type { DetectWorkerData } from './detect-worker.js';
import type { DocLayNetEngineOptions, LayoutDetection } from './doclaynet-engine.js';

/** The service's LayoutEngine seam backed by the DocLayNet detector, plus a way to free it. */
export interface DocLayNetServiceEngine extends LayoutEngine {
  close(): Promise<void>;
}

export interface DocLayNetServiceOptions extends DocLayNetEngineOptions {
  /** Worker threads, each with its own model session (`threads` ONNX threads each). */
  workers: number;
  /**
   * ONNX threads of a page that is alone in the pool, from a second session each worker holds;
   * `threads` or fewer (or absent): no second session.
   */
  soloThreads?: number;
  logger: Logger;
  /** The compiled worker entry; detect-worker.js next to this module by default (tests point at dist/). */
  workerUrl?: URL;
  /** One page's time limit on its worker (THREAD_JOB_TIMEOUT_SEC); 0 or absent: none. */
  jobTimeoutMs?: number;
}

/**
 * Builds the layout service's engine: a pool of worker threads (detect-worker.js), each decoding
 * page PNGs with MuPDF and running the YOLOv8 DocLayNet detector. Resolves once every worker has
 * loaded the model, and rejects (model file missing, say) before the service starts listening.
 * Regions come sorted by confidence.
 */
export async function createDocLayNetServiceEngine(options: DocLayNetServiceOptions): Promise<DocLayNetServiceEngine> {
  const { workers, logger, workerUrl, jobTimeoutMs, ...engineOptions } = options;
  const workerData: DetectWorkerData = engineOptions;
  const pool = await startThreadPool<Uint8Array, LayoutDetection[]>({
    name: 'layout',
    size: workers,
    workerUrl: workerUrl ?? new URL('./detect-worker.js', import.meta.url),
    workerData,
    logger,
    jobTimeoutMs,
  });
  return {
    name: 'yolov8n-doclaynet',
    // DocLayNetSegmentType is a subset of SegmentType, so the detections fit as they are.
    detect: (page: LayoutPageImage, signal?: AbortSignal): Promise<DetectedRegion[]> =>
      pool.run(page.image, { signal }),
    close: () => pool.close(),
  };
}
