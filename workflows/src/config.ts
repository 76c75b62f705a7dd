import { z } from 'zod';
import {
  envBoolean,
  grpcTlsEnv,
  limitsEnv,
  loggingEnv,
  metricsEnv,
  parseEnv,
  stageAddressEnv,
  stageTimeoutEnv,
  storageEnv,
  temporalEnv,
  tracingEnv,
} from '@folio/runtime';
import { webhookSecretProblem } from './activities/webhook-signing.js';

const seconds = (fallback: number) => z.coerce.number().positive().default(fallback);

/** Environment of the worker process. Only `worker.ts` calls `loadConfig`; tests build objects. */
const workerSchema = z.object({
  // Address, namespace, TLS/mTLS and API key of the Temporal cluster (docs/deploy.md).
  ...temporalEnv,
  ...stageAddressEnv,
  // TLS to the stages (GRPC_TLS_CA, and GRPC_TLS_CERT/KEY for mTLS).
  ...grpcTlsEnv,
  ...storageEnv,
  ...loggingEnv,
  ...tracingEnv,
  ...metricsEnv('worker'),
  // Where the owners' monthly pages are counted (shared with the gateways).
  ...limitsEnv,
  // Deadline of one gRPC call into each stage; the defaults are the stage table's (`STAGES`).
  ...stageTimeoutEnv,
  /**
   * Activities the worker runs at once. They mostly wait on stage calls; the stages' thread pools
   * decide what runs first, so background runs' activities must not fill the worker (16: one
   * owner's two runs with four calls in flight each, and as many again for other owners).
   */
  WORKER_MAX_CONCURRENT_ACTIVITIES: z.coerce.number().int().positive().default(16),
  /**
   * Runs of one owner's tasks processing at once (docs/architecture.md, "Fairness"); the rest wait,
   * `Starting`, in order. 1 keeps another owner's task within about twice its unloaded time beside a
   * flood (2 let it reach 2.4x); 0: no limit (16x measured).
   */
  OWNER_MAX_ACTIVE_TASKS: z.coerce.number().int().min(0).default(1),
  /**
   * More runs of one owner admitted beside those, in background slots: the stages run their jobs
   * only while no other job waits (JobPriority), so a batch of small documents keeps both cores busy
   * and another owner's task still goes first. 0: none.
   */
  OWNER_BACKGROUND_TASKS: z.coerce.number().int().min(0).max(16).default(1),
  /** Let `fetchInput` reach loopback, link-local and private addresses (tests, trusted networks). */
  ALLOW_PRIVATE_URLS: envBoolean.default(false),
  /** Largest input a URL may deliver, in bytes (1 GB). */
  MAX_TOTAL_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024 * 1024),
  FETCH_TIMEOUT_SEC: seconds(300),
  /**
   * Signing secret of webhook posts (docs/webhooks.md), in the Standard Webhooks form
   * `whsec_<base64 of 24-64 random bytes>`; receivers verify with the same value. Unset: no
   * webhook is delivered (each is logged as not configured).
   */
  WEBHOOK_SECRET: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .superRefine((value, context) => {
        const problem = webhookSecretProblem(value);
        if (problem !== null) context.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
  ),
  /**
   * Private hosts (names or addresses, comma-separated) a webhook may reach although the URL
   * guard refuses private addresses: receivers inside the cluster. Matched by the URL's host.
   */
  WEBHOOK_ALLOWED_PRIVATE_HOSTS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim())
        .filter((host) => host !== ''),
    ),
  /** One webhook POST, connect to answer; a slower receiver counts as a failed attempt. */
  WEBHOOK_TIMEOUT_SEC: seconds(10),
});

export type WorkerConfig = z.output<typeof workerSchema>;

/** Parses the worker's environment, failing with every bad variable listed. */
export function loadConfig(env: NodeJS.ProcessEnv): WorkerConfig {
  return parseEnv(workerSchema, env);
}

/** Environment of the one-shot Temporal setup (setup-temporal.ts): where Temporal is and how long to wait for it. */
const setupSchema = z.object({
  ...temporalEnv,
  ...loggingEnv,
  TEMPORAL_SETUP_WAIT_SEC: seconds(120),
});

export type SetupConfig = z.output<typeof setupSchema>;

/** Parses the setup job's environment, failing with every bad variable listed. */
export function loadSetupConfig(env: NodeJS.ProcessEnv): SetupConfig {
  return parseEnv(setupSchema, env);
}
