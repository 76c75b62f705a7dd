import {
  envPort,
  limitsEnv,
  loggingEnv,
  parseEnv,
  grpcTlsEnv,
  stageAddressEnv,
  storageEnv,
  temporalEnv,
  tracingEnv,
} from '@folio/runtime';
import { CONFIG_LIMITS, DOCUMENT_PAGE_LIMITS } from '@folio/workflows/contracts';
import { z } from 'zod';

const positiveInt = z.coerce.number().int().positive();
const emptyAsUnset = (value: unknown): unknown => (value === '' ? undefined : value);
const optionalString = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());

const GIB = 1024 * 1024 * 1024;

const MIB = 1024 * 1024;

/**
 * MAX_JSON_BODY_BYTES unless set: a 50 MB file as base64 (docs/behavior.md#3-create-requests) fits
 * with room to spare.
 */
export const DEFAULT_MAX_JSON_BODY_BYTES = 100 * MIB;

/** JSON_BODIES_IN_FLIGHT_BYTES unless set: two of the largest bodies, about 800 MiB at the peak. */
export const DEFAULT_JSON_BODIES_IN_FLIGHT_BYTES = 2 * DEFAULT_MAX_JSON_BODY_BYTES;

/** BASE64_URLS_MAX_BYTES unless set. */
export const DEFAULT_BASE64_URLS_MAX_BYTES = 32 * MIB;

/** Every variable the gateway reads. Nothing else in the package touches `process.env`. */
const gatewayEnv = z
  .object({
    ...storageEnv,
    ...loggingEnv,
    ...tracingEnv,
    PORT: envPort.default(8000),
    HOST: z.string().default('0.0.0.0'),
    /** Base URL clients reach the gateway at; `task_url` and signed file URLs start with it. */
    PUBLIC_URL: z.preprocess((value) => (value === '' ? undefined : value), z.string().url().optional()),
    /** Address, namespace, TLS/mTLS and API key of the Temporal cluster (docs/deploy.md). */
    ...temporalEnv,
    /** Processing time limit of one run; it ends `Failed` / `Task timed out`. Bounded like `expires_in`: a workflow timer. */
    TASK_TIMEOUT_SEC: positiveInt.max(CONFIG_LIMITS.expiresInSec).default(600),
    /** `expires_in` of tasks that do not set one; unset means tasks never expire. */
    DEFAULT_EXPIRES_IN: z.preprocess(emptyAsUnset, positiveInt.max(CONFIG_LIMITS.expiresInSec).optional()),
    /**
     * Pages per document; over it the task ends `Failed` / `Page limit exceeded`. 0 means no limit,
     * which lets one upload hold a worker for hours and grow a workflow history without bound.
     */
    /** Pages per document: a long book by default, not a 10,000-page scan dump; at most what one run's history holds. */
    PAGE_LIMIT: z.preprocess(
      emptyAsUnset,
      z.coerce.number().int().min(1).max(DOCUMENT_PAGE_LIMITS.max).default(DOCUMENT_PAGE_LIMITS.default),
    ),
    /**
     * Rate limit per owner of create, update and file upload: RATE_LIMIT_BURST at once, about
     * RATE_LIMIT_PER_SEC sustained (docs/security.md, "Limits"). Counted in Redis with REDIS_URL.
     */
    RATE_LIMIT_PER_SEC: z.coerce.number().positive().default(20),
    RATE_LIMIT_BURST: positiveInt.default(40),
    /** Where rate limits and quotas are counted: Redis (shared by every replica) or this process's memory. */
    ...limitsEnv,
    /**
     * Pages each owner may have processed per UTC calendar month (every run of every task, counted
     * by the worker once the page count is known). 0: no quota. Needs REDIS_URL to refuse creates.
     */
    PAGES_PER_MONTH: z.preprocess(emptyAsUnset, z.coerce.number().int().min(0).default(0)),
    /** Tasks one owner may have `Starting` or `Processing`; past it create and update answer 429. 0: no cap. */
    MAX_UNFINISHED_TASKS: z.preprocess(emptyAsUnset, z.coerce.number().int().min(0).default(0)),
    /** Largest request body (and so input file) in bytes. */
    MAX_TOTAL_LIMIT: positiveInt.default(GIB),
    /** Largest body held in memory: JSON bodies are parsed whole, so they are capped by this too. */
    MAX_MEMORY_LIMIT: positiveInt.default(GIB),
    /**
     * Largest JSON body of a create (it carries the file as base64, so about 75 MiB of file by
     * default). The body is held and parsed whole, about four times its size at the peak, so this
     * stays far below MAX_MEMORY_LIMIT; larger files go as multipart or by URL, which stream.
     */
    MAX_JSON_BODY_BYTES: positiveInt.default(DEFAULT_MAX_JSON_BODY_BYTES),
    /**
     * Bytes of JSON bodies read and parsed at once across requests (each costs about four times its
     * size at the peak); a body that does not fit now is answered 429 with Retry-After. At least
     * MAX_JSON_BODY_BYTES, so the largest body is accepted alone.
     */
    JSON_BODIES_IN_FLIGHT_BYTES: positiveInt.default(DEFAULT_JSON_BODIES_IN_FLIGHT_BYTES),
    /**
     * Bytes of images and PDF one response inlines as data URIs (`base64_urls=true`); past it the
     * response has presigned URLs instead, as without `base64_urls`. Bounds the memory of a poll.
     */
    BASE64_URLS_MAX_BYTES: positiveInt.default(DEFAULT_BASE64_URLS_MAX_BYTES),
    JWT_JWKS_URL: optionalString.pipe(z.string().url().optional()),
    /** PEM (SPKI) public key, used when no JWKS URL is set. */
    JWT_PUBLIC_KEY: optionalString,
    JWT_ISSUER: optionalString,
    JWT_AUDIENCE: optionalString,
    /** Every stage's address: `/health/ready` checks them all; the LLM one also lists the models. */
    ...stageAddressEnv,
    // TLS to the stages (GRPC_TLS_CA, and GRPC_TLS_CERT/KEY for mTLS).
    ...grpcTlsEnv,
  })
  .refine((env) => env.JSON_BODIES_IN_FLIGHT_BYTES >= env.MAX_JSON_BODY_BYTES, {
    path: ['JSON_BODIES_IN_FLIGHT_BYTES'],
    message: 'must be at least MAX_JSON_BODY_BYTES, or the largest body would never be read',
  })
  .transform((env) => ({ ...env, PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '') }));

export type GatewayConfig = z.output<typeof gatewayEnv>;

/** Parses the gateway's environment, failing with every bad variable listed. */
export function loadConfig(env: NodeJS.ProcessEnv): GatewayConfig {
  return parseEnv(gatewayEnv, env);
}
