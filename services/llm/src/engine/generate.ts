import { AppError, detectFileType, errorMessage, mapLimit, type Logger, type ObjectStore } from '@folio/runtime';
import { ChatCallError, type ChatClient, type ChatMessage, type ContentPart } from './chat-client.js';
import { MAX_EXTRACT_DOCUMENT_CHARS, createExtractor, type ExtractInput, type ExtractOutcome } from './extract.js';
import type { ModelConfig } from './models.js';
import type { SegmentFormat } from '@folio/proto/vocabulary';
import { answerSpec, extractFencedBlock, toSegmentContent, type AnswerSpec } from './prompts.js';

/** One segment to generate, in plain types. */
export interface SegmentJob {
  segmentId: string;
  segmentType: string;
  /** Crop storage key; empty for none. */
  imageKey: string;
  /** Page image storage key, sent for extended context; empty for none. */
  pageImageKey: string;
  format: SegmentFormat;
  prompt: string;
  text: string;
  /** The page's text, sent for extended context with the page image; empty for none. */
  pageText: string;
}

export interface GenerateInput {
  jobs: SegmentJob[];
  /** Empty for the default model. */
  modelId: string;
  /** `None`, `Default` (or empty) or a model id. */
  fallback: string;
  temperature: number;
  /** 0 for no limit. */
  maxCompletionTokens: number;
  /** The gRPC call's signal: the model requests stop when it aborts (ChatRequest.signal). */
  signal?: AbortSignal;
}

/** One extraction and the models it may use. */
export interface ExtractDataInput extends ExtractInput {
  /** Empty for the default model. */
  modelId: string;
  /** `None`, `Default` (or empty) or a model id. */
  fallback: string;
}

export interface SegmentAnswer {
  segmentId: string;
  content: string;
  modelId: string;
  /** Empty on success. */
  error: string;
}

export interface ModelInfo {
  id: string;
  isDefault: boolean;
  isFallback: boolean;
}

/** The language-model stage's logic, free of gRPC. */
export interface LlmEngine {
  listModels(): ModelInfo[];
  generateSegments(input: GenerateInput): Promise<SegmentAnswer[]>;
  /** Structured extraction (`extract.ts`); throws FAILED_PRECONDITION when no model is configured. */
  extractData(input: ExtractDataInput): Promise<ExtractOutcome>;
}

export interface LlmEngineDeps {
  models: readonly ModelConfig[];
  store: ObjectStore;
  chat: ChatClient;
  logger: Logger;
  /** Segments of one request in flight at once; each request still waits for its model's bucket. */
  concurrency: number;
  /** Extra asks when an answer is cut off (`finish_reason: length`), has no fenced block, or (extraction) is invalid. */
  maxReasks: number;
  /** Longest document text of one extraction; `MAX_EXTRACT_DOCUMENT_CHARS` unless given. */
  maxExtractDocumentChars?: number;
}

/** The answer was unusable after every re-ask: try the fallback model. */
class UnusableAnswerError extends Error {
  override name = 'UnusableAnswerError';
}

function unknownModel(id: string, models: readonly ModelConfig[]): AppError {
  const supported = models.map((model) => model.id).join(', ');
  return new AppError('INVALID_ARGUMENT', `Unknown model_id '${id}'. Supported model IDs are: ${supported}`, {
    expose: true,
  });
}

/** Resolves the primary and fallback models of a request; the fallback is skipped when it is the primary. */
function resolveModels(
  input: Pick<GenerateInput, 'modelId' | 'fallback'>,
  models: readonly ModelConfig[],
): ModelConfig[] {
  const byId = (id: string): ModelConfig => {
    const model = models.find((candidate) => candidate.id === id);
    if (!model) throw unknownModel(id, models);
    return model;
  };
  // parseModels guarantees exactly one default and one fallback whenever any model is listed.
  const primary = input.modelId ? byId(input.modelId) : models.find((model) => model.isDefault);
  if (!primary) throw new AppError('FAILED_PRECONDITION', 'No default language model is configured');
  const fallbackName = input.fallback.trim();
  if (fallbackName === 'None') return [primary];
  const fallback =
    fallbackName === '' || fallbackName === 'Default' ? models.find((model) => model.isFallback) : byId(fallbackName);
  return fallback && fallback.id !== primary.id ? [primary, fallback] : [primary];
}

async function imagePart(store: ObjectStore, key: string): Promise<ContentPart> {
  const bytes = await store.get(key);
  const mimeType = (await detectFileType(bytes))?.mimeType ?? 'image/png';
  return { type: 'image_url', image_url: { url: `data:${mimeType};base64,${bytes.toString('base64')}` } };
}

/** Image parts read once per request: a page's segments share its page image (extended context). */
type ImageCache = (key: string) => Promise<ContentPart | null>;

