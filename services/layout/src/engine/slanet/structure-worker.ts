import { workerData } from 'node:worker_threads';
import { decodePng } from '@folio/imaging';
import type { BBox } from '@folio/proto/common/v1';
import { serveThreadJobs } from '@folio/runtime';
import type { TableStructure } from '../table-structure-engine.js';
import { createSlanetEngine, type SlanetEngine, type SlanetEngineOptions } from './slanet-engine.js';

/** One job: a page PNG and the boxes of its tables, in page pixels. */
export interface TableJob {
  image: Uint8Array;
  tables: BBox[];
}

/**
 * Worker thread of the layout service's table pool: loads SLANet once, then decodes each page PNG
 * and reads the structure of every table box on it. onnxruntime-node's `run` holds its thread for
 * the whole inference, so this runs off the service's gRPC thread, like the detector.
 */
let engine: SlanetEngine | undefined;

serveThreadJobs<TableJob, TableStructure[]>({
  start: async () => {
    engine = await createSlanetEngine(workerData as SlanetEngineOptions);
    // One run on blank paper: onnxruntime prepares its kernels on the first run.
    const side = 64;
    await engine.recognize(
      { width: side, height: side, rgb: new Uint8Array(side * side * 3).fill(255) },
      { left: 0, top: 0, width: side, height: side },
    );
  },
  handle: async ({ image, tables }) => {
    const page = decodePng(image);
    const output: TableStructure[] = [];
    // `start` ran first: serveThreadJobs answers jobs only after it succeeded.
    for (const box of tables) output.push(await engine!.recognize(page, box));
    return { output };
  },
});
