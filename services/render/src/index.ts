export { createRenderServer } from './server.js';
export type { RenderServerDeps } from './deps.js';
export { loadConfig } from './config.js';
export type { RenderConfig } from './config.js';
export { createMupdfEngine } from './engine/render-engine.js';
export type {
  MupdfEngineOptions,
  PreparedDocument,
  RenderEngine,
  PixelRect,
  RenderedPageImage,
} from './engine/render-engine.js';
export { createWorkerPool } from './engine/worker-pool.js';
export type { WorkerPoolOptions } from './engine/worker-pool.js';
export { createInlineExecutor } from './engine/inline-executor.js';
export type { RenderExecutor } from './engine/render-ops.js';
export { createSofficeConverter } from './engine/office-converter.js';
export type { OfficeConverter, SofficeConverterOptions } from './engine/office-converter.js';
export { ConverterUnavailableError } from './errors.js';
export { createPng, createTextPdf } from './testing/fixtures.js';
export type { FixturePage, FixtureText } from './testing/fixtures.js';
