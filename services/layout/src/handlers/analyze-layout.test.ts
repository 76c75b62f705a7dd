import { encodePng } from '@folio/imaging';
import { createLogger, getJson, putJson, type AppError, type ObjectStore } from '@folio/runtime';
import { PageSegments, PageWords, TextLayer, type Glyph } from '@folio/proto/documents/v1';
import { SegmentationStrategy, type LayoutPageInput } from '@folio/proto/layout/v1';
import { afterEach, describe, expect, it } from 'vitest';
import type { BBox } from '@folio/proto/common/v1';
import type { DetectedRegion, LayoutEngine, LayoutPageImage } from '../engine/layout-engine.js';
import type { TableStructure, TableStructureCell, TableStructureEngine } from '../engine/table-structure-engine.js';
import { counterIds, createTempStore, word } from '../testing/fixtures.js';
import { createAnalyzeLayoutHandler } from './analyze-layout.js';

const logger = createLogger({ name: 'layout-test', level: 'silent' });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
let cleanup: (() => Promise<void>) | undefined;
afterEach(() => cleanup?.());

/** Page 0 has three words in two blocks; page 1 has no words at all (a blank scan). */
async function setup(): Promise<{ store: ObjectStore; pages: LayoutPageInput[] }> {
  const temp = await createTempStore();
  cleanup = temp.cleanup;
  const { store } = temp;
  const words0 = [word('Body', 72, 200, 1, 1), word('Heading', 72, 100, 0, 0), word('text', 120, 200, 1, 1)];
  const pageWords = (pageIndex: number, words: typeof words0): PageWords => ({
    pageIndex,
    width: 612,
    height: 792,
    words,
    source: 'text-layer',
  });
  const ref0 = await putJson(store, 'r/words-0.json', PageWords.toJSON(pageWords(0, words0)));
  const ref1 = await putJson(store, 'r/words-1.json', PageWords.toJSON(pageWords(1, [])));
  const image0 = await store.put('r/page-0.png', Buffer.from('png-0'));
  const image1 = await store.put('r/page-1.png', Buffer.from('png-1'));
  const none = { key: '', sha256: '', byteSize: 0 };
  return {
    store,
    pages: [
      { page: { pageIndex: 0, width: 612, height: 792, image: image0, scale: 1 }, words: ref0, textLayer: none },
      { page: { pageIndex: 1, width: 612, height: 792, image: image1, scale: 1 }, words: ref1, textLayer: none },
    ],
  };
}

async function storedSegments(store: ObjectStore, key: string): Promise<PageSegments> {
  return PageSegments.fromJSON(await getJson(store, key));
}

