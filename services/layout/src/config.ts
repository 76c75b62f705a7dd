import { z } from 'zod';
import { loggingEnv, parseEnv, stageListenEnv, storageEnv } from '@folio/runtime';

const schema = z.object({
  ...loggingEnv,
  ...storageEnv,
  ...stageListenEnv('layout'),
  /** `doclaynet`: the DocLayNet ONNX model from MODELS_DIR; `none`: the PDF text layer alone. */
  LAYOUT_ENGINE: z.enum(['none', 'doclaynet']).default('doclaynet'),
  /** Folder that scripts/models.mjs fills. */
  MODELS_DIR: z.string().default('models'),
  /** ONNX Runtime threads per inference (one inference per worker thread). */
  LAYOUT_THREADS: z.coerce.number().int().min(1).max(64).default(1),
  /** Detector worker threads, each with its own model; default: the CPU count divided by LAYOUT_THREADS. */
  LAYOUT_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
});

/** `stageListenEnv` is typed as a plain record; this narrows the two keys it adds. */
const listenSchema = z.object({ LAYOUT_GRPC_HOST: z.string(), LAYOUT_GRPC_PORT: z.number() });

type ParsedEnv = z.output<typeof schema>;

/** The layout service's configuration, read once by main.ts. */
export type LayoutConfig = { [K in keyof ParsedEnv as string extends K ? never : K]: ParsedEnv[K] } & z.output<
  typeof listenSchema
>;

/** Parses the layout service's env, listing every bad variable at once. */
export function loadConfig(env: NodeJS.ProcessEnv): LayoutConfig {
  const parsed = parseEnv(schema, env);
  return { ...parsed, ...listenSchema.parse(parsed) };
}
