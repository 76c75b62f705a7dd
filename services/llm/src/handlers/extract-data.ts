import { AppError, compileJsonSchema, type UnaryContext } from '@folio/runtime';
import type { ExtractDataRequest, ExtractDataResponse } from '@folio/proto/llm/v1';
import type { LlmEngine } from '../engine/generate.js';
import { assertTemperature } from './temperature.js';

/**
 * `LlmService.ExtractData`: checks the request and compiles the schema (a bad one is
 * INVALID_ARGUMENT, with ajv's reason), runs the extraction, and answers the validated JSON or why
 * no model gave any. Stops asking models once the call's signal aborts.
 */
export function handleExtractData(
  engine: LlmEngine,
): (request: ExtractDataRequest, context?: Pick<UnaryContext, 'signal'>) => Promise<ExtractDataResponse> {
  return async function extractData(request, context) {
    assertTemperature(request.temperature);
    const documentKey = request.document?.key ?? '';
    if (documentKey === '') throw new AppError('INVALID_ARGUMENT', 'document is required');
    let schema: unknown;
    try {
      schema = JSON.parse(request.schemaJson);
    } catch (error) {
      throw new AppError('INVALID_ARGUMENT', 'Invalid schema: not JSON', { cause: error, expose: true });
    }
    const outcome = await engine.extractData({
      documentKey,
      schemaJson: request.schemaJson,
      validator: compileJsonSchema(schema),
      systemPrompt: request.systemPrompt,
      modelId: request.modelId,
      fallback: request.fallback,
      temperature: request.temperature,
      maxCompletionTokens: request.maxCompletionTokens,
      // The caller gone (cancelled, past its deadline): the model requests stop.
      signal: context?.signal,
    });
    return outcome.kind === 'extracted'
      ? {
          resultsJson: JSON.stringify(outcome.results),
          modelId: outcome.modelId,
          attempts: outcome.attempts,
          error: '',
        }
      : { resultsJson: '', modelId: '', attempts: outcome.attempts, error: outcome.error };
  };
}
