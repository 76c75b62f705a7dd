import { Router } from '@koa/router';
import type { GatewayState } from '../context.js';
import type { ModelCatalog } from '../tasks/model-catalog.js';

/**
 * `GET /api/v1/llm/models`: the ids of the models `llm_processing.model_id` accepts, as
 * `[{ "id": ... }]`. Public like /health: ids are no secret, and no task is involved.
 */
export function modelsRoute(options: { models: ModelCatalog }): Router<GatewayState> {
  const router = new Router<GatewayState>({ prefix: '/api/v1' });
  router.get('/llm/models', async function listModels(ctx) {
    ctx.body = (await options.models.list()).map((model) => ({ id: model.id }));
  });
  return router;
}
