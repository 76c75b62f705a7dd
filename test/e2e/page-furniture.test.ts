import { describe, expect, inject, it } from 'vitest';
import { createTask, waitForTask, type ApiSegment } from '../src/api.js';
import {
  justified,
  makePaperPdf,
  makePlacedPdf,
  PAGE_HEIGHT_PT,
  PAGE_WIDTH_PT,
  type PlacedText,
} from '../src/perception-fixtures.js';
import { renderPixels } from '../src/perception-measure.js';

// One-page documents through the API with the real models (issue 15, items 5 and 6): a journal
// article's running head and foot, which no second page repeats, and a blank scanned sheet.

const JOURNAL_HEAD = 'Journal of Applied Ecology 2021, Vol. 58, No. 3, pp. 412-419';
const DOI_LINE = 'https://doi.org/10.1111/1365-2664.13845';
const TITLE = 'Soil Moisture and Wheat Yield on Small Farms';
const AUTHORS = 'Maria Lindqvist and Tomas Berg';
const COPYRIGHT = 'Copyright (c) 2021 The Authors. Journal of Applied Ecology, British Ecological Society';
const PAGE_NUMBER = '412';

const PARAGRAPHS = [
  'Small farms grow a large share of the food eaten in rural regions, yet they rarely keep records of how much ' +
    'water their fields receive. Without such records it is hard to tell whether a poor harvest came from dry ' +
    'weather, tired soil or late sowing, and advice given to farmers stays general.',
  'This study follows twelve wheat fields through one growing season and asks how closely the moisture of the ' +
    'topsoil in early summer predicts the yield measured at harvest. Probes read the moisture every hour at two ' +
    'depths, and the grain of each field was weighed after threshing.',
  'Moisture in the first half of June explained most of the difference in yield between fields. Fields that ' +
    'stayed above a fifth of their volume in water gave a third more grain than those that fell below it, ' +
    'whatever their soil, and the effect was strongest on the lighter loams.',
  'A single probe per field, read weekly, would have told the same story. Farmers who cannot afford a network ' +
    'of sensors can still learn early in the season which fields are at risk and water or fertilise them first.',
];

/**
 * A one-page article as journals print it: an 8 pt running head (journal, volume, issue, pages)
 * with its DOI under it, an 18 pt bold title, the authors, four justified 10 pt paragraphs, and a
 * 7 pt copyright line and page number at the foot.
 */
function makeOnePageArticle(): Buffer {
  const texts: PlacedText[] = [
    { text: JOURNAL_HEAD, x: 72, y: 752, size: 8 },
    { text: DOI_LINE, x: 72, y: 742, size: 8 },
    { text: TITLE, x: 72, y: 700, size: 18, bold: true },
    { text: AUTHORS, x: 72, y: 676, size: 11 },
  ];
  let y = 640;
  for (const paragraph of PARAGRAPHS) {
    const block = justified(paragraph, 72, y, 468);
    texts.push(...block.lines);
    y = block.y - 10;
  }
  texts.push({ text: COPYRIGHT, x: 72, y: 44, size: 7 }, { text: PAGE_NUMBER, x: 300, y: 28, size: 8 });
  return makePlacedPdf(texts);
}

/** Park-Miller: seeded, so the noise is the same on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 48271) % 2147483647;
    return state / 2147483647;
  };
}

/**
 * A blank sheet as a cheap scanner gives it, as an image-only PDF (150 dpi): grey-white paper with
 * sensor noise, dust specks, the other side's text (the paper page) showing through mirrored at a
 * sixth of its strength, a black border along the left and top edges where the lid did not cover.
 */
