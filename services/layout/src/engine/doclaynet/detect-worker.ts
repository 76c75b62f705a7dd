import { workerData } from 'node:worker_threads';
import { decodePng } from '@folio/imaging';
import { serveThreadJobs } from '@folio/runtime';
import {
  createDocLayNetEngine,
  type DocLayNetEngine,
  type DocLayNetEngineOptions,
  type LayoutDetection,
} from './doclaynet-engine.js';
import { markBlankRegions } from './blank-regions.js';
import { splitAtGutters } from './picture-gutters.js';
import { markLattices } from './ruled-lattice.js';

/**
 * Worker thread of the layout service's detector pool: loads the DocLayNet model once, then
 * decodes each page PNG, runs the detector on it, splits Pictures at gutters (picture-gutters.ts),
 * flags boxes that show nothing (blank-regions.ts) and gives Pictures the rules of a table drawn in
 * them (ruled-lattice.ts). onnxruntime-node's `run` holds its thread
 * for the whole inference, so detection runs here and the service's thread stays free for gRPC,
 * storage and word assignment.
 */
let engine: DocLayNetEngine | undefined;
/** The same model with `soloThreads` ONNX threads, for a page alone in the pool; none when not wider. */
let soloEngine: DocLayNetEngine | undefined;

/** What the pool hands every detector worker. */
export interface DetectWorkerData extends DocLayNetEngineOptions {
  soloThreads?: number;
}

/**
 * One inference on blank paper before the first page: onnxruntime sizes its buffers and prepares
 * its kernels on the first run, which would otherwise slow the first real page. A letter page's
 * shape: onnxruntime re-plans for each new input shape, and most pages are portrait.
 */
async function warmUp(detector: DocLayNetEngine): Promise<void> {
  const width = Math.round((detector.inputSide * 612) / 792);
  const height = detector.inputSide;
  await detector.detect({ width, height, rgb: new Uint8Array(width * height * 3).fill(255) });
}

serveThreadJobs<Uint8Array, LayoutDetection[]>({
  start: async () => {
    const { soloThreads, ...options } = workerData as DetectWorkerData;
    engine = await createDocLayNetEngine(options);
    await warmUp(engine);
    if (soloThreads !== undefined && soloThreads > (options.threads ?? 1)) {
      soloEngine = await createDocLayNetEngine({ ...options, threads: soloThreads });
      await warmUp(soloEngine);
    }
  },
  // `start` ran first: serveThreadJobs answers jobs only after it succeeded.
  handle: async (png, { alone }) => {
    const image = decodePng(png);
    const detector = alone ? (soloEngine ?? engine!) : engine!;
    const detections = markBlankRegions(splitAtGutters(await detector.detect(image), image), image);
    return { output: markLattices(detections, image) };
  },
});
