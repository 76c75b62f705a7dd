import type { ListModelsRequest, ListModelsResponse } from '@folio/proto/llm/v1';
import type { LlmEngine } from '../engine/generate.js';

/** `LlmService.ListModels`: ids and flags of the configured models, never their keys or URLs. */
export function handleListModels(engine: LlmEngine): (request: ListModelsRequest) => Promise<ListModelsResponse> {
  return function listModels() {
    return Promise.resolve({ models: engine.listModels() });
  };
}
