import { workerData } from 'node:worker_threads';
import { serveThreadJobs } from '@folio/runtime';
import { assertFormulaModelFiles, createFormulaEngine, type FormulaEngine } from '../formula/formula-engine.js';
import { readPageFormulas } from '../formula/formula-reader.js';
import type { OcrJob, OcrJobResult, OcrWorkerData } from './pooled-ocr-engine.js';
import { createPpOcrServiceEngine, type PpOcrServiceEngine } from './ppocr-ocr-engine.js';

/**
 * Worker thread of the OCR service's pool: loads the models it is configured with once (PP-OCR at
 * start; the formula recognizer, about 100 MiB, at the first page with formulas, its files checked
 * at start), then runs one job at a time: a page's words (PNG decode, detection, angle
 * classification, recognition) or the LaTeX of a page's formulas.
 * onnxruntime-node's `run` holds its thread for the whole inference, so this happens here and the
 * service's thread stays free.
 */
let engine: PpOcrServiceEngine | undefined;
let formulas: Promise<FormulaEngine> | undefined;
let formulaOptions: OcrWorkerData['formula'];

serveThreadJobs<OcrJob, OcrJobResult>({
  start: async () => {
    const data = workerData as OcrWorkerData;
    if (data.ppocr) engine = await createPpOcrServiceEngine(data.ppocr);
    if (data.formula) {
      assertFormulaModelFiles(data.formula.modelsDir);
      formulaOptions = data.formula;
    }
  },
  handle: async (job) => {
    if (job.kind === 'page') {
      if (!engine) throw new Error('this OCR worker has no PP-OCR engine');
      return { output: { kind: 'words', words: await engine.recognize(job.page) } };
    }
    if (!formulaOptions) throw new Error('this OCR worker has no formula engine');
    formulas ??= createFormulaEngine(formulaOptions);
    return { output: { kind: 'latex', latex: await readPageFormulas(await formulas, job.page) } };
  },
});
