import { AppError, assertValidKey, errorMessage, type UnaryContext } from '@folio/runtime';
import type { ChunkDocumentRequest, ChunkDocumentResponse } from '@folio/proto/chunk/v1';
import type { ChunkEngine } from '../engine/chunk-document.js';
import { resolveTokenizerId, resolveTypeConfigs } from '../engine/segment-types.js';

function checkKey(field: string, key: string): void {
  try {
    assertValidKey(key);
  } catch (error) {
    throw new AppError('INVALID_ARGUMENT', `${field}: ${errorMessage(error)}`, { cause: error });
  }
}

/** `ChunkService.ChunkDocument`: validates the references and settings, runs the engine, returns the stored output's ref. */
export function handleChunkDocument(
  engine: ChunkEngine,
): (request: ChunkDocumentRequest, context?: Pick<UnaryContext, 'signal'>) => Promise<ChunkDocumentResponse> {
  return async function chunkDocument(request, context) {
    request.pageSegments.forEach((ref, index) => checkKey(`page_segments[${index}].key`, ref.key));
    const extrasKey = request.extras?.key ?? '';
    if (extrasKey) checkKey('extras.key', extrasKey);
    checkKey('output_key', request.outputKey);
    const result = await engine.chunkDocument({
      pageSegmentKeys: request.pageSegments.map((ref) => ref.key),
      // Unknown types, formats, strategies or tokenizers are refused here, before any storage traffic.
      typeConfigs: resolveTypeConfigs(request.segmentTypes),
      targetLength: request.targetLength,
      ignoreHeadersAndFooters: request.ignoreHeadersAndFooters,
      tokenizer: resolveTokenizerId(request),
      extrasKey,
      outputKey: request.outputKey,
      signal: context?.signal,
    });
    return { output: result.output, chunkCount: result.chunkCount, segmentCount: result.segmentCount };
  };
}
