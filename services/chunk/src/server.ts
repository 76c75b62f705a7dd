import { createStageServer, unary, type Logger } from '@folio/runtime';
import { PROTO_SOURCES } from '@folio/proto/files';
import { ChunkServiceService, type ChunkServiceServer } from '@folio/proto/chunk/v1';
import type { Server } from '@grpc/grpc-js';
import type { ChunkEngine } from './engine/chunk-document.js';
import { handleChunkDocument } from './handlers/chunk-document.js';

export interface ChunkServerDeps {
  engine: ChunkEngine;
  logger: Logger;
}

/** Builds the chunk stage's gRPC server (not yet listening; `main.ts` binds it). */
export function createChunkServer(deps: ChunkServerDeps): Server {
  const implementation: ChunkServiceServer = {
    chunkDocument: unary(deps.logger, 'ChunkDocument', handleChunkDocument(deps.engine)),
  };
  return createStageServer({ service: ChunkServiceService, implementation, protos: PROTO_SOURCES });
}
