import { credentials } from '@grpc/grpc-js';
import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import { ChunkServiceClient } from '@folio/proto/chunk/v1';
import { LayoutServiceClient } from '@folio/proto/layout/v1';
import { LlmServiceClient } from '@folio/proto/llm/v1';
import { OcrServiceClient } from '@folio/proto/ocr/v1';
import { RenderServiceClient } from '@folio/proto/render/v1';
import type { StageClients } from '../activities/types.js';

/** Clients of every stage at `address` (one test server can serve the stages a test needs). */
export function stageClientsAt(address: string): StageClients {
  const insecure = credentials.createInsecure();
  return {
    render: new RenderServiceClient(address, insecure),
    ocr: new OcrServiceClient(address, insecure),
    layout: new LayoutServiceClient(address, insecure),
    chunk: new ChunkServiceClient(address, insecure),
    llm: new LlmServiceClient(address, insecure),
  };
}

export function closeStageClients(clients: StageClients): void {
  for (const client of [clients.render, clients.ocr, clients.layout, clients.chunk, clients.llm]) client.close();
}

/** A MockActivityEnvironment that logs only errors (the default prints every activity failure). */
export function quietActivityEnv(): MockActivityEnvironment {
  return new MockActivityEnvironment(undefined, { logger: new DefaultLogger('ERROR', () => undefined) });
}
