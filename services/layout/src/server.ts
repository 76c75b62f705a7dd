import type { Server } from '@grpc/grpc-js';
import { createStageServer, unary } from '@folio/runtime';
import { PROTO_SOURCES } from '@folio/proto/files';
import { LayoutServiceService, type LayoutServiceServer } from '@folio/proto/layout/v1';
import type { LayoutServerDeps } from './deps.js';
import { createAnalyzeLayoutHandler } from './handlers/analyze-layout.js';
import { createMarkRunningLinesHandler } from './handlers/mark-running-lines.js';

/**
 * Builds the LayoutService gRPC server. It never listens and never reads env: `main.ts` binds it,
 * tests bind it on port 0.
 */
export function createLayoutServer(deps: LayoutServerDeps): Server {
  const implementation: LayoutServiceServer = {
    analyzeLayout: unary(deps.logger, 'AnalyzeLayout', createAnalyzeLayoutHandler(deps)),
    markRunningLines: unary(deps.logger, 'MarkRunningLines', createMarkRunningLinesHandler(deps)),
  };
  return createStageServer({ service: LayoutServiceService, implementation, protos: PROTO_SOURCES });
}
