import { AppError } from '@folio/runtime';
import type { ExtractDataRequest } from '@folio/proto/llm/v1';
import { describe, expect, it } from 'vitest';
import type { ExtractOutcome } from '../engine/extract.js';
import type { ExtractDataInput, LlmEngine } from '../engine/generate.js';
import { handleExtractData } from './extract-data.js';

class ScriptedEngine implements LlmEngine {
  inputs: ExtractDataInput[] = [];
  constructor(private readonly outcome: ExtractOutcome) {}
  listModels() {
    return [{ id: 'main', isDefault: true, isFallback: true }];
  }
  generateSegments() {
    return Promise.resolve([]);
  }
  extractData(input: ExtractDataInput) {
    this.inputs.push(input);
    return Promise.resolve(this.outcome);
  }
}

const request: ExtractDataRequest = {
  document: { key: 'tasks/t/runs/0/extraction-input.json', sha256: '', byteSize: 0 },
  schemaJson: '{"type":"object","properties":{"total":{"type":"number"}}}',
  systemPrompt: 'Be exact.',
  modelId: 'main',
  fallback: 'None',
  temperature: 0,
  maxCompletionTokens: 0,
};

async function rejectionOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('ExtractData handler', () => {
  it('passes a compiled validator to the engine and answers the results as JSON text', async () => {
    const engine = new ScriptedEngine({ kind: 'extracted', results: { total: 3 }, modelId: 'main', attempts: 2 });
    const response = await handleExtractData(engine)(request);
    expect(response).toEqual({ resultsJson: '{"total":3}', modelId: 'main', attempts: 2, error: '' });
    const [input] = engine.inputs;
    expect(input).toMatchObject({
      documentKey: request.document?.key,
      systemPrompt: 'Be exact.',
      modelId: 'main',
      fallback: 'None',
    });
    expect(input?.validator.validate({ total: 'x' })).toEqual(['/total: must be number']);
  });

  it('answers a failed extraction as its reason, not as a gRPC error', async () => {
    const engine = new ScriptedEngine({ kind: 'failed', error: 'No valid extraction: ...', attempts: 3 });
    expect(await handleExtractData(engine)(request)).toEqual({
      resultsJson: '',
      modelId: '',
      attempts: 3,
      error: 'No valid extraction: ...',
    });
  });

  it('refuses a schema that is not JSON or not a schema as INVALID_ARGUMENT, exposed', async () => {
    const engine = new ScriptedEngine({ kind: 'failed', error: '', attempts: 0 });
    const notJson = await rejectionOf(handleExtractData(engine)({ ...request, schemaJson: '{' }));
    expect([notJson.code, notJson.message, notJson.expose]).toEqual([
      'INVALID_ARGUMENT',
      'Invalid schema: not JSON',
      true,
    ]);
    const notSchema = await rejectionOf(handleExtractData(engine)({ ...request, schemaJson: '{"type":"objekt"}' }));
    expect(notSchema.code).toBe('INVALID_ARGUMENT');
    expect(notSchema.message).toMatch(/^Invalid schema: /);
    expect(engine.inputs).toHaveLength(0);
  });
});
