import { describe, expect, inject, it } from 'vitest';
import { createTask, waitForTask, type ApiSegment } from '../src/api.js';
import { makeScannedPdf, renderPng } from '../src/fixtures.js';
import { FIGURES, makeFiguresPdf } from '../src/perception-figures.js';
import {
  makePaperPdf,
  makeRunningLinesPdf,
  makeTablePdf,
  PAGE_WIDTH_PT,
  PAPER_BLOCKS,
  RUNNING_FOOT,
  RUNNING_HEAD,
  TABLE_CAPTION,
  TABLE_ROWS,
  type TableRules,
} from '../src/perception-fixtures.js';
import {
  centreInside,
  cropDifference,
  decodeImage,
  oneLine,
  pdfWordBoxes,
  pdfWords,
  recall,
  renderPixels,
  wordsOf,
} from '../src/perception-measure.js';

// Real OCR (PP-OCR) and layout (DocLayNet) output through the API, on generated pages whose text,
// blocks and geometry are known: a two-column paper (born-digital, scanned, photographed), tables
// ruled three ways, and a page with a chart and a photograph.

/** One segment per chunk, built-in table HTML (the e2e stack's fake language model stays out). */
const BASE_CONFIG = {
  chunk_processing: { target_length: 0 },
  segment_processing: { Table: { html: 'Auto', markdown: 'Auto' } },
};

async function parseSegments(file: Buffer, config: Record<string, unknown>, mime?: string): Promise<ApiSegment[]> {
  const created = await createTask(file, { ...BASE_CONFIG, ...config }, mime);
  const task = await waitForTask(created.task_id);
  expect(task.status, task.message).toBe('Succeeded');
  expect(task.output.page_count).toBe(1);
  return task.output.chunks.flatMap((chunk) => chunk.segments);
}

/** Render pixels per PDF point of the page the segments are on. */
const scaleOf = (segments: ApiSegment[]): number => segments[0]!.page_width / PAGE_WIDTH_PT;

const allText = (segments: ApiSegment[]): string => segments.map((segment) => segment.text).join(' ');

function expectInsidePage(segment: ApiSegment): void {
  const { bbox } = segment;
  expect(bbox.left).toBeGreaterThanOrEqual(0);
  expect(bbox.top).toBeGreaterThanOrEqual(0);
  expect(bbox.left + bbox.width).toBeLessThanOrEqual(segment.page_width + 0.5);
  expect(bbox.top + bbox.height).toBeLessThanOrEqual(segment.page_height + 0.5);
}

/**
 * Each block of the paper is one segment, in reading order, of the block's type (the title's one
 * of `titleTypes`) and in the block's column.
 */
function expectPaperBlocks(
  segments: ApiSegment[],
  titleTypes: string[],
  checkText: (segment: ApiSegment, text: string) => void,
): void {
  expect(segments).toHaveLength(PAPER_BLOCKS.length);
  const middle = segments[0]!.page_width / 2;
  PAPER_BLOCKS.forEach((block, index) => {
    const segment = segments[index]!;
    checkText(segment, block.text);
    if (index === 0) expect(titleTypes).toContain(segment.segment_type);
    else if (block.type) expect(segment.segment_type, block.text).toBe(block.type);
    if (block.column === 0) expect(segment.bbox.left + segment.bbox.width).toBeLessThan(middle);
    if (block.column === 1) expect(segment.bbox.left).toBeGreaterThan(middle);
  });
}

/**
 * The checks of a page read by OCR: the paper's blocks in order with their words, every word of
 * the page read once, and each OCR result boxed relative to its segment, on the same word of the
 * page, with a confidence.
 */
function expectOcrOfPaper(segments: ApiSegment[]): void {
  const paper = makePaperPdf();
  // Without fonts the service keeps the detector's type for the title, which says SectionHeader.
  expectPaperBlocks(segments, ['Title', 'SectionHeader'], (segment, text) =>
    expect(recall(wordsOf(text), wordsOf(segment.text)), segment.text).toBeGreaterThanOrEqual(0.9),
  );
  const read = wordsOf(allText(segments));
  expect(recall(pdfWords(paper), read)).toBeGreaterThanOrEqual(0.95);
  expect(recall(read, pdfWords(paper))).toBeGreaterThanOrEqual(0.95);

  const pageWords = pdfWordBoxes(paper, scaleOf(segments));
  let results = 0;
  let onTheirWord = 0;
  for (const segment of segments) {
    expectInsidePage(segment);
    if (segment.confidence !== null) expect(segment.confidence).toBeGreaterThan(0);
    expect(segment.confidence ?? 1).toBeLessThanOrEqual(1);
    expect(segment.ocr.length).toBeGreaterThan(0);
    for (const result of segment.ocr) {
      // Relative to the segment: inside its box, not at page coordinates.
      const { bbox } = result;
      expect(bbox.left).toBeGreaterThanOrEqual(-1);
      expect(bbox.top).toBeGreaterThanOrEqual(-1);
      expect(bbox.left + bbox.width).toBeLessThanOrEqual(segment.bbox.width + 1);
      expect(bbox.top + bbox.height).toBeLessThanOrEqual(segment.bbox.height + 1);
      expect(result.confidence).toBeGreaterThan(0);
      expect(result.confidence).toBeLessThanOrEqual(1);
      // Back on the page, the box holds the same word of the generated page.
      const onPage = { ...bbox, left: segment.bbox.left + bbox.left, top: segment.bbox.top + bbox.top };
      const [word] = wordsOf(result.text);
      results += 1;
      if (pageWords.some((pageWord) => wordsOf(pageWord.text)[0] === word && centreInside(pageWord.box, onPage)))
        onTheirWord += 1;
    }
  }
  expect(onTheirWord / results).toBeGreaterThanOrEqual(0.95);
}

