export { createLayoutServer } from './server.js';
export type { LayoutServerDeps } from './deps.js';
export { loadConfig } from './config.js';
export type { LayoutConfig } from './config.js';
export type { DetectedRegion, LayoutEngine, LayoutPageImage } from './engine/layout-engine.js';
export { pageSegment, segmentByBlocks, segmentByRegions } from './engine/segmenter.js';
export type { IdFactory, PageSize } from './engine/segmenter.js';
export { orderByPosition, orderWords } from './engine/reading-order.js';
export { formulaFromGlyphs } from './engine/math-layout.js';
