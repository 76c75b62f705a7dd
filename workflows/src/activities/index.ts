import { createAdmissionActivities, type AdmissionActivities } from './admission.js';
import { createChunkActivities, type ChunkActivities } from './chunk.js';
import { createExtractActivities, type ExtractActivities } from './extract.js';
import { createFetchActivities, type FetchActivities } from './fetch.js';
import { createLayoutActivities, type LayoutActivities } from './layout.js';
import { createLlmActivities, type LlmActivities } from './llm.js';
import { createOcrActivities, type OcrActivities } from './ocr.js';
import { createRenderActivities, type RenderActivities } from './render.js';
import { createQuotaActivities, type QuotaActivities } from './quota.js';
import { createStorageActivities, type StorageActivities } from './storage.js';
import type { ActivityDeps } from './types.js';
import { createWebhookActivities, type WebhookActivities } from './webhook.js';

/** Every activity of `processDocument`, by name. */
export type Activities = FetchActivities &
  RenderActivities &
  OcrActivities &
  LayoutActivities &
  LlmActivities &
  ExtractActivities &
  ChunkActivities &
  StorageActivities &
  AdmissionActivities &
  QuotaActivities &
  WebhookActivities;

/**
 * Builds the activities over injected clients and storage: one per stage action, each calling its
 * gRPC stage with a deadline and mapping the gRPC status to a Temporal failure exactly once.
 */
export function createActivities(deps: ActivityDeps): Activities {
  return {
    ...createFetchActivities(deps),
    ...createRenderActivities(deps),
    ...createOcrActivities(deps),
    ...createLayoutActivities(deps),
    ...createLlmActivities(deps),
    ...createExtractActivities(deps),
    ...createChunkActivities(deps),
    ...createStorageActivities(deps),
    ...createAdmissionActivities(deps.admission),
    ...createQuotaActivities(deps.pageQuota),
    ...createWebhookActivities(deps.webhook === undefined ? undefined : { store: deps.store, ...deps.webhook }),
  };
}

export { createTaskSignaller } from './start-signal.js';
export { createTemporalAdmission } from './admission.js';
export type { ActiveRunsInput, OwnerAdmission, RequestAdmissionInput, RequestAdmissionResult } from './admission.js';
export { toActivityFailure } from './grpc-failure.js';
export { isPrivateAddress } from './url-guard.js';
export type {
  ActivityDeps,
  FetchLimits,
  ObjectRefJson,
  RunPriority,
  RunRef,
  StageTimeouts,
  StartNotice,
  TaskSignaller,
} from './types.js';
export { STAGE_CLIENT_CLASSES, closeStageClients, createStageClients } from './stage-clients.js';
export type { StageClients } from './stage-clients.js';
export type { FetchInputInput, FetchInputResult } from './fetch.js';
export type {
  CropSegmentsInput,
  CropSegmentsResult,
  PrepareDocumentInput,
  PrepareDocumentResult,
  RenderPagesInput,
} from './render.js';
export type { ReadFormulasInput, RecognizeTextInput } from './ocr.js';
export type { AnalyzeLayoutInput, MarkRunningLinesInput } from './layout.js';
export type { GenerateSegmentsInput, GenerateSegmentsResult, SegmentFailure } from './llm.js';
export type { ChunkDocumentInput, ChunkDocumentResult } from './chunk.js';
export type { ExtractDataInput, ExtractDataResult } from './extract.js';
export { citeLeaves, leafMetrics } from './citations.js';
export type { Citation, FieldMetrics } from './citations.js';
export type { DeleteArtifactsInput } from './storage.js';
export type { ChargePagesInput, ChargePagesResult } from './quota.js';
export { buildWebhookEvent, webhookMessageId } from './webhook.js';
export type {
  DeliverWebhookInput,
  DeliverWebhookResult,
  WebhookDeps,
  WebhookEvent,
  WebhookEventType,
  WebhookSettings,
} from './webhook.js';
export { signWebhook, webhookSecretProblem } from './webhook-signing.js';
export type { WebhookHeaders } from './webhook-signing.js';
