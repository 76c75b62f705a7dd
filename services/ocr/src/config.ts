import { z } from 'zod';
import {
  PRECISION_SETTINGS,
  loggingEnv,
  metricsEnv,
  parseEnv,
  stageListenEnv,
  storageEnv,
  threadJobTimeoutEnv,
  tracingEnv,
} from '@folio/runtime';
import { DEFAULT_PPOCR_MODELS, PPOCR_MODEL_SIZES, PPOCR_RECOGNIZERS } from './engine/ppocr/model-files.js';

const schema = z
  .object({
    ...loggingEnv,
    ...tracingEnv,
    ...storageEnv,
    ...stageListenEnv('ocr'),
    ...metricsEnv('ocr'),
    ...threadJobTimeoutEnv,
    /** `ppocr`: the PP-OCR ONNX model from MODELS_DIR; `none`: the PDF text layer alone. */
    OCR_ENGINE: z.enum(['none', 'ppocr']).default('ppocr'),
    /**
     * `tesseract`: a page PP-OCR reads poorly has its script guessed by Tesseract, and a script
     * PP-OCR lacks (Arabic, Hebrew, Cyrillic, Devanagari, Hangul, Thai, Greek, ...) is read by
     * Tesseract's model for it (engine/other-scripts.ts); the service does not start without
     * Tesseract. `none`: PP-OCR reads every page.
     */
    OCR_OTHER_SCRIPTS: z.enum(['none', 'tesseract']).default('tesseract'),
    /**
     * A German word list, one word a line (Debian's wngerman, which setup installs), by which the
     * words Tesseract's Fraktur model misreads are mended (engine/fraktur-words.ts); `none` leaves
     * them as read. The service does not start when the file is missing.
     */
    OCR_FRAKTUR_WORDS: z.string().default('/usr/share/dict/ngerman'),
    /** The tesseract executable. */
    TESSERACT_COMMAND: z.string().default('tesseract'),
    /** Folder of Tesseract's `.traineddata` files (default: Tesseract's own). */
    TESSDATA_DIR: z.string().optional(),
    /** Folder that scripts/models.mjs fills. */
    MODELS_DIR: z.string().default('models'),
    /**
     * `pix2tex`: Formula segments get their LaTeX read from the page image by the formula model in
     * MODELS_DIR/formula (ReadFormulas); `none`: they keep their words.
     */
    FORMULA_ENGINE: z.enum(['none', 'pix2tex']).default('pix2tex'),
    /** At most this many LaTeX tokens per formula (the model's positions stop at 511). */
    FORMULA_MAX_TOKENS: z.coerce.number().int().min(1).max(511).default(400),
    /** PP-OCRv6 text detector: `tiny` (five times faster than `small`, as accurate) or `small`. */
    OCR_DETECTOR: z.enum(PPOCR_MODEL_SIZES).default(DEFAULT_PPOCR_MODELS.detector),
    /**
     * PP-OCRv6 text recognizer: `auto` (the tiny model, and the small one again for lines it reads as
     * CJK), `tiny` or `small` (docs/models.md: speed and accuracy of each).
     */
    OCR_RECOGNIZER: z.enum(PPOCR_RECOGNIZERS).default(DEFAULT_PPOCR_MODELS.recognizer),
    /**
     * Small recognizer weights (with OCR_RECOGNIZER `small` or `auto`): `float32` (the published
     * file) or `int8` (quantized by scripts/models.mjs: about 1.6x faster on CPUs with AVX-512 VNNI
     * or AVX-VNNI, slightly less accurate), or `auto` (int8 where the CPU has int8 dot-product
     * instructions; float32 with OCR_RECOGNIZER=tiny, which has no int8 copy). Default float32: int8 costs
     * OmniDocBench text edit distance 0.003. The detector and the tiny recognizer stay float32.
     */
    OCR_PRECISION: z.enum(PRECISION_SETTINGS).default('float32'),
    /** ONNX Runtime threads per inference (one page at a time per worker thread). */
    OCR_THREADS: z.coerce.number().int().min(1).max(64).default(1),
    /**
     * OCR worker threads, each with its own models, so pages read at once. Default: the CPU count
     * divided by OCR_THREADS, at most as many as half the memory holds at OCR_WORKER_MIB each
     * (main.ts logs the choice).
     */
    OCR_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  })
  .superRefine((config, context) => {
    if (config.OCR_PRECISION === 'int8' && config.OCR_RECOGNIZER === 'tiny') {
      context.addIssue({
        code: 'custom',
        path: ['OCR_PRECISION'],
        message: 'int8 is a copy of the small recognizer: use OCR_RECOGNIZER=small or auto, or OCR_PRECISION=float32',
      });
    }
  });

/**
 * About how much one OCR worker holds: its PP-OCR detector and recognizers with ONNX Runtime's
 * memory arena off (docs/architecture.md), plus the formula model (about 100 MiB) once a page
 * with formulas came.
 */
export const OCR_WORKER_MIB = 700;

/** The OCR service's configuration, read once by main.ts. */
export type OcrConfig = z.output<typeof schema>;

/** Parses the OCR service's env, listing every bad variable at once. */
export function loadConfig(env: NodeJS.ProcessEnv): OcrConfig {
  return parseEnv(schema, env);
}
