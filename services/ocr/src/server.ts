import type { Server } from '@grpc/grpc-js';
import { createStageServer, unary } from '@folio/runtime';
import { PROTO_SOURCES } from '@folio/proto/files';
import { OcrServiceService, type OcrServiceServer } from '@folio/proto/ocr/v1';
import type { OcrServerDeps } from './deps.js';
import { createReadFormulasHandler } from './handlers/read-formulas.js';
import { createRecognizePagesHandler } from './handlers/recognize-pages.js';

/**
 * Builds the OcrService gRPC server. It never listens and never reads env: `main.ts` binds it,
 * tests bind it on port 0.
 */
export function createOcrServer(deps: OcrServerDeps): Server {
  const implementation: OcrServiceServer = {
    recognizePages: unary(deps.logger, 'RecognizePages', createRecognizePagesHandler(deps)),
    readFormulas: unary(deps.logger, 'ReadFormulas', createReadFormulasHandler(deps)),
  };
  return createStageServer({ service: OcrServiceService, implementation, protos: PROTO_SOURCES });
}
