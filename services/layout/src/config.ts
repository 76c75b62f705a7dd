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
import { DEFAULT_LAYOUT_INPUT_SIDE } from './engine/doclaynet/letterbox.js';
import { LAYOUT_SWITCHES, type LayoutSwitch } from './engine/passes.js';

const schema = z.object({
  ...loggingEnv,
  ...tracingEnv,
  ...storageEnv,
  ...stageListenEnv('layout'),
  ...metricsEnv('layout'),
  ...threadJobTimeoutEnv,
  /** `doclaynet`: the DocLayNet ONNX model from MODELS_DIR; `none`: the PDF text layer alone. */
  LAYOUT_ENGINE: z.enum(['none', 'doclaynet']).default('doclaynet'),
  /** Folder that scripts/models.mjs fills. */
  MODELS_DIR: z.string().default('models'),
  /**
   * Layout model weights: `int8` (quantized by scripts/models.mjs; about 2.5x faster on CPUs with
   * AVX-512 VNNI or AVX-VNNI, no faster with AVX2 alone), `float32` (the published weights), or
   * `auto`: int8 where the CPU has int8 dot-product instructions, float32 elsewhere (logged at start).
   */
  LAYOUT_PRECISION: z.enum(PRECISION_SETTINGS).default('auto'),
  /** The layout model input's longer side in pixels, a multiple of 32 (docs/models.md: speed and mAP by size). */
  LAYOUT_INPUT_SIDE: z.coerce.number().int().min(320).max(2048).multipleOf(32).default(DEFAULT_LAYOUT_INPUT_SIDE),
  /** ONNX Runtime threads per inference (one inference per worker thread). */
  LAYOUT_THREADS: z.coerce.number().int().min(1).max(64).default(1),
  /** Detector worker threads, each with its own model; default: the CPU count divided by LAYOUT_THREADS. */
  LAYOUT_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * ONNX Runtime threads of a page detected while no other page is in the detector pool (a lone
   * page: the other workers' cores would idle); each worker then holds a second model session with
   * that many threads. Default: LAYOUT_WORKERS x LAYOUT_THREADS; LAYOUT_THREADS or less: no second session.
   */
  LAYOUT_SOLO_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * Table-structure model for detected tables (`slanet-plus` from MODELS_DIR, cross-checked with the
   * words; docs/models.md), or `none`: tables from word positions and ruling lines alone. Only with
   * LAYOUT_ENGINE=doclaynet. A configured model whose file is missing stops the service at start.
   */
  LAYOUT_TABLE_MODEL: z.enum(['slanet-plus', 'none']).default('slanet-plus'),
  /**
   * Table-structure worker threads, each with its own model (1 ONNX thread, about 86 MiB each).
   * One keeps up: a table takes about 0.2 s of a core, and on the ICDAR batch (0.66 tables a page,
   * 1.3 pages/s) it is busy a fifth of the time; raise it on machines with cores to spare.
   */
  LAYOUT_TABLE_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * Layout passes switched off, comma-separated names from engine/passes.ts (docs/layout-passes.md),
   * or cues of the page-furniture pass (`page-furniture.size` ...): for measuring what each buys on
   * the evaluation sets. Essential passes cannot be named. Empty (every pass on) unless told.
   */
  LAYOUT_SKIP_PASSES: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .refine((name) => (LAYOUT_SWITCHES as readonly string[]).includes(name), {
            message: `each must be one of ${LAYOUT_SWITCHES.join(', ')}`,
          })
          .transform((name) => name as LayoutSwitch),
      ),
    ),
});

/** The layout service's configuration, read once by main.ts. */
export type LayoutConfig = z.output<typeof schema>;

/** Parses the layout service's env, listing every bad variable at once. */
export function loadConfig(env: NodeJS.ProcessEnv): LayoutConfig {
  return parseEnv(schema, env);
}
