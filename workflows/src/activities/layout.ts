import { LayoutPageResult } from '@folio/proto/layout/v1';
import { segmentationStrategyCodec } from '@folio/proto/vocabulary-codec';
import { OcrPageResult } from '@folio/proto/ocr/v1';
import { RenderedPage } from '@folio/proto/render/v1';
import type { SegmentationStrategy } from '../contracts.js';
import { callStage } from './call-stage.js';
import { pageSegmentRefs, readMessage, refOf, writeMessage } from './manifests.js';
import { runKeys } from './run-keys.js';
import type { ActivityDeps, RunRef } from './types.js';

export interface AnalyzeLayoutInput {
  run: RunRef;
  /** At most 3 pages: the layout stage's batch size. */
  pageIndexes: number[];
  strategy: SegmentationStrategy;
}

export interface MarkRunningLinesInput {
  run: RunRef;
  pageCount: number;
}

export interface LayoutActivities {
  /** `formulaPageIndexes`: the pages with Formula segments (absent in histories recorded before it). */
  analyzeLayout(input: AnalyzeLayoutInput): Promise<{ segmentCount: number; formulaPageIndexes?: number[] }>;
  /** Once every page is analyzed: the document's running heads and feet become PageHeader/PageFooter. */
  markRunningLines(input: MarkRunningLinesInput): Promise<{ markedCount: number }>;
}

/** Activities of the layout stage. */
export function createLayoutActivities(deps: ActivityDeps): LayoutActivities {
  const { store } = deps;
  return {
    async analyzeLayout(input) {
      const pages = await Promise.all(
        input.pageIndexes.map(async (pageIndex) => {
          const [rendered, ocr] = await Promise.all([
            readMessage(store, runKeys.renderManifest(input.run, pageIndex), RenderedPage),
            readMessage(store, runKeys.ocrManifest(input.run, pageIndex), OcrPageResult),
          ]);
          return { page: rendered.page, words: ocr.words ?? refOf(''), textLayer: rendered.textLayer ?? refOf('') };
        }),
      );
      const response = await callStage(
        deps.clients.layout.analyzeLayout.bind(deps.clients.layout),
        {
          pages,
          strategy: segmentationStrategyCodec.toProto(input.strategy),
          outputPrefix: runKeys.layoutPrefix(input.run),
        },
        {
          stage: 'layout',
          timeoutMs: deps.timeouts.layout,
          requestId: input.run.requestId,
          heartbeatIntervalMs: deps.heartbeatIntervalMs,
        },
      );
      await Promise.all(
        response.pages.map((page) =>
          writeMessage(store, runKeys.layoutManifest(input.run, page.pageIndex), LayoutPageResult, page),
        ),
      );
      if (response.pages.length !== input.pageIndexes.length) {
        throw new Error(`AnalyzeLayout returned ${response.pages.length} of ${input.pageIndexes.length} pages`);
      }
      return {
        segmentCount: response.pages.reduce((sum, page) => sum + page.segmentCount, 0),
        formulaPageIndexes: response.pages.filter((page) => page.formulaCount > 0).map((page) => page.pageIndex),
      };
    },

    async markRunningLines(input) {
      // The stage rewrites changed pages under their keys, so the manifests stay as they are.
      const response = await callStage(
        deps.clients.layout.markRunningLines.bind(deps.clients.layout),
        { pages: await pageSegmentRefs(store, input.run, input.pageCount) },
        {
          stage: 'layout',
          timeoutMs: deps.timeouts.layout,
          requestId: input.run.requestId,
          heartbeatIntervalMs: deps.heartbeatIntervalMs,
        },
      );
      return { markedCount: response.markedCount };
    },
  };
}