describe('AnalyzeLayout', () => {
  it('makes one Text segment per block, and an empty Page segment for a page without words', async () => {
    const { store, pages } = await setup();
    const analyze = createAnalyzeLayoutHandler({ store, logger });
    const response = await analyze({
      pages,
      strategy: SegmentationStrategy.SEGMENTATION_STRATEGY_LAYOUT_ANALYSIS,
      outputPrefix: 'r/layout/',
    });
    expect(response.pages.map((p) => [p.pageIndex, p.segmentCount, p.segments?.key])).toEqual([
      [0, 2, 'r/layout/segments-0.json'],
      [1, 1, 'r/layout/segments-1.json'],
    ]);
    const first = await storedSegments(store, 'r/layout/segments-0.json');
    expect(first).toMatchObject({ pageIndex: 0, width: 612, height: 792, image: pages[0]!.page!.image });
    expect(first.segments.map((s) => [s.segmentType, s.words.map((w) => w.text).join(' '), s.confidence])).toEqual([
      ['Text', 'Heading', undefined],
      ['Text', 'Body text', undefined],
    ]);
    expect(first.segments.every((s) => UUID.test(s.segmentId))).toBe(true);
    const second = await storedSegments(store, 'r/layout/segments-1.json');
    expect(second.segments).toEqual([
      expect.objectContaining({ segmentType: 'Page', words: [], bbox: { left: 0, top: 0, width: 612, height: 792 } }),
    ]);
  });

  it('makes one Page segment per page with every word under the Page strategy', async () => {
    const { store, pages } = await setup();
    const analyze = createAnalyzeLayoutHandler({ store, logger, newId: counterIds() });
    await analyze({
      pages: pages.slice(0, 1),
      strategy: SegmentationStrategy.SEGMENTATION_STRATEGY_PAGE,
      outputPrefix: 'p/',
    });
    const { segments } = await storedSegments(store, 'p/segments-0.json');
    expect(segments.map((s) => [s.segmentId, s.segmentType, s.words.map((w) => w.text).join(' ')])).toEqual([
      ['s1', 'Page', 'Heading Body text'],
    ]);
  });

  it('uses a configured detector for layout analysis and gives it the page image', async () => {
    const { store, pages } = await setup();
    const seen: LayoutPageImage[] = [];
    const engine: LayoutEngine = {
      name: 'fake-detector',
      detect(page): Promise<DetectedRegion[]> {
        seen.push(page);
        return Promise.resolve([
          { segmentType: 'Title', bbox: { left: 60, top: 90, width: 200, height: 30 }, confidence: 0.75 },
        ]);
      },
    };
    const analyze = createAnalyzeLayoutHandler({ store, logger, engine });
    await analyze({
      pages: pages.slice(0, 1),
      strategy: SegmentationStrategy.SEGMENTATION_STRATEGY_LAYOUT_ANALYSIS,
      outputPrefix: 'd/',
    });
    expect(seen.map((p) => [p.pageIndex, Buffer.from(p.image).toString(), p.width])).toEqual([[0, 'png-0', 612]]);
    const { segments } = await storedSegments(store, 'd/segments-0.json');
    expect(segments.map((s) => [s.segmentType, s.confidence])).toEqual([
      ['Title', 0.75],
      ['Text', undefined],
    ]);
  });

  it('asks a configured table-structure engine about detected tables and writes the HTML it reads', async () => {
    const { store, pages } = await setup();
    const asked: [string, BBox[]][] = [];
    const table = { left: 60, top: 95, width: 200, height: 120 };
    const engine: LayoutEngine = {
      name: 'fake-detector',
      detect: () => Promise.resolve([{ segmentType: 'Table', bbox: table, confidence: 0.9 }]),
    };
    const cell = (left: number, top: number): TableStructureCell => ({
      bbox: { left, top, width: 50, height: 40 },
      colspan: 1,
      rowspan: 1,
      header: false,
    });
    const tableEngine: TableStructureEngine = {
      name: 'fake-tables',
      recognize(page, boxes): Promise<TableStructure[]> {
        asked.push([Buffer.from(page.image).toString(), boxes]);
        // Heading above; Body and text side by side below.
        return Promise.resolve(
          boxes.map(() => ({ complete: true, rows: [[cell(60, 95)], [cell(60, 190), cell(115, 190)]] })),
        );
      },
      close: () => Promise.resolve(),
    };
    const analyze = createAnalyzeLayoutHandler({ store, logger, engine, tableEngine });
    await analyze({
      pages: pages.slice(0, 1),
      strategy: SegmentationStrategy.SEGMENTATION_STRATEGY_LAYOUT_ANALYSIS,
      outputPrefix: 't/',
    });
    expect(asked.map(([image, boxes]) => [image, boxes.length])).toEqual([['png-0', 1]]);
    const { segments } = await storedSegments(store, 't/segments-0.json');
    expect(segments[0]!.segmentType).toBe('Table');
    expect(segments[0]!.tableHtml).toBe(
      '<table><tbody><tr><td>Heading</td></tr><tr><td>Body</td><td>text</td></tr></tbody></table>',
    );
  });

  it('reads a Formula whose text-layer glyphs state it and counts only the others for ReadFormulas', async () => {
    const temp = await createTempStore();
    cleanup = temp.cleanup;
    const { store } = temp;
    // Line 0: "x = 1" in TeX's math fonts, glyphs kept; line 1: a formula whose glyphs the layer lacks.
    const glyph = (text: string, left: number, fontName: string): Glyph => ({
      text,
      bbox: { left, top: 100, width: 8, height: 12 },
      fontName,
      fontSize: 12,
      baseline: 110,
    });
    const glyphs = [glyph('x', 100, 'CMMI10'), glyph('=', 115, 'CMR10'), glyph('1', 130, 'CMR10')];
    const words = [
      word('x', 100, 100, 0, 0),
      word('=', 115, 100, 0, 0),
      word('1', 130, 100, 0, 0),
      word('y', 100, 300, 1, 1),
    ];
    const line = (index: number, lineGlyphs: Glyph[]) => ({
      words: words.filter((w) => w.lineIndex === index),
      bbox: undefined,
      fontSize: 12,
      bold: false,
      fontName: 'CMMI10',
      glyphs: lineGlyphs,
    });
    const layer: TextLayer = {
      pageIndex: 0,
      width: 612,
      height: 792,
      blocks: [
        { lines: [line(0, glyphs)], bbox: undefined },
        { lines: [line(1, [])], bbox: undefined },
      ],
      images: [],
      rules: [],
      formFields: [],
      sourceTables: [],
      quality: undefined,
    };
    const pageWords: PageWords = { pageIndex: 0, width: 612, height: 792, words, source: 'text-layer' };
    const engine: LayoutEngine = {
      name: 'fake-detector',
      detect: () =>
        Promise.resolve([
          { segmentType: 'Formula', bbox: { left: 90, top: 95, width: 60, height: 20 }, confidence: 0.9 },
          { segmentType: 'Formula', bbox: { left: 90, top: 295, width: 60, height: 20 }, confidence: 0.9 },
        ]),
    };
    const analyze = createAnalyzeLayoutHandler({ store, logger, engine });
    const response = await analyze({
      pages: [
        {
          page: {
            pageIndex: 0,
            width: 612,
            height: 792,
            // Blank paper: the glyphs are the text layer's, and the ink-formulas pass finds no ink.
            image: await store.put('f/page-0.png', encodePng(new Uint8Array(612 * 792 * 3).fill(255), 612, 792)),
            scale: 1,
          },
          words: await putJson(store, 'f/words-0.json', PageWords.toJSON(pageWords)),
          textLayer: await putJson(store, 'f/layer-0.json', TextLayer.toJSON(layer)),
        },
      ],
      strategy: SegmentationStrategy.SEGMENTATION_STRATEGY_LAYOUT_ANALYSIS,
      outputPrefix: 'f/layout/',
    });
    expect(response.pages.map((p) => p.formulaCount)).toEqual([1]);
    const { segments } = await storedSegments(store, 'f/layout/segments-0.json');
    expect(segments.map((s) => [s.segmentType, s.latex])).toEqual([
      ['Formula', 'x=1'],
      ['Formula', undefined],
    ]);
  });

  it('refuses empty, oversized and malformed batches', async () => {
    const { store, pages } = await setup();
    const analyze = createAnalyzeLayoutHandler({ store, logger });
    const strategy = SegmentationStrategy.SEGMENTATION_STRATEGY_PAGE;
    for (const request of [
      { pages: [], strategy, outputPrefix: 'x/' },
      { pages: [...pages, ...pages], strategy, outputPrefix: 'x/' },
      { pages, strategy, outputPrefix: '../x/' },
      { pages: [{ page: undefined, words: undefined, textLayer: undefined }], strategy, outputPrefix: 'x/' },
    ]) {
      const error = await analyze(request).catch((e: unknown) => e);
      expect((error as AppError).code).toBe('INVALID_ARGUMENT');
    }
  });
});
