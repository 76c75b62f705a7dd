import { z } from 'zod';
import { envPort } from './config.js';
import { grpcAddress } from './grpc-target.js';
import { grpcTlsEnv } from './grpc-tls.js';
import { STAGES, STAGE_NAMES, STAGE_PORTS, type StageName } from './stages.js';

/** The listener variables of a stage, keyed by their real names so config types keep them, and its TLS settings. */
export type StageListenEnv<S extends StageName> = Record<`${Uppercase<S>}_GRPC_HOST`, z.ZodDefault<z.ZodString>> &
  Record<`${Uppercase<S>}_GRPC_PORT`, z.ZodDefault<typeof envPort>> &
  typeof grpcTlsEnv;

/** `<STAGE>_GRPC_HOST`/`<STAGE>_GRPC_PORT` for a stage service's own listener, and `GRPC_TLS_*` (grpc-tls.ts). */
export function stageListenEnv<S extends StageName>(stage: S): StageListenEnv<S> {
  const upper = stage.toUpperCase();
  // The computed keys are exactly the template-literal keys of StageListenEnv<S>.
  return {
    [`${upper}_GRPC_HOST`]: z.string().default('127.0.0.1'),
    [`${upper}_GRPC_PORT`]: envPort.default(STAGE_PORTS[stage]),
    ...grpcTlsEnv,
  } as StageListenEnv<S>;
}

/**
 * `<STAGE>_GRPC_ADDRESS` for each client of a stage: one `host:port`, a comma-separated list of
 * them, or a target URI such as `dns:///ocr:50052`; clients balance round-robin (grpc-target.ts).
 */
export const stageAddressEnv = Object.fromEntries(
  STAGE_NAMES.map((stage) => [
    `${stage.toUpperCase()}_GRPC_ADDRESS`,
    grpcAddress.default(`127.0.0.1:${STAGE_PORTS[stage]}`),
  ]),
) as Record<`${Uppercase<StageName>}_GRPC_ADDRESS`, z.ZodDefault<typeof grpcAddress>>; // one key per stage, built just above

/** `<STAGE>_TIMEOUT_SEC`: the worker's deadline of one call into each stage (a batch of pages, not the whole document). */
export const stageTimeoutEnv = Object.fromEntries(
  STAGE_NAMES.map((stage) => [
    `${stage.toUpperCase()}_TIMEOUT_SEC`,
    z.coerce.number().positive().default(STAGES[stage].callTimeoutSec),
  ]),
) as Record<`${Uppercase<StageName>}_TIMEOUT_SEC`, z.ZodDefault<z.ZodCoercedNumber>>; // one key per stage, built just above

/** The call deadlines of a parsed config, in ms by stage. */
export function stageTimeoutsMs(
  config: Record<`${Uppercase<StageName>}_TIMEOUT_SEC`, number>,
): Record<StageName, number> {
  return Object.fromEntries(
    STAGE_NAMES.map((stage) => [stage, config[`${stage.toUpperCase() as Uppercase<StageName>}_TIMEOUT_SEC`] * 1000]),
  ) as Record<StageName, number>; // one key per stage, built just above
}

/**
 * Weights of a model stage: `float32`, the published file, or `int8`, the copy scripts/models.mjs
 * quantizes from it (docs/models.md).
 */
export const MODEL_PRECISIONS = ['int8', 'float32'] as const;
export type ModelPrecision = (typeof MODEL_PRECISIONS)[number];

/**
 * `THREAD_JOB_TIMEOUT_SEC` of the stages that run their work on worker threads (render, OCR,
 * layout): the longest one job (a page, a run of pages, a page's tables) may hold its thread. Past
 * it the thread is terminated and replaced and the call fails DEADLINE_EXCEEDED, which the
 * activity retries. A normal page takes seconds; 0 turns the limit off.
 */
export const threadJobTimeoutEnv = {
  THREAD_JOB_TIMEOUT_SEC: z.coerce.number().int().min(0).max(86_400).default(180),
};
