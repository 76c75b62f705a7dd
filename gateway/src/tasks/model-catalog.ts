import { callUnary, createStageClient, errorMessage, type Logger } from '@folio/runtime';
import { LlmServiceClient } from '@folio/proto/llm/v1';

/** A model the LLM stage serves (no secrets). */
export interface ModelInfo {
  id: string;
  isDefault: boolean;
  isFallback: boolean;
}

/** The models create and update validate against. Never throws: an unreachable stage has no models. */
export interface ModelCatalog {
  list(): Promise<ModelInfo[]>;
}

export interface CachedModelCatalogOptions {
  /** Asks the LLM stage; may throw. */
  fetchModels: () => Promise<ModelInfo[]>;
  logger: Logger;
  /** How long a successful answer is reused. */
  ttlMs?: number;
  /** How long "unreachable" is remembered, so each request does not pay for a failing call. */
  failureTtlMs?: number;
  now?: () => number;
}

/**
 * Caches the LLM stage's model list (30 s by default). Concurrent callers share one request; a
 * failure counts as zero models, logged as a warning, and is retried after a short while.
 */
export function createCachedModelCatalog(options: CachedModelCatalogOptions): ModelCatalog {
  const ttlMs = options.ttlMs ?? 30_000;
  const failureTtlMs = options.failureTtlMs ?? 5_000;
  const now = options.now ?? Date.now;
  let cached: { models: ModelInfo[]; expiresAtMs: number } | null = null;
  let inFlight: Promise<ModelInfo[]> | null = null;

  async function refresh(): Promise<ModelInfo[]> {
    try {
      const models = await options.fetchModels();
      cached = { models, expiresAtMs: now() + ttlMs };
      return models;
    } catch (error) {
      options.logger.warn({ error: errorMessage(error) }, 'LLM stage unreachable; treating it as serving no models');
      cached = { models: [], expiresAtMs: now() + failureTtlMs };
      return [];
    } finally {
      inFlight = null;
    }
  }

  return {
    list() {
      if (cached && cached.expiresAtMs > now()) return Promise.resolve(cached.models);
      inFlight ??= refresh();
      return inFlight;
    },
  };
}

/** Calls `LlmService.ListModels` at `address` (any `LLM_GRPC_ADDRESS` form); `close` releases the channel. */
export function createGrpcModelSource(
  address: string,
  timeoutMs = 3_000,
): { fetchModels: () => Promise<ModelInfo[]>; close: () => void } {
  const client = createStageClient(LlmServiceClient, address);
  return {
    async fetchModels() {
      const response = await callUnary(client.listModels.bind(client), {}, { timeoutMs });
      return response.models.map((model) => ({
        id: model.id,
        isDefault: model.isDefault,
        isFallback: model.isFallback,
      }));
    },
    close: () => client.close(),
  };
}
