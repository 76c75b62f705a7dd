import { ConfigError } from '@folio/runtime';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

/** One operator-configured model, resolved (secret included: never log or return it). */
export interface ModelConfig {
  id: string;
  /** Full `.../chat/completions` URL of the OpenAI-compatible provider. */
  endpoint: string;
  /** Bearer key; empty for providers without authentication (local servers). */
  apiKey: string;
  /** Model name sent to the provider. */
  model: string;
  isDefault: boolean;
  isFallback: boolean;
  /** Requests per second allowed to this model; null for no limit. */
  rateLimit: number | null;
  timeoutMs: number;
}

/** Language-model calls time out after 150 s by default (docs/behavior.md#9-limits). */
export const DEFAULT_MODEL_TIMEOUT_MS = 150_000;

const modelSchema = z
  .object({
    id: z.string().min(1),
    base_url: z.string().url().optional(),
    /** Accepted for files written for other services: a full chat-completions URL. */
    provider_url: z.string().url().optional(),
    api_key: z.string().optional(),
    api_key_env: z.string().min(1).optional(),
    model: z.string().min(1).optional(),
    default: z.boolean().default(false),
    fallback: z.boolean().default(false),
    rate_limit: z.number().positive().optional(),
    timeout_ms: z.number().int().positive().default(DEFAULT_MODEL_TIMEOUT_MS),
  })
  .refine((model) => model.base_url !== undefined || model.provider_url !== undefined, {
    message: 'base_url is required',
  })
  .refine((model) => !(model.api_key !== undefined && model.api_key_env !== undefined), {
    message: 'give api_key or api_key_env, not both',
  });

const fileSchema = z.union([
  z.object({ models: z.array(modelSchema) }),
  z.array(modelSchema).transform((models) => ({ models })),
]);

function toEndpoint(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return trimmed.endsWith('/chat/completions') ? trimmed : `${trimmed}/chat/completions`;
}

/**
 * Parses and validates a models file (YAML, or JSON, which is YAML too). Checks: ids unique,
 * exactly one `default` and one `fallback` model when any model is listed (one model may be
 * both), and every `api_key_env` set in `env`. Throws `ConfigError` listing every problem.
 */
export function parseModels(text: string, source: string, env: NodeJS.ProcessEnv): ModelConfig[] {
  const issues: string[] = [];
  let raw: unknown;
  try {
    raw = parseYaml(text);
  } catch (error) {
    throw new ConfigError([
      `${source}: not valid YAML or JSON (${error instanceof Error ? error.message : String(error)})`,
    ]);
  }
  const parsed = fileSchema.safeParse(raw ?? { models: [] });
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${source}: ${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  const models = parsed.data.models.map((model, index): ModelConfig => {
    let apiKey = model.api_key ?? '';
    if (model.api_key_env !== undefined) {
      const value = env[model.api_key_env];
      if (!value) issues.push(`${source}: models.${index}.api_key_env: variable ${model.api_key_env} is not set`);
      apiKey = value ?? '';
    }
    return {
      id: model.id,
      // The refine above guarantees one of the two URLs.
      endpoint: toEndpoint(model.base_url ?? model.provider_url ?? ''),
      apiKey,
      model: model.model ?? model.id,
      isDefault: model.default,
      isFallback: model.fallback,
      rateLimit: model.rate_limit ?? null,
      timeoutMs: model.timeout_ms,
    };
  });
  const seen = new Set<string>();
  for (const model of models) {
    if (seen.has(model.id)) issues.push(`${source}: model id '${model.id}' is listed more than once`);
    seen.add(model.id);
  }
  if (models.length > 0) {
    const defaults = models.filter((model) => model.isDefault).length;
    const fallbacks = models.filter((model) => model.isFallback).length;
    if (defaults !== 1) issues.push(`${source}: exactly one model must have default: true (found ${defaults})`);
    if (fallbacks !== 1) issues.push(`${source}: exactly one model must have fallback: true (found ${fallbacks})`);
  }
  if (issues.length > 0) throw new ConfigError(issues);
  return models;
}
