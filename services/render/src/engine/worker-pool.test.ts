import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createLogger } from '@folio/runtime';
import { afterAll, describe, expect, it } from 'vitest';
import { createTextPdf } from '../testing/fixtures.js';
import { RenderFailure } from './render-failure.js';
import { createMupdfEngine } from './render-engine.js';
import { DEFAULT_OCR_LONG_SIDE } from './render-ops.js';
import { createWorkerPool } from './worker-pool.js';

// Worker threads run plain JavaScript, so this test drives the compiled worker: `npm test` runs
// after `tsc -b` (turbo's test task depends on build).
const workerUrl = new URL('../../dist/engine/render-worker.js', import.meta.url);
if (!existsSync(fileURLToPath(workerUrl)))
  throw new Error('Build services/render first (npx tsc -b): dist/engine/render-worker.js is missing');

const logger = createLogger({ name: 'render-test', level: 'silent' });
const pool = createWorkerPool({ size: 2, logger, workerUrl });
afterAll(() => pool.close());

const pdf = createTextPdf([1, 2, 3, 4, 5].map((n) => ({ texts: [{ text: `Page number ${n}`, x: 72, y: 100 }] })));

describe('worker pool', () => {
  it('starts every worker with MuPDF warmed up before the first job', async () => {
    await pool.start();
    const output = await pool.run('prepare', { bytes: pdf, mimeType: 'application/pdf', family: 'pdf' });
    expect(output.pageCount).toBe(5);
  });

  it('renders a batch across workers and returns pages in request order', async () => {
    const engine = createMupdfEngine({
      executor: pool,
      officeConverter: { convertToPdf: () => Promise.reject(new Error('unused')) },
      logger,
      ocrLongSide: DEFAULT_OCR_LONG_SIDE,
    });
    const pages = await engine.renderPages({ pdf, pageIndexes: [4, 0, 2, 1, 3], scale: 1 });
    expect(pages.map((page) => page.pageIndex)).toEqual([4, 0, 2, 1, 3]);
    expect(pages.map((page) => page.textLayer.blocks[0]?.lines[0]?.words.at(-1)?.text)).toEqual([
      '5',
      '1',
      '3',
      '2',
      '4',
    ]);
    expect(pages.every((page) => page.png.byteLength > 0 && page.width === 612)).toBe(true);
  });

  it('carries a refusal across the thread boundary with its kind', async () => {
    const error = await pool.run('render', { pdf, pageIndexes: [9], scale: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RenderFailure);
    expect((error as RenderFailure).kind).toBe('page-out-of-range');
  });

  it('keeps serving after a refusal', async () => {
    const output = await pool.run('prepare', { bytes: pdf, mimeType: 'application/pdf', family: 'pdf' });
    expect(output.pageCount).toBe(5);
  });

  it('rejects work once closed', async () => {
    const closing = createWorkerPool({ size: 1, logger, workerUrl });
    const inFlight = closing.run('prepare', { bytes: pdf, mimeType: 'application/pdf', family: 'pdf' });
    await closing.close();
    await expect(inFlight).rejects.toThrow(/closed/);
    await expect(closing.run('prepare', { bytes: pdf, mimeType: 'application/pdf', family: 'pdf' })).rejects.toThrow(
      /closed/,
    );
  });
});
