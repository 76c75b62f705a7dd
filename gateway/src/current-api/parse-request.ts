import { z } from 'zod';
import { configurationInputSchema, createTaskBodySchema } from '../configuration/schema.js';

/** The current API's `llm_processing.llm_model_id` under v1's name `model_id`; anything else as it is. */
function renameLlmModelId(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  const llm = record.llm_processing;
  if (typeof llm !== 'object' || llm === null || Array.isArray(llm) || !('llm_model_id' in llm)) return body;
  const { llm_model_id: modelId, ...rest } = llm as Record<string, unknown>;
  return { ...record, llm_processing: { model_id: modelId, ...rest } };
}

/**
 * The body of `POST /api/v1/tasks/parse` (the SDK's `ParseCreateParams`). Its fields are the v1
 * create's under the same names, so the v1 schema reads it, with every v1 spelling still accepted;
 * only `llm_processing.llm_model_id` is renamed to v1's `model_id`. `pipeline` is deprecated in
 * the SDK and ignored like any unknown field. Settings of the finer segment types (`PageNumber`,
 * `FormRegion`, ...) apply to tasks created through this API, whose configuration holds them.
 */
export const parseCreateBodySchema = z.preprocess(renameLlmModelId, createTaskBodySchema);

/** The SDK's `ParseConfiguration` (the `parse_configuration` of an extract task), read like a parse body. */
export const parseConfigurationSchema = z.preprocess(renameLlmModelId, configurationInputSchema);