function createImageCache(store: ObjectStore): ImageCache {
  const parts = new Map<string, Promise<ContentPart>>();
  return (key) => {
    if (!key) return Promise.resolve(null);
    let part = parts.get(key);
    if (part === undefined) {
      part = imagePart(store, key);
      parts.set(key, part);
    }
    return part;
  };
}

const REASK_TRUNCATED =
  'Your previous answer was cut off before the end. Answer again, more compactly, with the complete result.';
const REASK_NO_FENCE =
  'Your previous answer had no complete fenced code block. Answer again with the result inside one.';

/**
 * Creates the engine. Per job: read the crop (and page image), ask the primary model, re-ask when
 * the answer was truncated or lacks its fenced block, then try the fallback model; a job that
 * still fails gets its reason in `error` and the rest of the batch goes on.
 */
export function createLlmEngine(deps: LlmEngineDeps): LlmEngine {
  async function ask(
    model: ModelConfig,
    images: ContentPart[],
    spec: AnswerSpec,
    input: GenerateInput,
  ): Promise<string> {
    let note = '';
    for (let ask = 0; ask <= deps.maxReasks; ask++) {
      const messages: ChatMessage[] = [
        {
          role: 'user',
          content: [{ type: 'text', text: note ? `${spec.prompt}\n\n${note}` : spec.prompt }, ...images],
        },
      ];
      const answer = await deps.chat(model, {
        messages,
        temperature: input.temperature,
        maxCompletionTokens: input.maxCompletionTokens,
        signal: input.signal,
      });
      if (answer.finishReason === 'length') {
        note = REASK_TRUNCATED;
        continue;
      }
      const body = extractFencedBlock(answer.content, spec.language);
      if (body !== null && body.length > 0) return body;
      if (!spec.fenceRequired && answer.content.trim()) return answer.content.trim();
      note = REASK_NO_FENCE;
    }
    throw new UnusableAnswerError(
      note === REASK_TRUNCATED ? 'answer was cut off (finish_reason length)' : 'answer had no fenced code block',
    );
  }

  async function runJob(
    job: SegmentJob,
    models: ModelConfig[],
    input: GenerateInput,
    readImage: ImageCache,
  ): Promise<SegmentAnswer> {
    let images: ContentPart[];
    try {
      images = (await Promise.all([readImage(job.imageKey), readImage(job.pageImageKey)])).filter(
        (part) => part !== null,
      );
    } catch (error) {
      return {
        segmentId: job.segmentId,
        content: '',
        modelId: '',
        error: `Could not read the segment image: ${errorMessage(error)}`,
      };
    }
    const custom = job.prompt.trim().length > 0;
    const spec = answerSpec({
      segmentType: job.segmentType,
      format: job.format,
      customPrompt: job.prompt,
      text: job.text,
      // The page image is the second image only when the crop was read too.
      pageImage: job.pageImageKey !== '' && images.length === 2,
      pageText: job.pageText,
    });
    const failures: string[] = [];
    for (const [index, model] of models.entries()) {
      try {
        const body = await ask(model, images, spec, input);
        return {
          segmentId: job.segmentId,
          content: toSegmentContent(job.segmentType, job.format, body, custom),
          modelId: model.id,
          error: '',
        };
      } catch (error) {
        if (!(error instanceof ChatCallError || error instanceof UnusableAnswerError)) throw error;
        deps.logger.warn(
          { segmentId: job.segmentId, modelId: model.id, reason: error.message },
          'model attempt failed',
        );
        failures.push(`${index === 0 ? 'model' : 'fallback model'} '${model.id}': ${error.message}`);
      }
    }
    return {
      segmentId: job.segmentId,
      content: '',
      modelId: '',
      error: failures.join('; '),
    };
  }

  const extract = createExtractor({
    store: deps.store,
    chat: deps.chat,
    logger: deps.logger,
    maxReasks: deps.maxReasks,
    maxDocumentChars: deps.maxExtractDocumentChars ?? MAX_EXTRACT_DOCUMENT_CHARS,
  });

  return {
    listModels: () =>
      deps.models.map((model) => ({ id: model.id, isDefault: model.isDefault, isFallback: model.isFallback })),
    async generateSegments(input) {
      if (deps.models.length === 0)
        throw new AppError('FAILED_PRECONDITION', 'No language model is configured', { expose: true });
      const models = resolveModels(input, deps.models);
      const readImage = createImageCache(deps.store);
      return mapLimit(input.jobs, deps.concurrency, (job) => runJob(job, models, input, readImage));
    },
    async extractData(input) {
      if (deps.models.length === 0) {
        throw new AppError(
          'FAILED_PRECONDITION',
          'Extraction needs a language model, and none is configured (LLM_MODELS_PATH)',
          { expose: true },
        );
      }
      return extract(input, resolveModels(input, deps.models));
    },
  };
}
