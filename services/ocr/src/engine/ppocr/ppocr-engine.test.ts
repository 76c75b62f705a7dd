import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createTextPdf, renderPage, renderPng } from '@folio/imaging/testing';
import type { Word } from '@folio/proto/documents/v1';
import { AppError, createLogger, normalizedEditDistance } from '@folio/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PPOCR_MODEL_FILES, type PpOcrRecognizer } from './model-files.js';
import { createPpOcrEngine, type PpOcrEngine } from './ppocr-engine.js';
import { denseLines, iou, rotate180 } from './testing/measure.js';
import { createPooledOcrEngine } from './pooled-ocr-engine.js';

// The repository's models/ folder, filled by `npm run setup` (scripts/models.mjs). A missing model
// fails these tests (the engine names the file); it never skips them.
const modelsDir = fileURLToPath(new URL('../../../../../models', import.meta.url));
// Worker threads run plain JavaScript, so the pool tests drive the compiled worker (turbo builds before testing).
const workerUrl = new URL('../../../dist/engine/ppocr/ocr-worker.js', import.meta.url);
if (!existsSync(fileURLToPath(workerUrl)))
  throw new Error('Build services/ocr first (npx tsc -b): dist/engine/ppocr/ocr-worker.js is missing');
const logger = createLogger({ name: 'ocr-test', level: 'silent' });

const page = renderPage(
  createTextPdf([
    { text: 'Quarterly Report 2024', x: 72, y: 90, size: 22, bold: true },
    { text: 'The quick brown fox jumps over the lazy dog.', x: 72, y: 140 },
    { text: 'Revenue grew by 12.5% to $4,210 million in March.', x: 72, y: 160 },
    { text: 'Contact: sales@example.com or call (555) 010-7788.', x: 72, y: 180 },
    { text: 'Left column', x: 72, y: 300 },
    { text: 'Right column', x: 330, y: 300 },
  ]),
  2,
);
const truthText = page.words.map((w) => w.text).join(' ');

