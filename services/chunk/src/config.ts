import { join } from 'node:path';
import { loggingEnv, metricsEnv, parseEnv, stageListenEnv, storageEnv, tracingEnv } from '@folio/runtime';
import { z } from 'zod';

const schema = z
  .object({
    ...loggingEnv,
    ...tracingEnv,
    ...storageEnv,
    ...stageListenEnv('chunk'),
    ...metricsEnv('chunk'),
    /** Model files root; the tokenizer folder defaults to `<MODELS_DIR>/tokenizers`. */
    MODELS_DIR: z.string().default('models'),
    /** One sub-folder per hub tokenizer id, holding its `tokenizer.json` (or a BERT `vocab.txt`). */
    TOKENIZERS_DIR: z.string().optional(),
    /** Fetch missing hub tokenizers from HF_ENDPOINT and cache them in TOKENIZERS_DIR. Off: no network. */
    TOKENIZERS_ALLOW_DOWNLOAD: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((value) => value === 'true' || value === '1'),
    HF_ENDPOINT: z.url().default('https://huggingface.co'),
  })
  .transform(({ TOKENIZERS_DIR, ...rest }) => ({
    ...rest,
    TOKENIZERS_DIR: TOKENIZERS_DIR ?? join(rest.MODELS_DIR, 'tokenizers'),
  }));

/** The chunk service's settings, from the environment. */
export type ChunkConfig = z.output<typeof schema>;

/** Parses the chunk service's environment, listing every bad variable at once. */
export function loadConfig(env: NodeJS.ProcessEnv): ChunkConfig {
  return parseEnv(schema, env);
}
