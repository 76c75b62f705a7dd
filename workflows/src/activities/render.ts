import { log } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { PageSegments } from '@folio/proto/documents/v1';
import { SegmentExtras, type SegmentExtra } from '@folio/proto/chunk/v1';
import { LayoutPageResult } from '@folio/proto/layout/v1';
import { RenderedPage, type CropRegion } from '@folio/proto/render/v1';
import { storageKeys, type SegmentType, type SegmentTypeProcessing } from '../contracts.js';
import { mapLimit } from '@folio/runtime';
import { callStage } from './call-stage.js';
import { needsCrop, processingOf, readMessage, refOf, writeMessage } from './manifests.js';
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
  segmentProcessing: Record<SegmentType, SegmentTypeProcessing>;
}

export interface CropSegmentsResult {
  /** JSON `SegmentExtras` with an `image_key` per cropped segment; null when nothing needed a crop. */
  extrasKey: string | null;
  cropCount: number;
}

export interface RenderActivities {
  prepareDocument(input: PrepareDocumentInput): Promise<PrepareDocumentResult>;
  renderPages(input: RenderPagesInput): Promise<{ renderedCount: number }>;
  cropSegments(input: CropSegmentsInput): Promise<CropSegmentsResult>;
}

/** Regions per CropRegions call, and calls in flight at once. */
const CROP_BATCH = 32;
const CROP_PARALLEL = 2;

/** Activities of the render stage: normalise to PDF, render pages, cut segment crops. */
export function createRenderActivities(deps: ActivityDeps): RenderActivities {
  const { store, clients, timeouts } = deps;
  const call = { stage: 'render' as const, timeoutMs: timeouts.renderMs, heartbeatIntervalMs: deps.heartbeatIntervalMs };

  return {
    async prepareDocument(input) {
      await announceStart(deps.signaller, input.startNotice);
      const stat = await store.stat(input.inputKey);
      if (stat === null) throw ApplicationFailure.nonRetryable('Input file not found', 'ObjectNotFoundError');
      const response = await callStage(
        clients.render.prepareDocument.bind(clients.render),
        { source: refOf(input.inputKey, stat.byteSize), mimeType: input.mimeType, pdfKey: storageKeys.pdf(input.taskId) },
        { ...call, requestId: input.requestId },
      );
      if (response.pdf === undefined) throw new Error('PrepareDocument returned no pdf');
      if (response.pageCount === 0) throw ApplicationFailure.nonRetryable('Document has no pages', 'InvalidDocumentError');
      log.info('document prepared', { task_id: input.taskId, pageCount: response.pageCount });
      return { pdf: response.pdf, pageCount: response.pageCount };
    },

    async renderPages(input) {
      const response = await callStage(
        clients.render.renderPages.bind(clients.render),
        { pdf: input.pdf, pageIndexes: input.pageIndexes, scale: input.scale, outputPrefix: runKeys.pagesPrefix(input.run) },
        { ...call, requestId: input.run.requestId },
      );
      await Promise.all(
        response.pages.map((page) => writeMessage(store, runKeys.renderManifest(input.run, page.page?.pageIndex ?? -1), RenderedPage, page)),
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
          const processing = processingOf(input.segmentProcessing, segment.segmentType);
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

      const batches = Array.from({ length: Math.ceil(regions.length / CROP_BATCH) }, (_, i) => regions.slice(i * CROP_BATCH, (i + 1) * CROP_BATCH));
      const responses = await mapLimit(batches, CROP_PARALLEL, (batch) =>
        callStage(clients.render.cropRegions.bind(clients.render), { regions: batch }, { ...call, requestId: input.run.requestId }),
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
