import { ExtractionDocument } from '@folio/proto/llm/v1';
import { getJson, type JsonSchemaValidator, type Logger, type ObjectStore } from '@folio/runtime';
import { ChatCallError, type ChatClient, type ChatMessage } from './chat-client.js';
import type { ModelConfig } from './models.js';
import { extractFencedBlock } from './prompts.js';

/** One extraction, in plain types. */
export interface ExtractInput {
  /** Storage key of the JSON `ExtractionDocument`. */
  documentKey: string;
  /** The schema as the client wrote it (shown to the model) and its compiled validator. */
  schemaJson: string;
  validator: JsonSchemaValidator;
  /** Empty for the built-in system prompt. */
  systemPrompt: string;
  temperature: number;
  /** 0 for no limit. */
  maxCompletionTokens: number;
  /** The gRPC call's signal: the model requests stop when it aborts (ChatRequest.signal). */
  signal?: AbortSignal;
}

/**
 * How an extraction ended. A model that never gave a valid answer is an ordinary outcome (the
 * task fails with the reason), not an exception.
 */
export type ExtractOutcome =
  | { kind: 'extracted'; results: unknown; modelId: string; attempts: number }
  | { kind: 'failed'; error: string; attempts: number };

export interface ExtractorDeps {
  store: ObjectStore;
  chat: ChatClient;
  logger: Logger;
  /** Asks after the first, per model, when an answer is cut off, not JSON or not valid against the schema. */
  maxReasks: number;
  /** Longest document text sent in one call; longer documents fail with a clear message. */
  maxDocumentChars: number;
}

/**
 * Characters of document text one extraction call takes (about 100k tokens of English): within
 * the context of the models this stage is meant for, with room for the schema and the answer.
 */
export const MAX_EXTRACT_DOCUMENT_CHARS = 400_000;

export const DEFAULT_EXTRACT_SYSTEM_PROMPT =
  'You extract structured data from documents. Use only what the document states; never invent values.';

/** Runs one extraction over the primary model, then the fallback (`models` is that list). */
export type Extractor = (input: ExtractInput, models: readonly ModelConfig[]) => Promise<ExtractOutcome>;

/** The document as the prompt shows it: segments in reading order, a marker where each page starts. */
export function documentText(document: ExtractionDocument): string {
  const parts: string[] = [];
  let page = 0;
  for (const segment of document.segments) {
    if (segment.pageNumber !== page) {
      page = segment.pageNumber;
      parts.push(`<!-- page ${page} -->`);
    }
    if (segment.content.trim() !== '') parts.push(segment.content.trim());
  }
  return parts.join('\n\n');
}

function instructions(schemaJson: string, text: string): string {
  return [
    'Extract the data described by this JSON Schema from the document below.',
    'Answer with one JSON value that is valid against the schema, inside a ```json fenced code block.',
    'Where the document does not state a value, use null if the schema allows it; otherwise the closest value the document supports.',
    '',
    'JSON Schema:',
    '```json',
    schemaJson,
    '```',
    '',
    'Document (Markdown):',
    text,
  ].join('\n');
}

/** Why an answer was refused, and the note that asks again. */
type Refusal = { reason: string; note: string };

/** Reads an answer: the JSON in its fenced block (or the whole answer), valid against the schema. */
function readAnswer(content: string, validator: JsonSchemaValidator): { value: unknown } | Refusal {
  const body = extractFencedBlock(content, 'json') ?? content.trim();
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    const reason = `answer is not JSON (${error instanceof Error ? error.message : String(error)})`;
    return { reason, note: `Your previous answer was not valid JSON: ${reason}. Answer again with the JSON only.` };
  }
  const violations = validator.validate(value);
  if (violations.length === 0) return { value };
  return {
    reason: `answer does not match the schema (${violations.join('; ')})`,
    note: `Your previous answer does not match the JSON Schema:\n${violations.map((line) => `- ${line}`).join('\n')}\nAnswer again with corrected JSON that is valid against the schema.`,
  };
}

const TRUNCATED: Refusal = {
  reason: 'answer was cut off (finish_reason length)',
  note: 'Your previous answer was cut off before the end. Answer again, more compactly, with the complete JSON.',
};

/**
 * Creates the extractor. Per model: ask for JSON matching the schema; an answer that is cut off,
 * not JSON or invalid against the schema is asked again in the same conversation with what was
 * wrong (ajv's messages), at most `maxReasks` times; then the fallback model gets the same turns.
 * Document text, prompts and answers are logged only at debug level.
 */
export function createExtractor(deps: ExtractorDeps): Extractor {
  return async function extract(input, models) {
    const document = ExtractionDocument.fromJSON(await getJson<unknown>(deps.store, input.documentKey));
    const text = documentText(document);
    if (text.length > deps.maxDocumentChars) {
      return {
        kind: 'failed',
        attempts: 0,
        error: `The document is too long to extract from in one call (${text.length} characters of text; at most ${deps.maxDocumentChars})`,
      };
    }
    const opening: ChatMessage[] = [
      { role: 'system', content: input.systemPrompt.trim() || DEFAULT_EXTRACT_SYSTEM_PROMPT },
      { role: 'user', content: instructions(input.schemaJson, text) },
    ];
    const failures: string[] = [];
    let attempts = 0;
    for (const [index, model] of models.entries()) {
      const messages = [...opening];
      let refusal: Refusal | null = null;
      let asks = 0;
      try {
        for (let ask = 0; ask <= deps.maxReasks; ask++) {
          attempts++;
          asks++;
          const answer = await deps.chat(model, {
            messages,
            temperature: input.temperature,
            maxCompletionTokens: input.maxCompletionTokens,
            signal: input.signal,
          });
          deps.logger.debug({ modelId: model.id, ask, answer: answer.content }, 'extraction answer');
          const read = answer.finishReason === 'length' ? TRUNCATED : readAnswer(answer.content, input.validator);
          if ('value' in read) return { kind: 'extracted', results: read.value, modelId: model.id, attempts };
          refusal = read;
          messages.push({ role: 'assistant', content: answer.content }, { role: 'user', content: read.note });
        }
      } catch (error) {
        if (!(error instanceof ChatCallError)) throw error;
        refusal = { reason: error.message, note: '' };
      }
      const label = `${index === 0 ? 'model' : 'fallback model'} '${model.id}'`;
      deps.logger.warn({ modelId: model.id, reason: refusal?.reason }, 'extraction attempt failed');
      failures.push(`${label}, ${asks} ask${asks === 1 ? '' : 's'}: ${refusal?.reason ?? 'no answer'}`);
    }
    return { kind: 'failed', attempts, error: `No valid extraction: ${failures.join('; ')}` };
  };
}
