import { randomUUID } from 'node:crypto';
import { assertValidKey, getJson, InvalidRequestError, mapLimit, putJson, type UnaryContext } from '@folio/runtime';
import { PageSegments, PageWords, TextLayer, type Segment } from '@folio/proto/documents/v1';
import type { BBox } from '@folio/proto/common/v1';
import {
  SegmentationStrategy,
  type AnalyzeLayoutRequest,
  type AnalyzeLayoutResponse,
  type LayoutPageInput,
  type LayoutPageResult,
} from '@folio/proto/layout/v1';
import type { LayoutServerDeps } from '../deps.js';
import { lineFontsOf } from '../engine/refine-types.js';
import { gatherDisplayFormulas } from '../engine/display-formulas.js';
import { gatherScannedFormulas, withFormulasGrownToInk } from '../engine/scanned-formulas.js';
import { gatherInkFormulas } from '../engine/ink-formulas.js';
import { markInlineMath } from '../engine/inline-math.js';
import { readFormulasFromTextLayer } from '../engine/text-layer-latex.js';
import { scannedTableRules } from '../engine/pixel-rules.js';
import { pageSegment, segmentByBlocks, segmentByRegions, type PageSize } from '../engine/segmenter.js';
import { ALL_PASSES } from '../engine/passes.js';
import { joinTableColumns } from '../engine/table-columns.js';
import { withSourceTables } from '../engine/source-tables.js';
import { readTables } from '../engine/table-model.js';
import { pageOrientation, regionsOnPage, turnImageUpright } from '../engine/upright-page.js';

/** The contract's batch limit: a detector batch must finish well within the activity's deadline. */
export const MAX_PAGES_PER_REQUEST = 3;

/** Where a request's time went, summed over its pages: the detector and the table reader; the rest is I/O and rules. */
interface StepTimings {
  detectMs: number;
  tablesMs: number;
}

/** Storage key of a page's segments under the request's prefix. */
export function segmentsKey(prefix: string, pageIndex: number): string {
  return `${prefix}segments-${pageIndex}.json`;
}

const STRATEGIES = [
  SegmentationStrategy.SEGMENTATION_STRATEGY_UNSPECIFIED,
  SegmentationStrategy.SEGMENTATION_STRATEGY_LAYOUT_ANALYSIS,
  SegmentationStrategy.SEGMENTATION_STRATEGY_PAGE,
];

function validate(request: AnalyzeLayoutRequest): void {
  if (request.pages.length === 0) throw new InvalidRequestError('pages must not be empty');
  if (request.pages.length > MAX_PAGES_PER_REQUEST) {
    throw new InvalidRequestError(`At most ${MAX_PAGES_PER_REQUEST} pages per request, got ${request.pages.length}`);
  }
  if (!STRATEGIES.includes(request.strategy))
    throw new InvalidRequestError(`Unknown segmentation strategy ${request.strategy}`);
  try {
    assertValidKey(`${request.outputPrefix}x`);
  } catch (error) {
    throw new InvalidRequestError('output_prefix is not a valid storage key prefix', { cause: error });
  }
  request.pages.forEach((input, index) => {
    if (!input.page) throw new InvalidRequestError(`pages[${index}].page is required`);
  });
}

/**
 * The rules tables are read with: those at least TABLE_RULE_POINTS long. The render stage also
 * keeps shorter thin bars (fraction and radical bars over one letter), which only the formula
 * reader needs.
 */
const TABLE_RULE_POINTS = 6;

function tableRules(rules: BBox[], scale: number): BBox[] {
  const min = TABLE_RULE_POINTS * (scale > 0 ? scale : 1);
  return rules.filter((rule) => Math.max(rule.width, rule.height) >= min);
}

/**
 * AnalyzeLayout: the segments of each page in reading order, stored as JSON PageSegments at
 * `<output_prefix>segments-<page_index>.json`. Page strategy gives one `Page` segment; layout
 * analysis uses the detector when one is configured and the text blocks otherwise. A page that
 * yields nothing still gets one empty `Page` segment, so every page appears in the output.
 */
