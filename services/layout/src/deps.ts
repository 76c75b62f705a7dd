import type { Logger, ObjectStore } from '@folio/runtime';
import type { LayoutEngine } from './engine/layout-engine.js';
import type { PassRunner } from './engine/passes.js';
import type { IdFactory } from './engine/segmenter.js';
import type { TableStructureEngine } from './engine/table-structure-engine.js';

/** What the layout service is built from. */
export interface LayoutServerDeps {
  store: ObjectStore;
  logger: Logger;
  /** The layout detector; absent until one is configured, and then text blocks are the segments. */
  engine?: LayoutEngine;
  /** Reads the structure of detected tables from the page image; without it tables come from words and rules. */
  tableEngine?: TableStructureEngine;
  /** Pages of one request analyzed at once (default 1): the detector's worker count keeps them all busy. */
  concurrency?: number;
  /** Which layout passes run (LAYOUT_SKIP_PASSES); every one by default. */
  passes?: PassRunner;
  /** Segment ids; defaults to crypto.randomUUID. */
  newId?: IdFactory;
}
