import { readFile } from 'node:fs/promises';
import { ConfigError, loggingEnv, metricsEnv, parseEnv, stageListenEnv, storageEnv, tracingEnv } from '@folio/runtime';
import { z } from 'zod';
import { parseModels, type ModelConfig } from './engine/models.js';

const schema = z.object({
  ...loggingEnv,
  ...tracingEnv,
  ...storageEnv,
  ...stageListenEnv('llm'),
  ...metricsEnv('llm'),
  /** YAML or JSON file listing the models; unset means no model (LLM strategies fall back to Auto). */
  LLM_MODELS_PATH: z.string().min(1).optional(),
  /** Segments of one request sent at once (each model's rate_limit still applies). */
  LLM_CONCURRENCY: z.coerce.number().int().positive().default(8),
  /** Retries of one call on timeouts, 429 and 5xx. */
  LLM_MAX_RETRIES: z.coerce.number().int().min(0).default(3),
  /** First retry delay; doubles per retry. */
  LLM_RETRY_BASE_MS: z.coerce.number().int().positive().default(1000),
  /** Extra asks when an answer is truncated or has no fenced block. */
  LLM_MAX_REASKS: z.coerce.number().int().min(0).default(2),
});

/** The LLM service's settings, from the environment. */
export type LlmConfig = z.output<typeof schema>;

/** Parses the LLM service's environment, listing every bad variable at once. */
export function loadConfig(env: NodeJS.ProcessEnv): LlmConfig {
  return parseEnv(schema, env);
}

/**
 * Reads and validates the models file named by `LLM_MODELS_PATH` (no file: no models). `env`
 * resolves `api_key_env` entries. Throws `ConfigError` with every problem found.
 */
export async function loadModels(path: string | undefined, env: NodeJS.ProcessEnv): Promise<ModelConfig[]> {
  if (path === undefined) return [];
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ConfigError([
      `LLM_MODELS_PATH: cannot read ${path} (${error instanceof Error ? error.message : String(error)})`,
    ]);
  }
  return parseModels(text, `LLM_MODELS_PATH ${path}`, env);
}
