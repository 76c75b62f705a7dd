import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLogger, createTesseract } from '@folio/runtime';
import * as mupdf from 'mupdf';
import { afterAll, describe, expect, it } from 'vitest';
import { createTextPdf } from '../testing/fixtures.js';
import { createInlineExecutor } from './inline-executor.js';
import { createOrientationClassifier, turnFromProbabilities, withScriptCheck } from './page-orientation.js';
import { createMupdfEngine } from './render-engine.js';

const modelsDir = join(import.meta.dirname, '..', '..', '..', '..', 'models');
// Fails with the missing file's name when `npm run setup` has not installed the model.
const classifier = await createOrientationClassifier(modelsDir);
afterAll(() => classifier.close());

const SENTENCE = 'Small farms grow a large share of the food eaten in rural regions and keep few records';

/** A page of printed lines, photographed turned clockwise by `degrees`: a PNG without any text layer. */
function turnedScan(degrees: number): Uint8Array {
  const lines = Array.from({ length: 30 }, (_, index) => ({ text: SENTENCE, x: 60, y: 80 + index * 22, size: 11 }));
  const doc = mupdf.Document.openDocument(createTextPdf([{ texts: lines }]), 'application/pdf');
  const page = doc.loadPage(0);
  const pixmap = page.toPixmap(
    mupdf.Matrix.concat(mupdf.Matrix.scale(2, 2), mupdf.Matrix.rotate(degrees)),
    mupdf.ColorSpace.DeviceRGB,
    false,
  );
  const png = pixmap.asPNG();
  pixmap.destroy();
  page.destroy();
  doc.destroy();
  return png;
}

const logger = createLogger({ name: 'render-test', level: 'silent' });
const engineWith = (orientation: typeof classifier) =>
  createMupdfEngine({
    executor: createInlineExecutor(),
    officeConverter: { convertToPdf: () => Promise.reject(new Error('unused')) },
    logger,
    ocrLongSide: 2000,
    orientation,
  });
const engine = engineWith(classifier);
// Fails with what to install when Tesseract (Debian's tesseract-ocr, from npm run setup) is missing.
const checked = engineWith(withScriptCheck(classifier, await createTesseract()));

async function renderImage(bytes: Uint8Array, mimeType: string, on = engine) {
  const prepared = await on.prepare({ bytes, mimeType });
  const [page] = await on.renderPages({ pdf: prepared.pdf!, pageIndexes: [0], scale: 2 });
  return page!;
}

const renderScan = (degrees: number, on = engine) => renderImage(turnedScan(degrees), 'image/png', on);

// A grey scan of a Hebrew type catalogue's introduction, upright (test/eval/checks/sources.md).
const hebrewScan = readFileSync(
  join(import.meta.dirname, '..', '..', '..', '..', 'test', 'eval', 'checks', 'docs', 'hebrew-type-catalogue-scan.jpg'),
);

describe('page orientation', () => {
  it('turns a scan lying on its side or upside down upright, and leaves an upright one as it is', async () => {
    const upright = await renderScan(0);
    expect(upright.turned).toBeUndefined();
    expect(upright.height).toBeGreaterThan(upright.width);
    for (const degrees of [90, 180, 270]) {
      const page = await renderScan(degrees);
      expect(page.turned, `scan turned ${degrees} degrees`).toBe((360 - degrees) % 360);
      // Upright again: portrait, the size of the upright render.
      expect(page.height).toBeGreaterThan(page.width);
      expect(page.width).toBeCloseTo(upright.width, -1);
      expect(page.textLayer.quality).toMatchObject({ scanned: true, usable: false });
      expect(page.orientationSample).toBeUndefined();
    }
  });

  it('keeps a Hebrew page upright, which the classifier alone would turn over, and still turns a Latin one', async () => {
    expect((await renderImage(hebrewScan, 'image/jpeg')).turned).toBe(180);
    expect((await renderImage(hebrewScan, 'image/jpeg', checked)).turned).toBeUndefined();
    expect((await renderScan(180, checked)).turned).toBe(180);
    expect((await renderScan(90, checked)).turned).toBe(270);
  }, 60_000);

  it('draws nothing again for a born-digital page: its text layer says which way it reads', async () => {
    const pdf = createTextPdf([{ texts: [{ text: SENTENCE, x: 72, y: 100 }] }]);
    const [page] = await engine.renderPages({ pdf, pageIndexes: [0], scale: 1 });
    expect(page!.turned).toBeUndefined();
    expect(page!.orientationSample).toBeUndefined();
  });

  it('believes a turn only when the classifier is sure of it', () => {
    expect(turnFromProbabilities([0.03, 0.93, 0.02, 0.02])).toBe(270);
    expect(turnFromProbabilities([0.02, 0.02, 0.93, 0.03])).toBe(180);
    expect(turnFromProbabilities([0.02, 0.03, 0.02, 0.93])).toBe(90);
    expect(turnFromProbabilities([0.93, 0.03, 0.02, 0.02])).toBeNull();
    expect(turnFromProbabilities([0.3, 0.5, 0.1, 0.1])).toBeNull();
  });
});
