import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { decodePng } from '@folio/imaging';
import { AppError, createLogger } from '@folio/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOcrWorkerPool, type OcrWorkerPool } from '../ppocr/pooled-ocr-engine.js';
import { createFormulaEngine, FORMULA_MODEL_FILES, type FormulaEngine } from './formula-engine.js';
import { cropRgb } from './formula-reader.js';

// The repository's models/ folder, filled by `npm run setup`. A missing model fails these tests
// (the engine names the file); it never skips them.
const modelsDir = fileURLToPath(new URL('../../../../../models', import.meta.url));
const workerUrl = new URL('../../../dist/engine/ppocr/ocr-worker.js', import.meta.url);
const logger = createLogger({ name: 'ocr-test', level: 'silent' });

// A scanned physics paper page of the OmniDocBench demo (1517 x 2059 JPEG) and two of its display
// formulas, boxes from the benchmark's annotation.
const pagePath = fileURLToPath(
  new URL(
    '../../../../../../shared/corpus/omnidocbench-demo/images/docstructbench_llm-raw-scihub-o.O-j.physletb.2004.06.101.pdf_3.jpg',
    import.meta.url,
  ),
);
const GAMMA = { left: 191.2, top: 988.4, width: 400.7, height: 39.0 };
const NABLA = { left: 188.3, top: 1090.0, width: 0, height: 0 };

/**
 * A worker thread of the OCR pool starts onnxruntime and loads the models before it answers
 * (about 4 s of a core, more on a shared machine): vitest's 5 s default failed npm test on a busy
 * 2-core machine.
 */
const WORKER_POOL_TIMEOUT_MS = 60_000;

describe('createFormulaEngine', () => {
  it('refuses to start without its model files, naming the missing file', async () => {
    const error: unknown = await createFormulaEngine({ modelsDir: '/nonexistent-models' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('FAILED_PRECONDITION');
    expect((error as AppError).message).toContain(FORMULA_MODEL_FILES.encoder);
  });

  it(
    'in the OCR worker pool, fails at start with the missing file named',
    async () => {
      await expect(
        createOcrWorkerPool({ formula: { modelsDir: '/nonexistent-models' }, workers: 1, logger, workerUrl }),
      ).rejects.toThrow(FORMULA_MODEL_FILES.encoder);
    },
    WORKER_POOL_TIMEOUT_MS,
  );
});

describe('pix2tex on a real page', () => {
  let engine: FormulaEngine;
  beforeAll(async () => {
    engine = await createFormulaEngine({ modelsDir });
  });
  afterAll(() => engine?.close());

  it('reads a display formula of a scanned page as LaTeX', async () => {
    const page = decodePng(readFileSync(pagePath));
    const crop = cropRgb(page, GAMMA)!;
    const started = performance.now();
    const latex = await engine.read(crop);
    logger.info({ ms: performance.now() - started }, 'formula read');
    // The reference: \left( \gamma^{U}, \gamma_{k}^{A}, \gamma^{V} \right)=\left( U, A_{k}, \partial_{k} V_{k} \right)=0.
    expect(latex.replace(/\s+/g, '')).toContain('\\gamma^{U},\\gamma_{k}^{A},\\gamma^{V}');
    expect(latex).toContain('A_{k}');
    // Read again at a smaller scale, the model is surer, and right, about the signs between the parts.
    expect(latex.replace(/\s+/g, '')).toContain('=(U,A_{k},\\partial_{k}V_{k})=0');
  });

  it("reads a scanned formula at the size of the page's words, where the symbol-height estimate misleads it", async () => {
    // Cut from the formula benchmark's Computer Modern page scanned at 300 dpi (test/eval/formulas),
    // whose OCR words are 56.5 px tall; its median ink blob (5 px) said another size.
    const crop = decodePng(readFileSync(fileURLToPath(new URL('testdata/wedge-scan-300dpi.png', import.meta.url))));
    expect((await engine.read(crop, 56.5)).replace(/\s+/g, '')).toBe('x_{i}\\wedgey_{i}\\wedgez_{i}');
  });

  it('reads a crop without ink as an empty string', async () => {
    const white = { width: 60, height: 20, rgb: new Uint8Array(60 * 20 * 3).fill(255) };
    expect(await engine.read(white)).toBe('');
  });

  it(
    'reads the same formula in a worker thread of the OCR pool',
    async () => {
      let pool: OcrWorkerPool | undefined;
      try {
        pool = await createOcrWorkerPool({ formula: { modelsDir }, workers: 1, logger, workerUrl });
        const [latex, blank] = await pool.formulas!.readFormulas({
          pageIndex: 0,
          image: readFileSync(pagePath),
          boxes: [GAMMA, NABLA],
        });
        expect(latex!.replace(/\s+/g, '')).toContain('\\gamma^{U},\\gamma_{k}^{A},\\gamma^{V}');
        expect(blank).toBe('');
      } finally {
        await pool?.close();
      }
    },
    WORKER_POOL_TIMEOUT_MS,
  );
});
