export { createOcrServer } from './server.js';
export type { OcrServerDeps } from './deps.js';
export { loadConfig } from './config.js';
export type { OcrConfig } from './config.js';
export type { OcrEngine, OcrPageImage } from './engine/ocr-engine.js';
export { chooseWordSource, isUsableTextLayer, textLayerWords } from './engine/word-source.js';
export type { WordSource } from './engine/word-source.js';
