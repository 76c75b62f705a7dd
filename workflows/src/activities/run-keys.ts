import { storageKeys } from '../contracts.js';
import type { RunRef } from './types.js';

const pad = (pageIndex: number): string => String(pageIndex).padStart(5, '0');

/** Where a run's page manifests live: its own prefix, or the earlier run it reuses. */
const pagesOf = (run: RunRef): string => run.pagesRunPrefix ?? run.runPrefix;

/**
 * Where a run keeps its artifacts. Stages write under their own prefixes; the activities add one
 * small manifest per page and stage, so that the workflow passes page indexes, never per-page
 * references, and its history stays small for long documents.
 */
export const runKeys = {
  pagesPrefix: (run: RunRef): string => `${run.runPrefix}pages/`,
  ocrPrefix: (run: RunRef): string => `${run.runPrefix}ocr/`,
  layoutPrefix: (run: RunRef): string => `${run.runPrefix}layout/`,
  crop: (run: RunRef, segmentId: string): string =>
    `${run.runPrefix}crops/${segmentId.replace(/[^A-Za-z0-9_-]/g, '_')}.png`,
  /** JSON `RenderedPage` of one page. */
  renderManifest: (run: RunRef, pageIndex: number): string => storageKeys.renderManifest(pagesOf(run), pageIndex),
  /** JSON `OcrPageResult` of one page. */
  ocrManifest: (run: RunRef, pageIndex: number): string => `${pagesOf(run)}manifests/ocr/${pad(pageIndex)}.json`,
  /** JSON `LayoutPageResult` of one page. */
  layoutManifest: (run: RunRef, pageIndex: number): string => `${pagesOf(run)}manifests/layout/${pad(pageIndex)}.json`,
  /** JSON `SegmentExtras` with the crops. */
  cropExtras: (run: RunRef): string => `${run.runPrefix}extras.json`,
  /** JSON `SegmentExtras` with the crops and the language model's answers. */
  llmExtras: (run: RunRef): string => `${run.runPrefix}extras-llm.json`,
  /** JSON `ChunkedOutput`: the task's result. */
  output: (run: RunRef): string => `${run.runPrefix}output.json`,
  /** JSON `ExtractionDocument` the LLM stage extracts from (extract tasks). */
  extractionInput: (run: RunRef): string => `${run.runPrefix}extraction-input.json`,
  /** JSON `ExtractionOutput` (extract tasks). */
  extraction: (run: RunRef): string => `${run.runPrefix}extraction.json`,
};