/** Table rows and cells from the service's table HTML. */
function tableCells(html: string): string[][] {
  return [...html.matchAll(/<tr>(.*?)<\/tr>/gs)].map((row) =>
    [...row[1]!.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/gs)].map((cell) => cell[1]!.replace(/<[^>]+>/g, '').trim()),
  );
}

/** TABLE_ROWS as HTML (header cells in <th>) and as a pipe table. */
function expectTableOfRows(table: ApiSegment): void {
  expect(table.html).toMatch(/^<table>.*<\/table>$/s);
  expect(tableCells(table.html)).toEqual(TABLE_ROWS);
  expect(table.html).toContain(`<tr>${TABLE_ROWS[0]!.map((cell) => `<th>${cell}</th>`).join('')}</tr>`);
  const pipeRow = (row: string[]): string => `| ${row.join(' | ')} |`;
  const markdown = table.markdown.trim().split('\n');
  expect(markdown[0]).toBe(pipeRow(TABLE_ROWS[0]!));
  expect(markdown[1]).toMatch(/^\|(?: -+ \|){4}$/);
  expect(markdown.slice(2)).toEqual(TABLE_ROWS.slice(1).map(pipeRow));
}

/** The figures page's segment types in reading order: each picture followed by its caption. */
const FIGURES_PAGE_TYPES = ['Title', 'Picture', 'Caption', 'Text', 'Picture', 'Caption', 'Text'];

