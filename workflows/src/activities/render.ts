import { log } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { PageSegments } from '@folio/proto/documents/v1';
import { SegmentExtras, type SegmentExtra } from '@folio/proto/chunk/v1';
import { LayoutPageResult } from '@folio/proto/layout/v1';
import type { BBox } from '@folio/proto/common/v1';
import { RenderedPage, type CropRegion } from '@folio/proto/render/v1';
import { needsCrop, storageKeys, type SegmentProcessing } from '../contracts.js';
import { mapLimit } from '@folio/runtime';
import { callStage } from './call-stage.js';
import { processingOf, readMessage, refOf, writeMessage } from './manifests.js';
import { runKeys } from './run-keys.js';
import { announceStart } from './start-signal.js';
import type { ActivityDeps, ObjectRefJson, RunRef, StartNotice } from './types.js';

export interface PrepareDocumentInput {
  taskId: string;
  inputKey: string;
  mimeType: string;
  requestId: string;
  /** The task's owner, for the log lines of the call (absent in runs recorded before it was sent). */
  ownerId?: string;
  startNotice: StartNotice;
}

export interface PrepareDocumentResult {
  pdf: ObjectRefJson;
  pageCount: number;
  /**
   * A spreadsheet read from its cells: its segments, one JSON PageSegments per page (boxes as
   * fractions of the page). Absent for every other input, and in histories recorded before it.
   */
  sheetPages?: ObjectRefJson[];
}

export interface PlaceSheetSegmentsInput {
  run: RunRef;
  /** PrepareDocumentResult.sheetPages, page i at index i. */
  sheetPages: ObjectRefJson[];
}

export interface RenderPagesInput {
  run: RunRef;
  pdf: ObjectRefJson;
  pageIndexes: number[];
  /** Pixels per PDF point: 2 for high resolution, else 1. */
  scale: number;
}

export interface CropSegmentsInput {
  run: RunRef;
  pageCount: number;
  segmentProcessing: SegmentProcessing;
}

export interface CropSegmentsResult {
  /** JSON `SegmentExtras` with an `image_key` per cropped segment; null when nothing needed a crop. */
  extrasKey: string | null;
  cropCount: number;
}

export interface RenderActivities {
  prepareDocument(input: PrepareDocumentInput): Promise<PrepareDocumentResult>;
  renderPages(input: RenderPagesInput): Promise<{ renderedCount: number }>;
  /**
   * Once a spreadsheet's pages are rendered: its segments (read from the cells) are placed on the
   * page images and stored as the pages' layout, in place of OCR and layout analysis.
   */
  placeSheetSegments(input: PlaceSheetSegmentsInput): Promise<{ segmentCount: number }>;
  cropSegments(input: CropSegmentsInput): Promise<CropSegmentsResult>;
}

/** Regions per CropRegions call, and calls in flight at once. */
const CROP_BATCH = 32;
const CROP_PARALLEL = 2;

