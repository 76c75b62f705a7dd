import type { ChannelCredentials, Client, ClientOptions } from '@grpc/grpc-js';
import { ChunkServiceClient } from '@folio/proto/chunk/v1';
import { LayoutServiceClient } from '@folio/proto/layout/v1';
import { LlmServiceClient } from '@folio/proto/llm/v1';
import { OcrServiceClient } from '@folio/proto/ocr/v1';
import { RenderServiceClient } from '@folio/proto/render/v1';
import { STAGE_NAMES, type StageName } from '@folio/runtime';

/**
 * The generated gRPC client class of each stage of the stage table (`@folio/runtime/stages`): the
 * one place the worker names them. A stage missing here is a type error.
 */
export const STAGE_CLIENT_CLASSES = {
  render: RenderServiceClient,
  ocr: OcrServiceClient,
  layout: LayoutServiceClient,
  chunk: ChunkServiceClient,
  llm: LlmServiceClient,
} as const satisfies Record<StageName, unknown>;

/** The generated gRPC clients of the stages. */
export type StageClients = { [S in StageName]: InstanceType<(typeof STAGE_CLIENT_CLASSES)[S]> };

/** A generated client class: grpc-js's constructor signature. */
export type StageClientClass = new (
  address: string,
  credentials: ChannelCredentials,
  options?: Partial<ClientOptions>,
) => Client;

/** A client of each stage, each built by `create` from its own class. */
export function createStageClients(create: (stage: StageName, Client: StageClientClass) => Client): StageClients {
  return Object.fromEntries(
    STAGE_NAMES.map((stage) => [stage, create(stage, STAGE_CLIENT_CLASSES[stage])]),
  ) as unknown as StageClients; // each built from its own stage's class just above
}

/** Closes every stage client. */
export function closeStageClients(clients: StageClients): void {
  for (const stage of STAGE_NAMES) clients[stage].close();
}
