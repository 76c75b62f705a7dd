import { z } from 'zod';
import { loggingEnv, MODEL_PRECISIONS, parseEnv, stageListenEnv, storageEnv } from '@folio/runtime';

const schema = z.object({
  ...loggingEnv,
  ...storageEnv,
  ...stageListenEnv('ocr'),
  /** `ppocr`: the PP-OCR ONNX model from MODELS_DIR; `none`: the PDF text layer alone. */
  OCR_ENGINE: z.enum(['none', 'ppocr']).default('ppocr'),
  /** Folder that scripts/models.mjs fills. */
  MODELS_DIR: z.string().default('models'),
  /**
   * Text recognizer weights: `float32` (the published file) or `int8` (quantized by
   * scripts/models.mjs: recognition about 1.6x faster on CPUs with AVX-512 VNNI or AVX-VNNI, the
   * scanned benchmark 14% faster, OmniDocBench text edit distance 0.142 -> 0.145). The detector
   * stays float32.
   */
  OCR_PRECISION: z.enum(MODEL_PRECISIONS).default('float32'),
  /** ONNX Runtime threads per inference (one page at a time per worker thread). */
  OCR_THREADS: z.coerce.number().int().min(1).max(64).default(1),
  /** OCR worker threads, each with its own models, so pages read at once; default: the CPU count divided by OCR_THREADS. */
  OCR_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
});

/** The OCR service's configuration, read once by main.ts. */
export type OcrConfig = z.output<typeof schema>;

/** Parses the OCR service's env, listing every bad variable at once. */
export function loadConfig(env: NodeJS.ProcessEnv): OcrConfig {
  return parseEnv(schema, env);
}
