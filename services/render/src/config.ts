import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { loggingEnv, parseEnv, stageListenEnv, storageEnv } from '@folio/runtime';

const schema = z.object({
  ...loggingEnv,
  ...storageEnv,
  ...stageListenEnv('render'),
  /** Worker threads running MuPDF; each holds its own WASM heap. */
  RENDER_WORKERS: z.coerce.number().int().min(1).max(64).default(availableParallelism()),
  /** LibreOffice binary for office and HTML inputs. */
  SOFFICE_PATH: z.string().min(1).default('soffice'),
  SOFFICE_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
});

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
