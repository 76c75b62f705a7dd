import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createTextPdf, renderPage, renderPng } from '@folio/imaging/testing';
import { AppError, createLogger } from '@folio/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDocLayNetEngine,
  DOCLAYNET_MODEL_FILES,
  type DocLayNetEngine,
  type LayoutDetection,
} from './doclaynet-engine.js';
import { articlePage, TITLE } from './testing/article-page.js';
import { createDocLayNetServiceEngine } from './doclaynet-layout-engine.js';

// The repository's models/ folder, filled by `npm run setup` (scripts/models.mjs). A missing model
// fails these tests (the engine names the file); it never skips them.
const modelsDir = fileURLToPath(new URL('../../../../../models', import.meta.url));
// Worker threads run plain JavaScript, so the pool tests drive the compiled worker (turbo builds before testing).
const workerUrl = new URL('../../../dist/engine/doclaynet/detect-worker.js', import.meta.url);
if (!existsSync(fileURLToPath(workerUrl)))
  throw new Error('Build services/layout first (npx tsc -b): dist/engine/doclaynet/detect-worker.js is missing');
const logger = createLogger({ name: 'layout-test', level: 'silent' });

describe('createDocLayNetEngine', () => {
  it('refuses to start without its model file, naming it', async () => {
    const error: unknown = await createDocLayNetEngine({ modelsDir: '/nonexistent-models' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('FAILED_PRECONDITION');
    expect((error as AppError).message).toContain(DOCLAYNET_MODEL_FILES.float32);
  });

  it('loads the file of the precision asked for', async () => {
    const error: unknown = await createDocLayNetEngine({ modelsDir: '/nonexistent-models', precision: 'int8' }).catch(
      (e: unknown) => e,
    );
    expect((error as AppError).message).toContain(DOCLAYNET_MODEL_FILES.int8);
  });

  it('fails at start with the missing file named when the model is absent', async () => {
    await expect(
      createDocLayNetServiceEngine({ modelsDir: '/nonexistent-models', workers: 1, logger, workerUrl }),
    ).rejects.toThrow(/Layout model file \/nonexistent-models\/doclaynet\/yolov8n-doclaynet.open.onnx is missing/);
  });
});

for (const precision of ['float32', 'int8'] as const)
  describe(`DocLayNet detector (${precision}) on a rendered page`, { timeout: 120_000 }, () => {
    const scale = 2;
    const page = renderPage(createTextPdf(articlePage()), scale);
    let engine: DocLayNetEngine;
    let detections: LayoutDetection[];
    beforeAll(async () => {
      engine = await createDocLayNetEngine({ modelsDir, precision, threads: 2 });
      detections = await engine.detect(page.image);
    }, 120_000);
    afterAll(async () => {
      await engine?.close();
    });

    it('refuses an input side that is not a multiple of 32', async () => {
      await expect(createDocLayNetEngine({ modelsDir, precision, inputSide: 1000 })).rejects.toThrow(/multiple of 32/);
    });

    it('finds the big bold title as a Title where it is drawn', () => {
      const best = detections.filter((d) => d.segmentType === 'Title').sort((a, b) => b.confidence - a.confidence)[0];
      expect(best).toBeDefined();
      // The title's baseline is at TITLE.y points; its box must contain that line and start near TITLE.x.
      const baseline = TITLE.y * scale;
      expect(best!.bbox.top).toBeLessThan(baseline);
      expect(best!.bbox.top + best!.bbox.height).toBeGreaterThan(baseline - 5);
      expect(Math.abs(best!.bbox.left - TITLE.x * scale)).toBeLessThan(30);
    });

    it('finds the paragraphs as Text and the headings as SectionHeader, inside the page', () => {
      const texts = detections.filter((d) => d.segmentType === 'Text' && d.confidence > 0.5);
      expect(texts.length).toBeGreaterThanOrEqual(3);
      // Paragraphs span the text column (72..540 pt).
      for (const text of texts) {
        expect(text.bbox.left).toBeGreaterThan(60 * scale);
        expect(text.bbox.left + text.bbox.width).toBeLessThan(560 * scale);
        expect(text.bbox.width).toBeGreaterThan(300 * scale);
      }
      expect(
        detections.filter((d) => d.segmentType === 'SectionHeader' && d.confidence > 0.5).length,
      ).toBeGreaterThanOrEqual(2);
      for (const d of detections) {
        expect(d.confidence).toBeGreaterThanOrEqual(0.25);
        expect(d.bbox.left + d.bbox.width).toBeLessThanOrEqual(page.image.width);
        expect(d.bbox.top + d.bbox.height).toBeLessThanOrEqual(page.image.height);
      }
    });

    it('plugs into the service seam: detects on page PNGs as the render stage stores them, in worker threads', async () => {
      const service = await createDocLayNetServiceEngine({
        modelsDir,
        precision,
        threads: 1,
        workers: 2,
        logger,
        workerUrl,
      });
      try {
        const png = renderPng(createTextPdf(articlePage()), scale);
        const pages = await Promise.all(
          [0, 1, 2].map((pageIndex) => service.detect({ pageIndex, image: png, width: 1224, height: 1584 })),
        );
        for (const regions of pages) {
          expect(regions.some((r) => r.segmentType === 'Title')).toBe(true);
          expect(regions.filter((r) => r.segmentType === 'Text').length).toBeGreaterThanOrEqual(3);
        }
        expect(pages[1]).toEqual(pages[0]);
      } finally {
        await service.close();
      }
    });
  });
