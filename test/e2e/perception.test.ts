import * as mupdf from 'mupdf';
import { describe, expect, inject, it } from 'vitest';
import { createTask, waitForTask, type ApiSegment, type ApiTask } from '../src/api.js';
import { makeDenseReport, makeScannedPdf } from '../src/fixtures.js';
import { makePicturePdf, makeTablePdf, makeTwoColumnPdf, TABLE_ROWS } from '../src/perception-fixtures.js';

// Real OCR (PP-OCR) and layout (DocLayNet) output through the API, on generated documents whose
// text and geometry are known: a scanned page, a two-column page, a ruled table, a chart.

/** One segment per chunk, built-in table HTML (the e2e stack's fake language model stays out). */
const BASE_CONFIG = {
  chunk_processing: { target_length: 0 },
  segment_processing: { Table: { html: 'Auto', markdown: 'Auto' } },
};

async function parseDocument(
  pdf: Buffer,
  config: Record<string, unknown>,
): Promise<{ task: ApiTask; segments: ApiSegment[] }> {
  const created = await createTask(pdf, { ...BASE_CONFIG, ...config });
  const task = await waitForTask(created.task_id);
  expect(task.status, task.message).toBe('Succeeded');
  return { task, segments: task.output.chunks.flatMap((chunk) => chunk.segments) };
}

/** Lower-cased words without punctuation, as a multiset-friendly sorted list. */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean)
    .sort();
}

/** The words of a born-digital PDF's first page, from its text layer. */
function pdfWords(pdf: Buffer): string[] {
  return wordsOf(
    mupdf.Document.openDocument(pdf, 'application/pdf').loadPage(0).toStructuredText('preserve-whitespace').asText(),
  );
}

/** How many of `expected` (a multiset) appear in `actual`. */
function recall(expected: string[], actual: string[]): number {
  const counts = new Map<string, number>();
  for (const word of actual) counts.set(word, (counts.get(word) ?? 0) + 1);
  let found = 0;
  for (const word of expected) {
    const left = counts.get(word) ?? 0;
    if (left > 0) {
      found += 1;
      counts.set(word, left - 1);
    }
  }
  return found / expected.length;
}

function expectInsidePage(segment: ApiSegment): void {
  const { bbox } = segment;
  expect(bbox.left).toBeGreaterThanOrEqual(0);
  expect(bbox.top).toBeGreaterThanOrEqual(0);
  expect(bbox.left + bbox.width).toBeLessThanOrEqual(segment.page_width + 0.5);
  expect(bbox.top + bbox.height).toBeLessThanOrEqual(segment.page_height + 0.5);
}

/** Table rows and cells from the service's table HTML. */
function tableCells(html: string): string[][] {
  return [...html.matchAll(/<tr>(.*?)<\/tr>/gs)].map((row) =>
    [...row[1]!.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/gs)].map((cell) => cell[1]!.replace(/<[^>]+>/g, '').trim()),
  );
}

