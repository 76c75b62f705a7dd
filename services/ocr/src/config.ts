import { z } from 'zod';
import { loggingEnv, parseEnv, stageListenEnv, storageEnv } from '@folio/runtime';

const schema = z.object({
  ...loggingEnv,
  ...storageEnv,
  ...stageListenEnv('ocr'),
  /** The OCR model. Only `none` (PDF text layer only) exists yet; PP-OCR comes next. */
  OCR_ENGINE: z.enum(['none']).default('none'),
});

/** `stageListenEnv` is typed as a plain record; this narrows the two keys it adds. */
const listenSchema = z.object({ OCR_GRPC_HOST: z.string(), OCR_GRPC_PORT: z.number() });

type ParsedEnv = z.output<typeof schema>;

/** The OCR service's configuration, read once by main.ts. */
export type OcrConfig = { [K in keyof ParsedEnv as string extends K ? never : K]: ParsedEnv[K] } & z.output<
  typeof listenSchema
>;

/** Parses the OCR service's env, listing every bad variable at once. */
export function loadConfig(env: NodeJS.ProcessEnv): OcrConfig {
  const parsed = parseEnv(schema, env);
  return { ...parsed, ...listenSchema.parse(parsed) };
}
