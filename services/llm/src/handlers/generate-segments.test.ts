import { SegmentFormat } from '@folio/proto/common/v1';
import { AppError } from '@folio/runtime';
import type { GenerateSegmentsRequest } from '@folio/proto/llm/v1';
import { describe, expect, it } from 'vitest';
import type { GenerateInput, LlmEngine } from '../engine/generate.js';
import { handleGenerateSegments } from './generate-segments.js';
import { handleListModels } from './list-models.js';

class RecordingEngine implements LlmEngine {
  inputs: GenerateInput[] = [];
  listModels() {
    return [{ id: 'main', isDefault: true, isFallback: true }];
  }
  extractData() {
    return Promise.reject(new Error('not used here'));
  }
  generateSegments(input: GenerateInput) {
    this.inputs.push(input);
    return Promise.resolve(
      input.jobs.map((job) => ({ segmentId: job.segmentId, content: 'c', modelId: 'main', error: '' })),
    );
  }
}

const ref = (key: string) => ({ key, sha256: '', byteSize: 0 });

const request: GenerateSegmentsRequest = {
  jobs: [
    {
      segmentId: 's1',
      segmentType: 'Table',
      image: ref('crops/s1.png'),
      pageImage: undefined,
      pageText: '',
      format: 'html',
      prompt: '',
      text: 't',
      formatValue: SegmentFormat.SEGMENT_FORMAT_UNSPECIFIED,
    },
  ],
  modelId: '',
  fallback: 'Default',
  temperature: 0.2,
  maxCompletionTokens: 0,
};

describe('LlmService handlers', () => {
  it('translates jobs for the engine and answers one result per job', async () => {
    const engine = new RecordingEngine();
    const response = await handleGenerateSegments(engine)(request);
    expect(engine.inputs[0]?.jobs[0]).toEqual({
      segmentId: 's1',
      segmentType: 'Table',
      imageKey: 'crops/s1.png',
      pageImageKey: '',
      pageText: '',
      format: 'Html',
      prompt: '',
      text: 't',
    });
    expect(response.answers).toEqual([{ segmentId: 's1', content: 'c', modelId: 'main', error: '' }]);
  });

  it('reads the typed format before the string', async () => {
    const engine = new RecordingEngine();
    await handleGenerateSegments(engine)({
      ...request,
      jobs: [{ ...request.jobs[0]!, formatValue: SegmentFormat.SEGMENT_FORMAT_MARKDOWN }],
    });
    expect(engine.inputs[0]?.jobs[0]?.format).toBe('Markdown');
  });

  it('rejects an unknown format or temperature as INVALID_ARGUMENT', async () => {
    const engine = new RecordingEngine();
    for (const bad of [
      { ...request, jobs: [{ ...request.jobs[0]!, format: 'Pdf' }] },
      { ...request, jobs: [{ ...request.jobs[0]!, formatValue: 9 as SegmentFormat }] },
      { ...request, temperature: 5 },
    ]) {
      const error: unknown = await handleGenerateSegments(engine)(bad).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('INVALID_ARGUMENT');
    }
    expect(engine.inputs).toHaveLength(0);
  });

  it('lists models with their flags', async () => {
    expect(await handleListModels(new RecordingEngine())({})).toEqual({
      models: [{ id: 'main', isDefault: true, isFallback: true }],
    });
  });
});