describe.runIf(inject('layoutEngine') === 'doclaynet')('perception through the API (PP-OCR and DocLayNet)', () => {
  it('reads a scanned two-column page (an image-only PDF): its words, blocks and order, OCR boxes on their words', async () => {
    expectOcrOfPaper(await parseSegments(makeScannedPdf(makePaperPdf()), { ocr_strategy: 'All' }));
  });

  it('reads the same page sent as a PNG image', async () => {
    // A 144 dpi picture of the page, as a phone or a screenshot would give it.
    const png = renderPng(makePaperPdf(), 2);
    expectOcrOfPaper(await parseSegments(png, { ocr_strategy: 'All' }, 'image/png'));
  });

  it('reads a born-digital two-column paper title first, then the left column, then the right, every word once', async () => {
    const pdf = makePaperPdf();
    const segments = await parseSegments(pdf, { ocr_strategy: 'Auto' });
    expectPaperBlocks(segments, ['Title'], (segment, text) => expect(oneLine(segment.text)).toBe(text));
    expect(wordsOf(allText(segments))).toEqual(pdfWords(pdf));
  });

  it.each<[string, TableRules]>([
    ['ruled between rows', 'rows'],
    ['ruled as a grid', 'grid'],
    ['without rules', 'none'],
  ])('turns a table %s into an HTML table and a pipe table after its caption', async (_how, rules) => {
    const segments = await parseSegments(makeTablePdf(rules), { ocr_strategy: 'Auto' });
    expect(segments.map((segment) => segment.segment_type)).toEqual(['Title', 'Text', 'Caption', 'Table']);
    expect(segments[2]!.text).toBe(TABLE_CAPTION);
    const table = segments[3]!;
    expectTableOfRows(table);
    expect(oneLine(table.text)).toBe(TABLE_ROWS.flat().join(' '));
  });

  it('reads a scanned ruled table into the right cells', async () => {
    const segments = await parseSegments(makeScannedPdf(makeTablePdf('grid')), { ocr_strategy: 'All' });
    expect(['Title', 'SectionHeader']).toContain(segments[0]!.segment_type);
    expect(segments.slice(1).map((segment) => segment.segment_type)).toEqual(['Text', 'Caption', 'Table']);
    expect(segments[2]!.text).toBe(TABLE_CAPTION);
    expectTableOfRows(segments[3]!);
  });

  it('finds a chart and a photograph as Pictures, each before its caption, cropped to its box', async () => {
    const pdf = makeFiguresPdf();
    const segments = await parseSegments(pdf, {
      ocr_strategy: 'Auto',
      segment_processing: { Picture: { crop_image: 'All' } },
    });
    expect(segments.map((segment) => segment.segment_type)).toEqual(FIGURES_PAGE_TYPES);
    expect(wordsOf(allText(segments))).toEqual(pdfWords(pdf));
    const scale = scaleOf(segments);
    const page = renderPixels(pdf, scale);
    const pictures = segments.filter((segment) => segment.segment_type === 'Picture');
    for (const [index, figure] of FIGURES.entries()) {
      const picture = pictures[index]!;
      expect(segments[segments.indexOf(picture) + 1]!.text).toBe(figure.caption);
      // The box is the figure's, within 10 pt on every side (a page-sized box would fail).
      const { left, top, width, height } = picture.bbox;
      const edges = [left, top, left + width, top + height].map((pixels) => pixels / scale);
      edges.forEach((edge, side) =>
        expect(Math.abs(edge - [figure.left, figure.top, figure.right, figure.bottom][side]!)).toBeLessThanOrEqual(10),
      );

      expect(picture.image).toMatch(/^https?:\/\//);
      expect(picture.html).toContain('<img');
      expect(picture.markdown).toContain(`](${picture.image})`);
      const response = await fetch(picture.image!);
      expect(response.status).toBe(200);
      const bytes = new Uint8Array(await response.arrayBuffer());
      const isPng = bytes[0] === 0x89 && bytes[1] === 0x50;
      const isJpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
      expect(isPng || isJpeg).toBe(true);
      const crop = decodeImage(bytes);
      expect(Math.abs(crop.width - width)).toBeLessThanOrEqual(2);
      expect(Math.abs(crop.height - height)).toBeLessThanOrEqual(2);
      // The crop shows that region of the page: a crop a few pixels off differs by 4 or more.
      expect(cropDifference(crop, page, left, top)).toBeLessThan(2);
    }
  });

  it('segments a page the same at high and normal resolution, boxes scaled by the render ratio', async () => {
    const pdf = makeFiguresPdf();
    const high = await parseSegments(pdf, { ocr_strategy: 'Auto', high_resolution: true });
    const low = await parseSegments(pdf, { ocr_strategy: 'Auto', high_resolution: false });
    expect(high.map((segment) => segment.segment_type)).toEqual(FIGURES_PAGE_TYPES);
    expect(low.map((segment) => segment.segment_type)).toEqual(FIGURES_PAGE_TYPES);
    expect(low.map((segment) => segment.text)).toEqual(high.map((segment) => segment.text));
    const ratio = scaleOf(high) / scaleOf(low);
    expect(ratio).toBe(2);
    low.forEach((segment, index) => {
      const scaled = high[index]!;
      expect(scaled.page_height).toBe(ratio * segment.page_height);
      // Picture boxes follow the detector, which sees the page rendered at each scale (and runs in
      // int8 on some CPUs): within 8 high-resolution pixels (4 pt). Text boxes are their words' box
      // plus at most half a line of the detection's margin (fitToWords), so the detector's view of
      // each scale moves them by up to half a 10 pt line: within 10 (5 pt).
      const tolerance = segment.segment_type === 'Picture' ? 8 : 10;
      for (const side of ['left', 'top', 'width', 'height'] as const)
        expect(
          Math.abs(ratio * segment.bbox[side] - scaled.bbox[side]),
          `${segment.segment_type} ${side}`,
        ).toBeLessThanOrEqual(tolerance);
    });
  });

  it("types a document's running head and foot PageHeader and PageFooter on every page, and chunks leave them out", async () => {
    const pdf = makeRunningLinesPdf(3);
    const kept = await createTask(pdf, {
      ...BASE_CONFIG,
      chunk_processing: { target_length: 0, ignore_headers_and_footers: false },
    });
    const task = await waitForTask(kept.task_id);
    expect(task.status, task.message).toBe('Succeeded');
    const segments = task.output.chunks.flatMap((chunk) => chunk.segments);
    for (const page of [1, 2, 3]) {
      const onPage = segments.filter((segment) => segment.page_number === page);
      expect(onPage[0]).toMatchObject({ segment_type: 'PageHeader', text: RUNNING_HEAD });
      expect(onPage[onPage.length - 1]).toMatchObject({
        segment_type: 'PageFooter',
        text: RUNNING_FOOT.replace('#', String(page)),
      });
      expect(onPage.slice(1, -1).map((segment) => segment.segment_type)).not.toContain('PageHeader');
    }

    const dropped = await waitForTask((await createTask(pdf, { ocr_strategy: 'Auto' })).task_id);
    expect(dropped.status, dropped.message).toBe('Succeeded');
    const text = dropped.output.chunks.map((chunk) => chunk.embed).join(' ');
    expect(text).toContain('Part 2: Trading in region 2');
    expect(text).not.toContain(RUNNING_HEAD);
    expect(text).not.toContain('Northwind Trading');
  });
});
