export {
  AppError,
  CallCancelledError,
  DeadlineExceededError,
  InvalidDocumentError,
  InvalidRequestError,
  ObjectNotFoundError,
  errorMessage,
} from './errors.js';
export type { AppErrorOptions, ErrorCode } from './errors.js';
export { createLogger, currentLogFields, withLogFields } from './logger.js';
export type { Logger, LoggerOptions } from './logger.js';
export { ConfigError, envBoolean, envPort, loggingEnv, parseEnv } from './config.js';
export {
  REQUEST_ID_METADATA,
  TASK_ID_METADATA,
  TASK_OWNER_METADATA,
  TASK_PRIORITY_METADATA,
  TASK_RUN_METADATA,
  GRPC_MAX_MESSAGE_BYTES,
  callUnary,
  createGrpcServer,
  createStageServer,
  grpcClientOptions,
  listen,
  serviceNameOf,
  shutdownServer,
  toServiceError,
  unary,
} from './grpc.js';
export type { CallOptionsInput, StageServerOptions, UnaryContext } from './grpc.js';
export { HEALTH_SERVICE_NAME, addIntrospection, markNotServing } from './grpc-introspection.js';
export type { ProtoSources } from './grpc-introspection.js';
export { createStageClient, grpcAddress, toGrpcTarget } from './grpc-target.js';
export { grpcChannelCredentials, grpcServerCredentials, grpcTlsEnv, type GrpcTlsConfig } from './grpc-tls.js';
export type { GrpcClientConstructor, GrpcTarget } from './grpc-target.js';
export { onShutdown } from './shutdown.js';
export {
  describeTemporalConnection,
  temporalConnectionOptions,
  temporalEnv,
  temporalSchema,
} from './temporal-connection.js';
export type { TemporalConfig, TemporalConnectionOptions, TemporalTlsOptions } from './temporal-connection.js';
export {
  extractTraceContext,
  inSpan,
  injectTraceContext,
  isTracing,
  plainAttributesProcessor,
  setSpanAttributes,
  startTracing,
  taskSpanAttributes,
  traceLogFields,
  tracesUrl,
  tracingEnv,
} from './tracing.js';
export type { Tracing, TracingConfig } from './tracing.js';
export {
  METRICS_PORTS,
  collectProcessMetrics,
  metrics,
  metricsEnv,
  metricsRegistry,
  observeTaskCounts,
  renderMetrics,
  startConfiguredMetricsServer,
  startMetricsServer,
} from './metrics.js';
export type { MetricsEnv, MetricsProcess, MetricsServer, TaskCountReader } from './metrics.js';
export { PRECISION_SETTINGS, readCpuFeatures, resolvePrecision, type PrecisionProbe } from './cpu-precision.js';
export { requireModelFile } from './model-file.js';
export type { CpuFeatures, PrecisionSetting } from './cpu-precision.js';
export {
  MODEL_PRECISIONS,
  stageAddressEnv,
  stageListenEnv,
  stageTimeoutEnv,
  stageTimeoutsMs,
  threadJobTimeoutEnv,
} from './stage-config.js';
export type { ModelPrecision, StageListenEnv } from './stage-config.js';
export { ACTIVITY_POLICIES, STAGES, STAGE_NAMES, STAGE_PORTS } from './stages.js';
export type { ActivityPolicy, ActivityPolicyName, StageActivityName, StageDefinition, StageName } from './stages.js';
export { assertValidKey, getJson, putJson } from './storage/object-store.js';
export type { ListPageOptions, ObjectStore, PresignOptions, PutOptions, StoredObject } from './storage/object-store.js';
export { createFsStore } from './storage/fs-store.js';
export type { FsStoreOptions } from './storage/fs-store.js';
export { createS3Store } from './storage/s3-store.js';
export type { S3Endpoint, S3StoreOptions } from './storage/s3-store.js';
export { SIGNED_FILES_PATH, createSignedUrl, isValidSignature } from './storage/signed-url.js';
export {
  EXAMPLE_SIGNING_SECRET,
  assertSigningSecret,
  createStoreFromConfig,
  storageEnv,
  storageSchema,
} from './storage/storage-config.js';
export type { StorageConfig } from './storage/storage-config.js';
export { sha256Hex } from './storage/hashing.js';
export { SUPPORTED_FILE_TYPES, detectFileType } from './file-type.js';
export { blockCachedSource, storedObjectSource } from './byte-source.js';
export type { ByteSource } from './byte-source.js';
export { mapLimit } from './map-limit.js';
export { createLimitsStore, createMemoryLimitsStore, limitsEnv } from './limits/limits-store.js';
export type { LimiterOptions, LimitsStore, LimitsStoreOptions } from './limits/limits-store.js';
export { createRateLimiter, rateLimitWindows } from './limits/rate-limiter.js';
export type { RateLimiter, RateLimitOptions } from './limits/rate-limiter.js';
export { createPageQuota, monthOf, nextMonthStartMs } from './limits/page-quota.js';
export type { PageCharge, PageChargeResult, PageQuota } from './limits/page-quota.js';
export { InvalidJsonSchemaError, MAX_REPORTED_ERRORS, compileJsonSchema } from './json-schema.js';
export type { JsonSchemaValidator } from './json-schema.js';
export { MIB, availableMemoryBytes, chooseWorkerCount } from './worker-count.js';
export type { WorkerCount, WorkerCountOptions } from './worker-count.js';
export { levenshtein, normalizedEditDistance } from './text/edit-distance.js';
export { englishWordShare, isEnglishWord, latinWordOf, wordlikeShare } from './text/english-words.js';
export { escapeHtml, htmlText, shareFoundIn, wordTokens } from './text/html.js';
export { isExtensionFont, isItalicFont, isMathFont } from './text/math-fonts.js';
export { BULLET_MARKS, isBulletMark } from './text/list-marks.js';
export { PADDLE_SCRIPTS, createTesseract } from './tesseract/tesseract-cli.js';
export type { Tesseract, TesseractOptions } from './tesseract/tesseract-cli.js';
export type { PageDetection, TesseractWord } from './tesseract/tesseract-output.js';
export type { EnglishWordShare } from './text/english-words.js';
export type { FileType } from './file-type.js';
export { createThreadPool, startThreadPool } from './threads/thread-pool.js';
export { JOB_PRIORITY_RANK, currentJobPriority, parseJobPriority, type JobPriority } from './threads/job-priority.js';
export { timeInference } from './threads/inference-timing.js';
export type { InferenceTiming } from './threads/inference-timing.js';
export type { RunJobOptions, ThreadPool, ThreadPoolOptions } from './threads/thread-pool.js';
export { serveThreadJobs } from './threads/serve-jobs.js';
export type { JobContext, JobResult, ServeOptions } from './threads/serve-jobs.js';
export { deserializeError, serializeError } from './threads/messages.js';
export type { SerializedError } from './threads/messages.js';
