import { LayoutPageResult } from '@folio/proto/layout/v1';
import { OcrPageResult } from '@folio/proto/ocr/v1';
import { ocrStrategyCodec } from '@folio/proto/vocabulary-codec';
import { RenderedPage } from '@folio/proto/render/v1';
import type { OcrStrategy } from '../contracts.js';
import { callStage } from './call-stage.js';
import { readMessage, refOf, writeMessage } from './manifests.js';
import { startProgressReports, type ProgressNotice } from './progress.js';
import { runKeys } from './run-keys.js';
import type { ActivityDeps, RunRef } from './types.js';

export interface RecognizeTextInput {
  run: RunRef;
  /** At most 30 pages: the OCR stage's batch size. */
  pageIndexes: number[];
  strategy: OcrStrategy;
  /**
   * Set by runs from the `stage-progress` patch on: each page goes in its own call (the stage
   * queues them on its workers as it did the pages of one call), and finished pages are reported to
   * the workflow while the others run, so the task message counts OCR'd pages within the batch.
   */
  progress?: ProgressNotice;
}

export interface ReadFormulasInput {
  run: RunRef;
  /** Laid-out pages that have Formula segments (at most one page group, 8). */
  pageIndexes: number[];
}

export interface OcrActivities {
  recognizeText(input: RecognizeTextInput): Promise<{ wordCount: number }>;
  /** The LaTeX of the pages' Formula segments, stored on the segments by the OCR stage. */
  readFormulas(input: ReadFormulasInput): Promise<{ formulaCount: number; readCount: number }>;
}

/** Activities of the OCR stage. */
export function createOcrActivities(deps: ActivityDeps): OcrActivities {
  const { store } = deps;
  return {
    async recognizeText(input) {
      const rendered = await Promise.all(
        input.pageIndexes.map((pageIndex) =>
          readMessage(store, runKeys.renderManifest(input.run, pageIndex), RenderedPage),
        ),
      );
      const pages = rendered.map((page) => ({ page: page.page, textLayer: page.textLayer ?? refOf('') }));
      const recognize = (batch: typeof pages, signal?: AbortSignal) =>
        callStage(
          deps.clients.ocr.recognizePages.bind(deps.clients.ocr),
          {
            pages: batch,
            strategy: ocrStrategyCodec.toProto(input.strategy),
            outputPrefix: runKeys.ocrPrefix(input.run),
          },
          {
            stage: 'ocr',
            timeoutMs: deps.timeouts.ocr,
            requestId: input.run.requestId,
            heartbeatIntervalMs: deps.heartbeatIntervalMs,
            signal,
          },
        );
      let response: { pages: OcrPageResult[] };
      if (input.progress === undefined) response = await recognize(pages);
      else {
        const reports = startProgressReports(deps.signaller, 'ocr', input.progress, deps.progressIntervalMs);
        // The first failed page fails the activity: the calls of the other pages are cancelled then.
        const siblings = new AbortController();
        try {
          const answers = await Promise.all(
            pages.map(async (page, index) => {
              const answer = await recognize([page], siblings.signal).catch((error: unknown) => {
                siblings.abort();
                throw error;
              });
              reports.done([input.pageIndexes[index]!]); // pages and pageIndexes are parallel arrays
              return answer.pages;
            }),
          );
          response = { pages: answers.flat() };
        } finally {
          reports.stop();
        }
      }
      await Promise.all(
        response.pages.map((page) =>
          writeMessage(store, runKeys.ocrManifest(input.run, page.pageIndex), OcrPageResult, page),
        ),
      );
      if (response.pages.length !== input.pageIndexes.length) {
        throw new Error(`RecognizePages returned ${response.pages.length} of ${input.pageIndexes.length} pages`);
      }
      return { wordCount: response.pages.reduce((sum, page) => sum + page.wordCount, 0) };
    },

    async readFormulas(input) {
      const pages = await Promise.all(
        input.pageIndexes.map(async (pageIndex) => {
          const [rendered, layout] = await Promise.all([
            readMessage(store, runKeys.renderManifest(input.run, pageIndex), RenderedPage),
            readMessage(store, runKeys.layoutManifest(input.run, pageIndex), LayoutPageResult),
          ]);
          return { page: rendered.page, segments: layout.segments ?? refOf('') };
        }),
      );
      // The stage rewrites the pages' segments under their keys, so the layout manifests stay as they are.
      const response = await callStage(
        deps.clients.ocr.readFormulas.bind(deps.clients.ocr),
        { pages },
        {
          stage: 'ocr',
          timeoutMs: deps.timeouts.ocr,
          requestId: input.run.requestId,
          heartbeatIntervalMs: deps.heartbeatIntervalMs,
        },
      );
      return {
        formulaCount: response.pages.reduce((sum, page) => sum + page.formulaCount, 0),
        readCount: response.pages.reduce((sum, page) => sum + page.readCount, 0),
      };
    },
  };
}
