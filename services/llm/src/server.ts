import { createStageServer, unary, type Logger } from '@folio/runtime';
import { PROTO_SOURCES } from '@folio/proto/files';
import { LlmServiceService, type LlmServiceServer } from '@folio/proto/llm/v1';
import type { Server } from '@grpc/grpc-js';
import type { LlmEngine } from './engine/generate.js';
import { handleExtractData } from './handlers/extract-data.js';
import { handleGenerateSegments } from './handlers/generate-segments.js';
import { handleListModels } from './handlers/list-models.js';

export interface LlmServerDeps {
  engine: LlmEngine;
  logger: Logger;
}

/** Builds the language-model stage's gRPC server (not yet listening; `main.ts` binds it). */
export function createLlmServer(deps: LlmServerDeps): Server {
  const implementation: LlmServiceServer = {
    listModels: unary(deps.logger, 'ListModels', handleListModels(deps.engine)),
    generateSegments: unary(deps.logger, 'GenerateSegments', handleGenerateSegments(deps.engine)),
    extractData: unary(deps.logger, 'ExtractData', handleExtractData(deps.engine)),
  };
  return createStageServer({ service: LlmServiceService, implementation, protos: PROTO_SOURCES });
}
