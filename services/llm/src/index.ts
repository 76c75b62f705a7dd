export { loadConfig, loadModels } from './config.js';
export type { LlmConfig } from './config.js';
export { createLlmServer } from './server.js';
export type { LlmServerDeps } from './server.js';
export { createLlmEngine } from './engine/generate.js';
export type {
  ExtractDataInput,
  GenerateInput,
  LlmEngine,
  LlmEngineDeps,
  ModelInfo,
  SegmentAnswer,
  SegmentJob,
} from './engine/generate.js';
export {
  DEFAULT_EXTRACT_SYSTEM_PROMPT,
  MAX_EXTRACT_DOCUMENT_CHARS,
  createExtractor,
  documentText,
} from './engine/extract.js';
export type { ExtractInput, ExtractOutcome, Extractor, ExtractorDeps } from './engine/extract.js';
export { ChatCallError, DEFAULT_RETRY_POLICY, createChatClient, parseRetryAfter } from './engine/chat-client.js';
export type { ChatAnswer, ChatClient, ChatClientDeps, ChatRequest, RetryPolicy } from './engine/chat-client.js';
export { DEFAULT_MODEL_TIMEOUT_MS, parseModels } from './engine/models.js';
export type { ModelConfig } from './engine/models.js';
export { createTokenBucket, systemClock, unlimited } from './engine/token-bucket.js';
export type { Clock, RateLimiter } from './engine/token-bucket.js';
