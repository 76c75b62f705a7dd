import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { decodePng, type RgbImage } from '@folio/imaging';
import { createTextPdf, renderPage } from '@folio/imaging/testing';
import { describe, expect, it } from 'vitest';
import type { LayoutDetection } from './doclaynet-engine.js';
import { isBlankBox, markBlankRegions } from './blank-regions.js';
import { articlePage } from './testing/article-page.js';

/** A letter page at scale 2 (144 dpi), as the render stage gives it. */
const WIDTH = 1224;
const HEIGHT = 1584;
const WHOLE_PAGE = { left: 0, top: 0, width: WIDTH, height: HEIGHT };

/** Park-Miller: seeded, so every run draws the same noise. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 48271) % 2147483647;
    return state / 2147483647;
  };
}

function fill(width: number, height: number, value: (x: number, y: number) => number): RgbImage {
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const v = Math.max(0, Math.min(255, Math.round(value(x, y))));
      // Slightly yellowed paper: blue a little darker than red and green.
      rgb.set([v, v, Math.max(0, v - 8)], (y * width + x) * 3);
    }
  return { width, height, rgb };
}

/** Darkens a rectangle of the image to `value`. */
function paint(image: RgbImage, x0: number, y0: number, x1: number, y1: number, value: number): void {
  for (let y = Math.max(0, y0); y < Math.min(image.height, y1); y += 1)
    for (let x = Math.max(0, x0); x < Math.min(image.width, x1); x += 1)
      image.rgb.set([value, value, value], (y * image.width + x) * 3);
}

/**
 * A blank sheet as a cheap scanner gives it: grey-white paper with sensor noise, a few hundred
 * specks of dust, the mirrored text of the other side showing through faintly, a black border
 * along the left and top edges where the lid did not cover, and a grey shadow beside it.
 */
let backsideImage: RgbImage | undefined;

function blankScan(seed: number): RgbImage {
  const next = random(seed);
  const backside = (backsideImage ??= renderPage(createTextPdf(articlePage()), 2).image);
  const image = fill(WIDTH, HEIGHT, (x, y) => {
    // The back page mirrored left to right; its ink shows at a sixth of its strength.
    const behind = backside.rgb[(y * backside.width + (backside.width - 1 - x)) * 3]!;
    return 236 - (255 - behind) / 6 + (next() - 0.5) * 14;
  });
  for (let speck = 0; speck < 400; speck += 1) {
    const x = Math.floor(next() * WIDTH);
    const y = Math.floor(next() * HEIGHT);
    const size = 1 + Math.floor(next() * 3);
    paint(image, x, y, x + size, y + size, 40);
  }
  paint(image, 0, 0, 28, HEIGHT, 12);
  paint(image, 0, 0, WIDTH, 22, 12);
  paint(image, 28, 22, 40, HEIGHT, 150);
  return image;
}

function detection(segmentType: LayoutDetection['segmentType'], bbox = WHOLE_PAGE): LayoutDetection {
  return { segmentType, bbox, confidence: 0.4 };
}

// Pages of a few million pixels drawn in plain loops: slow on a busy machine.
describe('markBlankRegions', { timeout: 60_000 }, () => {
  it('flags a whole-page Picture on a blank scan with speckle, show-through and a black border', () => {
    for (const seed of [1, 2, 3]) {
      const [picture] = markBlankRegions([detection('Picture')], blankScan(seed));
      expect(picture).toMatchObject({ segmentType: 'Picture', blank: true });
    }
  });

  it('flags boxes on the border itself and on empty paper, of any type', () => {
    const scan = blankScan(4);
    expect(isBlankBox(scan, { left: 0, top: 100, width: 40, height: 1200 })).toBe(true);
    expect(isBlankBox(scan, { left: 300, top: 700, width: 500, height: 40 })).toBe(true);
  });

  it("flags text boxes over the other side's big title showing through, which the detector takes for text", () => {
    // The back page's 24 pt bold title, mirrored, as the detector boxed it (SectionHeader 0.4-0.6).
    const titleBox = { left: 100, top: 140, width: 1024, height: 80 };
    for (const seed of [1, 2, 3]) {
      const [heading] = markBlankRegions([detection('SectionHeader', titleBox)], blankScan(seed));
      expect(heading!.blank).toBe(true);
    }
  });

  it('leaves text: a rendered article page and a box around one of its lines', () => {
    const page = renderPage(createTextPdf(articlePage()), 2);
    expect(markBlankRegions([detection('Text')], page.image)[0]!.blank).toBeUndefined();
    const word = page.words[10]!;
    const box = { left: word.left - 4, top: word.top - 4, width: word.right - word.left + 8, height: 40 };
    expect(isBlankBox(page.image, box)).toBe(false);
  });

  it('leaves light line art: a few thin grey strokes on white', () => {
    const drawing = fill(WIDTH, HEIGHT, () => 255);
    // A triangle's base and a post, 2 px lines at 60% grey, in a 500 x 400 box.
    paint(drawing, 300, 700, 800, 702, 165);
    paint(drawing, 550, 400, 552, 700, 165);
    paint(drawing, 300, 500, 302, 700, 165);
    expect(isBlankBox(drawing, { left: 290, top: 390, width: 520, height: 320 })).toBe(false);
  });

  it('leaves a pale, low-contrast photograph (no dark pixels, uneven brightness)', () => {
    const photo = fill(WIDTH, HEIGHT, (x, y) => 205 + 22 * Math.sin(x / 60) * Math.cos(y / 45));
    expect(isBlankBox(photo, { left: 200, top: 300, width: 800, height: 600 })).toBe(false);
  });

  it('leaves a dark or coloured flat area: a filled panel is content, not paper', () => {
    expect(
      isBlankBox(
        fill(400, 400, () => 90),
        { left: 50, top: 50, width: 300, height: 300 },
      ),
    ).toBe(false);
  });
});

// The OmniDocBench demo pages of the evaluation corpus (read in place, as `npm run eval` does; it
// lives beside the repository, not in it): every picture its annotations box must stay a picture.
const corpus = fileURLToPath(new URL('../../../../../../shared/corpus/omnidocbench-demo/', import.meta.url));

interface DemoPage {
  page_info: { image_path: string };
  layout_dets: { category_type: string; poly: number[] }[];
}

describe.runIf(existsSync(corpus))('markBlankRegions on real pictures (OmniDocBench demo)', { timeout: 60_000 }, () => {
  it('flags none of the annotated figures: photos, charts, diagrams, scans of drawings', () => {
    const pages = JSON.parse(readFileSync(`${corpus}OmniDocBench_demo.json`, 'utf8')) as DemoPage[];
    let figures = 0;
    for (const page of pages) {
      const boxes = page.layout_dets
        .filter((element) => element.category_type === 'figure')
        .map(({ poly }) => {
          const xs = [poly[0]!, poly[2]!, poly[4]!, poly[6]!];
          const ys = [poly[1]!, poly[3]!, poly[5]!, poly[7]!];
          const left = Math.min(...xs);
          const top = Math.min(...ys);
          return { left, top, width: Math.max(...xs) - left, height: Math.max(...ys) - top };
        });
      if (boxes.length === 0) continue;
      const image = decodePng(readFileSync(`${corpus}images/${page.page_info.image_path}`));
      for (const box of boxes) expect(isBlankBox(image, box), page.page_info.image_path).toBe(false);
      figures += boxes.length;
    }
    expect(figures).toBe(10);
  });
});