/** Activities of the render stage: normalise to PDF, render pages, cut segment crops. */
export function createRenderActivities(deps: ActivityDeps): RenderActivities {
  const { store, clients, timeouts } = deps;
  const call = { stage: 'render' as const, timeoutMs: timeouts.render, heartbeatIntervalMs: deps.heartbeatIntervalMs };

  return {
    async prepareDocument(input) {
      await announceStart(deps.signaller, input.startNotice);
      const stat = await store.stat(input.inputKey);
      if (stat === null) throw ApplicationFailure.nonRetryable('Input file not found', 'ObjectNotFoundError');
      const response = await callStage(
        clients.render.prepareDocument.bind(clients.render),
        {
          source: refOf(input.inputKey, stat.byteSize),
          mimeType: input.mimeType,
          pdfKey: storageKeys.pdf(input.taskId),
          sheetsPrefix: storageKeys.sheetsPrefix(input.taskId),
        },
        { ...call, requestId: input.requestId },
      );
      if (response.pdf === undefined) throw new Error('PrepareDocument returned no pdf');
      if (response.pageCount === 0)
        throw ApplicationFailure.nonRetryable('Document has no pages', 'InvalidDocumentError');
      log.info('document prepared', {
        task_id: input.taskId,
        pageCount: response.pageCount,
        sheetPageCount: response.sheetPages.length,
      });
      // Only spreadsheets carry the field, so every other result is the same as before it.
      return response.sheetPages.length > 0
        ? { pdf: response.pdf, pageCount: response.pageCount, sheetPages: response.sheetPages }
        : { pdf: response.pdf, pageCount: response.pageCount };
    },

    async placeSheetSegments(input) {
      const pages = input.sheetPages.map((ref, pageIndex) => ({ ref, pageIndex }));
      const counts = await mapLimit(pages, 8, async ({ ref, pageIndex }) => {
        const [sheet, rendered] = await Promise.all([
          readMessage(store, ref.key, PageSegments),
          readMessage(store, runKeys.renderManifest(input.run, pageIndex), RenderedPage),
        ]);
        const page = rendered.page;
        if (page?.image === undefined) throw new Error(`page ${pageIndex} has no rendered image`);
        const toPixels = (box: BBox | undefined): BBox => ({
          left: (box?.left ?? 0) * page.width,
          top: (box?.top ?? 0) * page.height,
          width: (box?.width ?? 0) * page.width,
          height: (box?.height ?? 0) * page.height,
        });
        const placed: PageSegments = {
          ...sheet,
          pageIndex,
          width: page.width,
          height: page.height,
          image: page.image,
          segments: sheet.segments.map((segment) => ({
            ...segment,
            bbox: toPixels(segment.bbox),
            words: segment.words.map((word) => ({ ...word, bbox: toPixels(word.bbox) })),
          })),
        };
        const segments = await writeMessage(
          store,
          `${runKeys.layoutPrefix(input.run)}sheet-${pageIndex}.json`,
          PageSegments,
          placed,
        );
        const result: LayoutPageResult = { pageIndex, segments, segmentCount: placed.segments.length, formulaCount: 0 };
        await writeMessage(store, runKeys.layoutManifest(input.run, pageIndex), LayoutPageResult, result);
        return placed.segments.length;
      });
      return { segmentCount: counts.reduce((sum, count) => sum + count, 0) };
    },

    async renderPages(input) {
      const response = await callStage(
        clients.render.renderPages.bind(clients.render),
        {
          pdf: input.pdf,
          pageIndexes: input.pageIndexes,
          scale: input.scale,
          outputPrefix: runKeys.pagesPrefix(input.run),
        },
        { ...call, requestId: input.run.requestId },
      );
      await Promise.all(
        response.pages.map((page) =>
          writeMessage(store, runKeys.renderManifest(input.run, page.page?.pageIndex ?? -1), RenderedPage, page),
        ),
      );
      if (response.pages.length !== input.pageIndexes.length) {
        throw new Error(`RenderPages returned ${response.pages.length} of ${input.pageIndexes.length} pages`);
      }
      return { renderedCount: response.pages.length };
    },

    async cropSegments(input) {
      const regions: CropRegion[] = [];
      for (let pageIndex = 0; pageIndex < input.pageCount; pageIndex++) {
        const layout = await readMessage(store, runKeys.layoutManifest(input.run, pageIndex), LayoutPageResult);
        if (layout.segments === undefined) continue;
        const page = await readMessage(store, layout.segments.key, PageSegments);
        for (const segment of page.segments) {
          const processing = processingOf(input.segmentProcessing, segment);
          if (processing === null || !needsCrop(processing) || page.image === undefined) continue;
          regions.push({
            id: segment.segmentId,
            pageImage: page.image,
            bbox: segment.bbox,
            outputKey: runKeys.crop(input.run, segment.segmentId),
          });
        }
      }
      if (regions.length === 0) return { extrasKey: null, cropCount: 0 };

      const batches = Array.from({ length: Math.ceil(regions.length / CROP_BATCH) }, (_, i) =>
        regions.slice(i * CROP_BATCH, (i + 1) * CROP_BATCH),
      );
      const responses = await mapLimit(batches, CROP_PARALLEL, (batch) =>
        callStage(
          clients.render.cropRegions.bind(clients.render),
          { regions: batch },
          { ...call, requestId: input.run.requestId },
        ),
      );
      const extras: SegmentExtra[] = responses.flatMap((response) =>
        response.crops.map((crop) => ({ segmentId: crop.id, imageKey: crop.image?.key ?? '' })),
      );
      const extrasKey = runKeys.cropExtras(input.run);
      await writeMessage(store, extrasKey, SegmentExtras, { extras });
      return { extrasKey, cropCount: extras.length };
    },
  };
}
