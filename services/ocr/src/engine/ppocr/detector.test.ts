import { fileURLToPath } from 'node:url';
import { createTextPdf, renderPage } from '@folio/imaging/testing';
import { requireModelFile } from '@folio/runtime';
import * as ort from 'onnxruntime-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectTextLines } from './detector.js';
import { inkWindows } from './ink-window.js';
import { PPOCR_MODEL_FILES } from './model-files.js';
import { denseLines } from './testing/measure.js';

// The repository's models/ folder (npm run setup); a missing model fails, naming the file.
const modelsDir = fileURLToPath(new URL('../../../../../models', import.meta.url));

describe('detectTextLines in the ink window', () => {
  let session: ort.InferenceSession;
  beforeAll(async () => {
    const file = requireModelFile(modelsDir, PPOCR_MODEL_FILES.detector.tiny, 'OCR', '');
    session = await ort.InferenceSession.create(file, { intraOpNumThreads: 1 });
  });
  afterAll(async () => {
    await session.release();
  });

  it('finds the lines the whole page gives, from a fraction of its pixels', async () => {
    // A page with wide margins and a page number: the window leaves the margins out.
    const texts = [
      ...denseLines(20).map((line) => ({ ...line, x: 140, y: line.y + 160 })),
      {
        text: '17',
        x: 300,
        y: 700,
        size: 9,
      },
    ];
    const { image } = renderPage(createTextPdf(texts), 2);
    const windows = inkWindows(image);
    expect(windows).toHaveLength(1);
    const window = windows[0]!;
    expect((window.width * window.height) / (image.width * image.height)).toBeLessThan(0.6);

    const whole = await detectTextLines(session, image);
    const windowed = await detectTextLines(session, image, undefined, windows);
    expect(whole.length).toBe(21);
    expect(windowed.length).toBe(whole.length);
    // Not the same to the pixel: the network's squeeze-and-excitation blocks pool over the whole
    // input, so leaving the margins out moves every line's edges by a pixel or three.
    // Lines of 10 pt type are 28 pixels high here.
    windowed.forEach((rect, index) => {
      rect.quad.forEach((point, corner) => {
        expect(Math.abs(point.x - whole[index]!.quad[corner]!.x)).toBeLessThanOrEqual(4);
        expect(Math.abs(point.y - whole[index]!.quad[corner]!.y)).toBeLessThanOrEqual(4);
      });
    });
  });

  it('finds nothing without a window', async () => {
    const { image } = renderPage(createTextPdf([{ text: 'Some text', x: 72, y: 72 }]), 2);
    expect(await detectTextLines(session, image, undefined, [])).toEqual([]);
  });
});