function makeBlankScanPdf(): Buffer {
  const dpi = 150;
  const back = renderPixels(makePaperPdf(), dpi / 72);
  const { width, height } = back;
  const next = random(7);
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const behind = back.data[y * back.stride + (width - 1 - x) * back.channels]!;
      const value = Math.round(236 - (255 - behind) / 6 + (next() - 0.5) * 14);
      rgb.set([value, value, value - 8], (y * width + x) * 3);
    }
  const paint = (x0: number, y0: number, x1: number, y1: number, value: number): void => {
    for (let y = y0; y < Math.min(height, y1); y += 1)
      for (let x = x0; x < Math.min(width, x1); x += 1) rgb.set([value, value, value], (y * width + x) * 3);
  };
  for (let speck = 0; speck < 300; speck += 1) {
    const x = Math.floor(next() * width);
    const y = Math.floor(next() * height);
    const size = 1 + Math.floor(next() * 3);
    paint(x, y, x + size, y + size, 40);
  }
  paint(0, 0, 24, height, 12);
  paint(0, 0, width, 18, 12);
  return makePlacedPdf(
    [],
    [],
    [{ rgb, pixelWidth: width, pixelHeight: height, x: 0, y: 0, width: PAGE_WIDTH_PT, height: PAGE_HEIGHT_PT }],
  );
}

async function segmentsOf(file: Buffer, config: Record<string, unknown>): Promise<ApiSegment[]> {
  const task = await waitForTask((await createTask(file, config)).task_id);
  expect(task.status, task.message).toBe('Succeeded');
  expect(task.output.page_count).toBe(1);
  return task.output.chunks.flatMap((chunk) => chunk.segments);
}

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

describe.runIf(inject('layoutEngine') === 'doclaynet')('running lines and blank pages of one-page documents', () => {
  it("types a one-page article's journal head PageHeader and its copyright foot PageFooter, and chunks leave them out", async () => {
    const pdf = makeOnePageArticle();
    const segments = await segmentsOf(pdf, {
      ocr_strategy: 'Auto',
      chunk_processing: { target_length: 0, ignore_headers_and_footers: false },
    });
    const typeOf = (text: string): string[] =>
      segments.filter((segment) => oneLine(segment.text).includes(text)).map((segment) => segment.segment_type);
    expect(typeOf(JOURNAL_HEAD)).toEqual(['PageHeader']);
    expect(typeOf(DOI_LINE)).toEqual(['PageHeader']);
    expect(typeOf(COPYRIGHT)).toEqual(['PageFooter']);
    expect(typeOf(TITLE)).toEqual(['Title']);
    // The title, the authors and the body are not furniture.
    const furniture = segments.filter((segment) => ['PageHeader', 'PageFooter'].includes(segment.segment_type));
    for (const segment of furniture) {
      expect(segment.text).not.toContain(TITLE);
      expect(segment.text).not.toContain(AUTHORS);
      expect(segment.text).not.toContain('Small farms');
    }

    const task = await waitForTask((await createTask(pdf, { ocr_strategy: 'Auto' })).task_id);
    expect(task.status, task.message).toBe('Succeeded');
    const text = oneLine(task.output.chunks.map((chunk) => chunk.embed).join(' '));
    expect(text).toContain(TITLE);
    expect(text).toContain('A single probe per field');
    expect(text).not.toContain('Journal of Applied Ecology 2021');
    expect(text).not.toContain('doi.org');
    expect(text).not.toContain('Copyright');
  });

  it('gives a blank scanned sheet (speckle, show-through, a black border) at most one empty segment', async () => {
    const segments = await segmentsOf(makeBlankScanPdf(), {
      chunk_processing: { target_length: 0, ignore_headers_and_footers: false },
    });
    const found = segments.map((segment) => `${segment.segment_type}: ${segment.text}`).join(' | ');
    expect(segments.length, found).toBeLessThanOrEqual(1);
    expect(segments.map((segment) => segment.segment_type)).not.toContain('Picture');
    expect(
      segments
        .map((segment) => segment.text)
        .join('')
        .replace(/\s/g, '').length,
    ).toBeLessThanOrEqual(10);
  });
});
