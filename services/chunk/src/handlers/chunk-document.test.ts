import { AppError } from '@folio/runtime';
import { describe, expect, it } from 'vitest';
import type { ChunkDocumentInput, ChunkEngine } from '../engine/chunk-document.js';
import { handleChunkDocument } from './chunk-document.js';

class RecordingEngine implements ChunkEngine {
  inputs: ChunkDocumentInput[] = [];
  chunkDocument(input: ChunkDocumentInput) {
    this.inputs.push(input);
    return Promise.resolve({
      output: { key: input.outputKey, sha256: 'abc', byteSize: 10 },
      chunkCount: 2,
      segmentCount: 3,
    });
  }
}

const request = {
  pageSegments: [{ key: 'runs/1/segments/0.json', sha256: '', byteSize: 0 }],
  segmentTypes: [],
  targetLength: 512,
  ignoreHeadersAndFooters: true,
  tokenizer: 'Word',
  tokenizerValue: 0,
  extras: undefined,
  outputKey: 'runs/1/output.json',
};

describe('ChunkDocument handler', () => {
  it('passes the references to the engine and returns the stored output', async () => {
    const engine = new RecordingEngine();
    const response = await handleChunkDocument(engine)(request);
    expect(engine.inputs[0]).toMatchObject({
      pageSegmentKeys: ['runs/1/segments/0.json'],
      extrasKey: '',
      tokenizer: 'Word',
    });
    expect(response).toEqual({
      output: { key: 'runs/1/output.json', sha256: 'abc', byteSize: 10 },
      chunkCount: 2,
      segmentCount: 3,
    });
  });

  it('rejects unusable storage keys as INVALID_ARGUMENT before touching the engine', async () => {
    const engine = new RecordingEngine();
    for (const bad of [
      { ...request, outputKey: '' },
      { ...request, pageSegments: [{ key: '../x', sha256: '', byteSize: 0 }] },
    ]) {
      const error: unknown = await handleChunkDocument(engine)(bad).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('INVALID_ARGUMENT');
    }
    expect(engine.inputs).toHaveLength(0);
  });
});
