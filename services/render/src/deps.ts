import type { Logger, ObjectStore } from '@folio/runtime';
import type { RenderEngine } from './engine/render-engine.js';

/** What the render service is built from; tests pass an fs store and an inline engine. */
export interface RenderServerDeps {
  store: ObjectStore;
  engine: RenderEngine;
  logger: Logger;
}