describe('createPpOcrEngine', () => {
  it('refuses to start without its model files, naming the missing file', async () => {
    const error: unknown = await createPpOcrEngine({ modelsDir: '/nonexistent-models' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('FAILED_PRECONDITION');
    expect((error as AppError).message).toContain(PPOCR_MODEL_FILES.detector.tiny);
  });

  it('refuses a precision the recognizer size has no model for', async () => {
    const error: unknown = await createPpOcrEngine({ modelsDir, recognizer: 'tiny', precision: 'int8' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('INVALID_ARGUMENT');
  });

  it('in worker threads, fails at start with the missing file named', async () => {
    await expect(
      createPooledOcrEngine({ modelsDir: '/nonexistent-models', workers: 1, logger, workerUrl }),
    ).rejects.toThrow(PPOCR_MODEL_FILES.detector.tiny);
  });
});

const RECOGNIZERS: { recognizer: PpOcrRecognizer; precision: 'float32' | 'int8' }[] = [
  { recognizer: 'auto', precision: 'float32' },
  { recognizer: 'small', precision: 'float32' },
  { recognizer: 'small', precision: 'int8' },
  { recognizer: 'tiny', precision: 'float32' },
];

// Model runs take seconds on a 2-core machine, more while other work shares it.
for (const { recognizer, precision } of RECOGNIZERS)
  describe(`PP-OCR (${recognizer} ${precision} recognizer) on a rendered page`, { timeout: 300_000 }, () => {
    let engine: PpOcrEngine;
    let words: Word[];
    beforeAll(async () => {
      engine = await createPpOcrEngine({ modelsDir, recognizer, precision, threads: 2 });
      words = await engine.recognize(page.image);
    }, 120_000);
    afterAll(async () => {
      await engine?.close();
    });

    it('reads every word of a born-digital page rendered at scale 2', () => {
      expect(normalizedEditDistance(words.map((w) => w.text).join(' '), truthText)).toBeLessThan(0.03);
      expect(words.every((w) => w.confidence > 0.5 && w.confidence <= 1)).toBe(true);
    });

    it('puts each word box on the true word', () => {
      const overlaps = page.words.map((truth) => {
        const best = Math.max(
          ...words.map((w) =>
            iou(truth, {
              left: w.bbox!.left,
              top: w.bbox!.top,
              right: w.bbox!.left + w.bbox!.width,
              bottom: w.bbox!.top + w.bbox!.height,
            }),
          ),
        );
        return best;
      });
      // Word boxes follow the line's box vertically (a little taller than the glyphs).
      expect(Math.min(...overlaps)).toBeGreaterThan(0.5);
      expect(overlaps.reduce((a, b) => a + b, 0) / overlaps.length).toBeGreaterThan(0.7);
    });

    it('orders lines top to bottom and left to right, words along their line', () => {
      const lines = new Map<number, string[]>();
      for (const w of words) lines.set(w.lineIndex, [...(lines.get(w.lineIndex) ?? []), w.text]);
      expect([...lines.values()].map((line) => line.join(' '))).toEqual([
        'Quarterly Report 2024',
        'The quick brown fox jumps over the lazy dog.',
        'Revenue grew by 12.5% to $4,210 million in March.',
        'Contact: sales@example.com or call (555) 010-7788.',
        'Left column',
        'Right column',
      ]);
    });

    it('reads only the lines the known text does not cover', async () => {
      // The text layer "knows" every word but the two column labels.
      const known = page.words.filter((w) => !/column|Left|Right/.test(w.text));
      const knownText = known.map((w) => ({
        left: w.left,
        top: w.top,
        width: w.right - w.left,
        height: w.bottom - w.top,
      }));
      const read = await engine.recognize(page.image, { text: knownText, rules: [] });
      expect(read.map((w) => w.text).join(' ')).toBe('Left column Right column');
    });

    it('reads an upside-down page the right way up', async () => {
      const turned = await engine.recognize(rotate180(page.image));
      const text = turned.map((w) => w.text).join(' ');
      expect(text).toContain('The quick brown fox jumps over the lazy dog.');
      expect(text).toContain('Quarterly Report 2024');
      const heading = turned.find((w) => w.text === 'Quarterly')!;
      // Upside down, the title sits at the bottom right.
      expect(heading.bbox!.top).toBeGreaterThan(page.image.height / 2);
    });

    it('plugs into the service seam: reads page PNGs as the render stage stores them, in worker threads', async () => {
      const service = await createPooledOcrEngine({
        modelsDir,
        recognizer,
        precision,
        threads: 1,
        workers: 2,
        logger,
        workerUrl,
      });
      try {
        const pages = ['Hello from a PNG page', 'A second page read at once'].map((text, pageIndex) => ({
          pageIndex,
          image: renderPng(createTextPdf([{ text, x: 72, y: 100, size: 14 }]), 2),
          width: 1224,
          height: 1584,
        }));
        const words = await Promise.all(pages.map((image) => service.recognize(image)));
        expect(words.map((page) => page.map((w) => w.text).join(' '))).toEqual([
          'Hello from a PNG page',
          'A second page read at once',
        ]);
      } finally {
        await service.close();
      }
    });

    it('reads a dense page of 45 lines (and prints its time)', async () => {
      // 45 lines of 10 pt text, about 4,500 characters: recognition cost grows with characters.
      const dense = renderPage(createTextPdf(denseLines(45)), 2);
      const start = performance.now();
      const count = (await engine.recognize(dense.image)).length;
      const msPerPage = performance.now() - start;
      process.stdout.write(
        `[ppocr ${recognizer} ${precision}] ${dense.image.width}x${dense.image.height} page, ${count} words: ${msPerPage.toFixed(0)} ms/page (2 threads), peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB\n`,
      );
      expect(count).toBeGreaterThan(45 * 15);
    });
  });