describe.runIf(inject('layoutEngine') === 'doclaynet')('perception through the API (PP-OCR and DocLayNet)', () => {
  it('reads a scanned page: its words, boxes inside the page, OCR boxes relative to their segment', async () => {
    const born = makeDenseReport(1);
    const { segments } = await parseDocument(makeScannedPdf(born), { ocr_strategy: 'All', high_resolution: true });
    const expected = pdfWords(born);
    const read = wordsOf(segments.map((segment) => segment.text).join(' '));
    expect(recall(expected, read)).toBeGreaterThanOrEqual(0.97);
    expect(recall(read, expected)).toBeGreaterThanOrEqual(0.97);
    expect(['Title', 'SectionHeader']).toContain(segments[0]!.segment_type);
    expect(segments[0]!.text).toBe('Chapter 1: Results and Discussion');
    expect(segments.filter((segment) => segment.segment_type === 'Text').length).toBeGreaterThanOrEqual(5);
    for (const segment of segments) {
      expectInsidePage(segment);
      expect(segment.confidence).toBeGreaterThan(0);
      expect(segment.ocr.length).toBeGreaterThan(0);
      for (const word of segment.ocr) {
        // Relative to the segment: inside its box, not at page coordinates.
        expect(word.bbox.left).toBeGreaterThanOrEqual(-1);
        expect(word.bbox.top).toBeGreaterThanOrEqual(-1);
        expect(word.bbox.left + word.bbox.width).toBeLessThanOrEqual(segment.bbox.width + 1);
        expect(word.bbox.top + word.bbox.height).toBeLessThanOrEqual(segment.bbox.height + 1);
        expect(word.confidence).toBeGreaterThan(0);
        expect(word.confidence).toBeLessThanOrEqual(1);
      }
    }
  });

  it('reads a two-column page column by column after its title, every word once', async () => {
    const pdf = makeTwoColumnPdf();
    const { segments } = await parseDocument(pdf, { ocr_strategy: 'Auto' });
    expect(segments[0]).toMatchObject({ segment_type: 'Title', text: 'Reading Order of Two Columns' });
    const body = segments.slice(1).map((segment) => segment.text.split(' ')[0]);
    expect(body.length).toBeGreaterThanOrEqual(4);
    // Every left-column ("Alpha") paragraph before every right-column ("Omega") one.
    expect(body.lastIndexOf('Alpha')).toBeLessThan(body.indexOf('Omega'));
    expect(body.every((first) => first === 'Alpha' || first === 'Omega')).toBe(true);
    expect(wordsOf(segments.map((segment) => segment.text).join(' '))).toEqual(pdfWords(pdf));
  });

  it('turns a ruled table into an HTML table and a pipe table, with its caption just before it', async () => {
    const { segments } = await parseDocument(makeTablePdf(), { ocr_strategy: 'Auto' });
    const tables = segments.filter((segment) => segment.segment_type === 'Table');
    expect(tables).toHaveLength(1);
    const table = tables[0]!;
    expect(tableCells(table.html)).toEqual(TABLE_ROWS);
    expect(table.html).toContain('<th>Region</th>');
    const markdownRows = table.markdown.trim().split('\n');
    expect(markdownRows[0]).toBe(`| ${TABLE_ROWS[0]!.join(' | ')} |`);
    expect(markdownRows[1]).toMatch(/^\|(?: -+ \|)+$/);
    expect(markdownRows.slice(2)).toEqual(TABLE_ROWS.slice(1).map((row) => `| ${row.join(' | ')} |`));
    const caption = segments[segments.indexOf(table) - 1]!;
    expect(caption).toMatchObject({ segment_type: 'Caption', text: 'Table 1: Sales by region' });
  });

  it('finds a chart as a Picture with its crop and caption, and segments it the same at both resolutions', async () => {
    const pdf = makePicturePdf();
    const high = await parseDocument(pdf, {
      ocr_strategy: 'Auto',
      high_resolution: true,
      segment_processing: { Picture: { crop_image: 'All' } },
    });
    const pictures = high.segments.filter((segment) => segment.segment_type === 'Picture');
    expect(pictures).toHaveLength(1);
    const picture = pictures[0]!;
    // The six bars span x 140..470 pt and y 181..431 pt from the top: the box holds them, at scale 2.
    expect(picture.bbox.left).toBeLessThanOrEqual(2 * 140);
    expect(picture.bbox.left + picture.bbox.width).toBeGreaterThanOrEqual(2 * 470);
    expect(picture.bbox.top).toBeLessThanOrEqual(2 * 181);
    expect(picture.bbox.top + picture.bbox.height).toBeGreaterThanOrEqual(2 * 431);
    const next = high.segments[high.segments.indexOf(picture) + 1]!;
    expect(next).toMatchObject({ segment_type: 'Caption', text: 'Figure 1: Growth per field over the season' });

    expect(picture.image).toMatch(/^https?:\/\//);
    const crop = await fetch(picture.image!);
    expect(crop.status).toBe(200);
    const image = new mupdf.Image(new Uint8Array(await crop.arrayBuffer()));
    expect(Math.abs(image.getWidth() - picture.bbox.width)).toBeLessThanOrEqual(2);
    expect(Math.abs(image.getHeight() - picture.bbox.height)).toBeLessThanOrEqual(2);

    // Same segmentation at half the resolution (issue item 6): the same segments, types, words and
    // order, boxes scaled by the render ratio. Text boxes follow their words exactly; a Picture's
    // box is the detector's, which sees the page resampled differently at each scale (its edges
    // moved 11 pt here), so boxes are compared within 2% of the page.
    const low = await parseDocument(pdf, { ocr_strategy: 'Auto', high_resolution: false });
    expect(low.segments.map((segment) => segment.segment_type)).toEqual(
      high.segments.map((segment) => segment.segment_type),
    );
    expect(low.segments.map((segment) => segment.text)).toEqual(high.segments.map((segment) => segment.text));
    low.segments.forEach((segment, index) => {
      const scaled = high.segments[index]!;
      expect(scaled.page_width).toBe(2 * segment.page_width);
      const tolerance = segment.segment_type === 'Picture' ? 0.02 * scaled.page_height : 3;
      for (const side of ['left', 'top', 'width', 'height'] as const) {
        expect(Math.abs(2 * segment.bbox[side] - scaled.bbox[side])).toBeLessThanOrEqual(tolerance);
      }
    });
  });
});
