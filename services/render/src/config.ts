import { z } from 'zod';
import {
  loggingEnv,
  metricsEnv,
  parseEnv,
  stageListenEnv,
  storageEnv,
  threadJobTimeoutEnv,
  tracingEnv,
} from '@folio/runtime';
import { DEFAULT_OCR_LONG_SIDE } from './engine/render-ops.js';

const schema = z.object({
  ...loggingEnv,
  ...tracingEnv,
  ...storageEnv,
  ...stageListenEnv('render'),
  ...metricsEnv('render'),
  ...threadJobTimeoutEnv,
  /**
   * Worker threads running MuPDF; each holds its own WASM heap. Default: one per CPU, at most as
   * many as half the memory holds at RENDER_WORKER_MIB each (main.ts logs the choice).
   */
  RENDER_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** LibreOffice binary for office and HTML inputs. */
  SOFFICE_PATH: z.string().min(1).default('soffice'),
  SOFFICE_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  /** LibreOffice conversions at once per render process (each soffice holds about 200 MB); the rest queue. */
  SOFFICE_MAX_CONCURRENT: z.coerce.number().int().min(1).max(16).default(2),
  /**
   * Long side in pixels of the pages OCR reads (scans, pages without a usable text layer): about
   * 300 dpi on a Letter page, so text of any page size reaches the recognizer sharp. 0 renders
   * them at the requested scale like every other page.
   */
  RENDER_OCR_LONG_SIDE: z.coerce.number().int().min(0).max(10_000).default(DEFAULT_OCR_LONG_SIDE),
  /**
   * `model`: scans and photos on their side or upside down are turned upright before OCR and
   * layout, by the page-orientation classifier in MODELS_DIR, its turns of pages in scripts it does
   * not know checked by Tesseract (a missing file or Tesseract stops the service at start); `none`:
   * pages are kept as the file draws them.
   */
  RENDER_ORIENTATION: z.enum(['model', 'none']).default('model'),
  /** The tesseract executable, which checks the classifier's turns of pages in other scripts (page-orientation.ts). */
  TESSERACT_COMMAND: z.string().default('tesseract'),
  /** Folder of Tesseract's `.traineddata` files (default: Tesseract's own). */
  TESSDATA_DIR: z.string().optional(),
  /** Folder that scripts/models.mjs fills. */
  MODELS_DIR: z.string().default('models'),
});

/**
 * About how much one render worker holds at its peak: MuPDF's WASM heap grows to the largest page
 * rendered (a 4,000-pixel page is a 60 MB pixmap before PNG encoding) and does not shrink.
 */
export const RENDER_WORKER_MIB = 300;

/** `stageListenEnv` is typed as a plain record; this narrows the two keys it adds. */
const listenSchema = z.object({ RENDER_GRPC_HOST: z.string(), RENDER_GRPC_PORT: z.number() });

type ParsedEnv = z.output<typeof schema>;

/** The render service's configuration, read once by main.ts. */
export type RenderConfig = { [K in keyof ParsedEnv as string extends K ? never : K]: ParsedEnv[K] } & z.output<
  typeof listenSchema
>;

/** Parses the render service's env, listing every bad variable at once. */
export function loadConfig(env: NodeJS.ProcessEnv): RenderConfig {
  const parsed = parseEnv(schema, env);
  return { ...parsed, ...listenSchema.parse(parsed) };
}
