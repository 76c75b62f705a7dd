import type { Server } from '@grpc/grpc-js';
import { createStageServer, unary } from '@folio/runtime';
import { PROTO_SOURCES } from '@folio/proto/files';
import { RenderServiceService, type RenderServiceServer } from '@folio/proto/render/v1';
import type { RenderServerDeps } from './deps.js';
import { createCropRegionsHandler } from './handlers/crop-regions.js';
import { createPrepareDocumentHandler } from './handlers/prepare-document.js';
import { createRenderPagesHandler } from './handlers/render-pages.js';

/**
 * Builds the RenderService gRPC server. It never listens and never reads env: `main.ts` binds it,
 * tests bind it on port 0.
 */
export function createRenderServer(deps: RenderServerDeps): Server {
  const implementation: RenderServiceServer = {
    prepareDocument: unary(deps.logger, 'PrepareDocument', createPrepareDocumentHandler(deps)),
    renderPages: unary(deps.logger, 'RenderPages', createRenderPagesHandler(deps)),
    cropRegions: unary(deps.logger, 'CropRegions', createCropRegionsHandler(deps)),
  };
  return createStageServer({ service: RenderServiceService, implementation, protos: PROTO_SOURCES });
}
