import type { BBox } from '@folio/proto/common/v1';
import { startThreadPool, type Logger } from '@folio/runtime';
import type { TablePageImage, TableStructure, TableStructureEngine } from '../table-structure-engine.js';
import type { SlanetEngineOptions } from './slanet-engine.js';
import type { TableJob } from './structure-worker.js';

/** Options of createSlanetTableEngine. */
export interface SlanetTableEngineOptions extends SlanetEngineOptions {
  /** Worker threads, each with its own model session. */
  workers: number;
  logger: Logger;
  /** The compiled worker entry; structure-worker.js next to this module by default (tests point at dist/). */
  workerUrl?: URL;
  /** One page's time limit on its worker (THREAD_JOB_TIMEOUT_SEC); 0 or absent: none. */
  jobTimeoutMs?: number;
}

/**
 * Builds the layout service's table-structure engine: a pool of worker threads
 * (structure-worker.js), each decoding page PNGs and running SLANet on the table boxes. Resolves
 * once every worker has loaded the model, and rejects (model file missing, say) before the
 * service starts listening.
 */
export async function createSlanetTableEngine(options: SlanetTableEngineOptions): Promise<TableStructureEngine> {
  const { workers, logger, workerUrl, jobTimeoutMs, ...engineOptions } = options;
  const pool = await startThreadPool<TableJob, TableStructure[]>({
    name: 'layout-tables',
    size: workers,
    workerUrl: workerUrl ?? new URL('./structure-worker.js', import.meta.url),
    workerData: engineOptions,
    logger,
    jobTimeoutMs,
  });
  return {
    name: options.model,
    recognize: (page: TablePageImage, tables: BBox[], signal?: AbortSignal): Promise<TableStructure[]> =>
      tables.length === 0 ? Promise.resolve([]) : pool.run({ image: page.image, tables }, { signal }),
    close: () => pool.close(),
  };
}