export function createAnalyzeLayoutHandler(
  deps: LayoutServerDeps,
): (request: AnalyzeLayoutRequest, context?: Pick<UnaryContext, 'signal'>) => Promise<AnalyzeLayoutResponse> {
  const { store, engine, tableEngine, logger } = deps;
  const concurrency = Math.max(1, deps.concurrency ?? 1);
  const newId = deps.newId ?? randomUUID;
  const passes = deps.passes ?? ALL_PASSES;

  /** The page's text layer, when the render stage stored one. */
  async function textLayerOf(input: LayoutPageInput): Promise<TextLayer | undefined> {
    const layerKey = input.textLayer?.key ?? '';
    return layerKey ? TextLayer.fromJSON(await getJson(store, layerKey)) : undefined;
  }

  async function segmentPage(
    input: LayoutPageInput,
    strategy: SegmentationStrategy,
    size: PageSize,
    signal: AbortSignal | undefined,
    timings: StepTimings,
  ): Promise<Segment[]> {
    const wordsKey = input.words?.key ?? '';
    const pageWords = wordsKey ? PageWords.fromJSON(await getJson(store, wordsKey)) : undefined;
    const words = pageWords?.words ?? [];
    if (strategy === SegmentationStrategy.SEGMENTATION_STRATEGY_PAGE) return [pageSegment(words, size, newId)];
    let segments: Segment[];
    // validate() checked that every input has a page.
    const page = input.page!;
    const imageKey = page.image?.key;
    if (engine && imageKey) {
      const image = await store.get(imageKey);
      let started = performance.now();
      // A page whose text runs up or down is shown to the detector turned upright (upright-page.ts).
      const orientation = passes.run(
        'upright-page',
        () => pageOrientation(words),
        () => 'upright' as const,
      );
      const regions =
        orientation === 'upright'
          ? await engine.detect({ pageIndex: page.pageIndex, image, ...size }, signal)
          : regionsOnPage(
              await engine.detect({ pageIndex: page.pageIndex, ...turnImageUpright(image, orientation) }, signal),
              orientation,
              size,
            );
      timings.detectMs += performance.now() - started;
      const layer = await textLayerOf(input);
      // Fonts belong to the text layer's lines: only when the words are that layer's (same line indexes).
      const fonts = layer && pageWords?.source.startsWith('text-layer') ? lineFontsOf(layer) : undefined;
      const ocrOnly = pageWords !== undefined && !pageWords.source.startsWith('text-layer');
      const layerRules = layer ? tableRules(layer.rules, page.scale) : undefined;
      // A scan's tables are ruled in its pixels: its text layer (someone's OCR) draws no rules.
      const rules = ocrOnly
        ? passes.run(
            'scan-rules',
            () => [...(layerRules ?? []), ...scannedTableRules(image, regions, words)],
            () => layerRules,
          )
        : layerRules;
      segments = segmentByRegions(words, regions, {
        page: size,
        pageIndex: page.pageIndex,
        newId,
        fonts,
        rules,
        images: layer?.images,
        ocrOnly,
        formFields: layer?.formFields,
        passes,
      });
      // A born-digital formula's glyphs state its LaTeX; the OCR stage's recognizer reads the rest.
      if (layer && fonts) {
        segments = passes.run(
          'display-formulas',
          () => gatherDisplayFormulas(segments, layer, newId),
          () => segments,
        );
        passes.run(
          'text-layer-latex',
          () => readFormulasFromTextLayer(segments, layer),
          () => undefined,
        );
        passes.run(
          'inline-math',
          () => markInlineMath(segments, layer),
          () => undefined,
        );
      }
      // A display drawn without text (SVG, a pasted vector picture) becomes a Formula the OCR stage reads.
      if (layer && !ocrOnly)
        segments = passes.run(
          'ink-formulas',
          () => gatherInkFormulas(segments, image, words, layer.images, newId),
          () => segments,
        );
      // A scanned display's LaTeX is read from the image by the OCR stage; here its lines become one Formula.
      if (ocrOnly)
        segments = passes.run(
          'scanned-formulas',
          () => withFormulasGrownToInk(gatherScannedFormulas(segments, newId), image),
          () => segments,
        );
      started = performance.now();
      const tables = tableEngine;
      if (tables)
        await passes.run(
          'table-model',
          () =>
            readTables(segments, {
              engine: tables,
              page: { image, ...size },
              rules,
              fonts,
              signal,
            }),
          () => Promise.resolve(0),
        );
      timings.tablesMs += performance.now() - started;
      // An office file's tables as the file states them, where a Table shows one whole.
      const sourceTables = layer?.sourceTables ?? [];
      if (sourceTables.length > 0)
        segments = passes.run(
          'source-tables',
          () => withSourceTables(segments, sourceTables),
          () => segments,
        );
      segments = passes.run(
        'table-columns',
        () => joinTableColumns(segments),
        () => segments,
      );
    } else {
      segments = segmentByBlocks(words, newId);
    }
    return segments.length > 0 ? segments : [pageSegment([], size, newId)];
  }

  return async function analyzeLayout(request, context) {
    validate(request);
    const signal = context?.signal;
    const timings: StepTimings = { detectMs: 0, tablesMs: 0 };
    const started = performance.now();
    // As many pages at once as the detector has workers (each runs one inference on its own threads).
    const results = await mapLimit(request.pages, concurrency, async (input): Promise<LayoutPageResult> => {
      signal?.throwIfAborted();
      const page = input.page!; // validate() checked it
      const size = { width: page.width, height: page.height };
      const segments = await segmentPage(input, request.strategy, size, signal, timings);
      const pageSegments: PageSegments = { pageIndex: page.pageIndex, ...size, segments, image: page.image };
      const stored = await putJson(
        store,
        segmentsKey(request.outputPrefix, page.pageIndex),
        PageSegments.toJSON(pageSegments),
      );
      return {
        pageIndex: page.pageIndex,
        segments: stored,
        segmentCount: segments.length,
        // Formulas read from the text layer are done: only the others send the page to ReadFormulas.
        formulaCount: segments.filter((segment) => segment.segmentType === 'Formula' && !segment.latex).length,
      };
    });
    logger.info(
      {
        pageCount: results.length,
        segmentCount: results.reduce((sum, r) => sum + r.segmentCount, 0),
        strategy: SegmentationStrategy[request.strategy],
        engine: engine?.name ?? 'text-blocks',
        totalMs: Math.round(performance.now() - started),
        detectMs: Math.round(timings.detectMs),
        tablesMs: Math.round(timings.tablesMs),
      },
      'layout analyzed',
    );
    return { pages: results };
  };
}
