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
  /** Longest document text sent in one call; a longer document is extracted part by part. */
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

function instructions(schemaJson: string, text: string, part: { index: number; count: number }): string {
  const whole = part.count === 1;
  return [
    whole
      ? 'Extract the data described by this JSON Schema from the document below.'
      : `Extract the data described by this JSON Schema from part ${part.index + 1} of ${part.count} of a document, below. ` +
        'Other parts are read separately and the answers merged: give what this part states, null where it states nothing, and list items only this part holds.',
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
 * The document cut into parts that each fit one call: whole segments in reading order, a part
 * ending before the segment that would take its text past `maxChars`. A single segment longer
 * than that is returned as `tooLong` (its length): no cut inside a segment is safe to make.
 */
export function documentParts(
  document: ExtractionDocument,
  maxChars: number,
): { parts: string[] } | { tooLong: number } {
  const parts: string[] = [];
  let current: ExtractionDocument['segments'] = [];
  // An upper bound of the part's text: each segment's own text (with its page marker) and a separator.
  let length = 0;
  for (const segment of document.segments) {
    const alone = documentText({ segments: [segment] }).length;
    if (alone > maxChars) return { tooLong: alone };
    if (current.length > 0 && length + 2 + alone > maxChars) {
      parts.push(documentText({ segments: current }));
      current = [];
    }
    length = current.length > 0 ? length + 2 + alone : alone;
    current.push(segment);
  }
  if (current.length > 0) parts.push(documentText({ segments: current }));
  return { parts };
}

/**
 * One value from the extractions of the document's parts, in document order: objects merge key by
 * key, arrays are joined (an item equal to an earlier one kept once), and any other value is the
 * first part's that is not null. The schema shaped every part's answer alike, so merging by shape
 * is merging by the schema.
 */
export function mergeExtractions(values: readonly unknown[]): unknown {
  const present = values.filter((value) => value !== null && value !== undefined);
  if (present.length === 0) return values.length > 0 ? null : undefined;
  if (present.every(Array.isArray)) {
    const seen = new Set<string>();
    return present.flat().filter((item) => {
      const key = JSON.stringify(item);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }
  if (present.every(isPlainObject)) {
    const keys = [...new Set(present.flatMap((value) => Object.keys(value)))];
    return Object.fromEntries(keys.map((key) => [key, mergeExtractions(present.map((value) => value[key]))]));
  }
  return present[0];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Creates the extractor. Per model: ask for JSON matching the schema; an answer that is cut off,
 * not JSON or invalid against the schema is asked again in the same conversation with what was
 * wrong (ajv's messages), at most `maxReasks` times; then the fallback model gets the same turns.
 * A document longer than one call takes (`maxDocumentChars`) is extracted part by part
 * (documentParts), each part told where it stands, and the parts' answers merged
 * (mergeExtractions) and validated again. Document text, prompts and answers are logged only at
 * debug level.
 */
export function createExtractor(deps: ExtractorDeps): Extractor {
  /** One call's extraction over the models in turn, from `text`. */
  async function extractText(
    input: ExtractInput,
    models: readonly ModelConfig[],
    text: string,
    part: { index: number; count: number },
  ): Promise<ExtractOutcome> {
    const opening: ChatMessage[] = [
      { role: 'system', content: input.systemPrompt.trim() || DEFAULT_EXTRACT_SYSTEM_PROMPT },
      { role: 'user', content: instructions(input.schemaJson, text, part) },
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
          deps.logger.debug({ modelId: model.id, ask, part: part.index, answer: answer.content }, 'extraction answer');
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
    const where = part.count > 1 ? ` of part ${part.index + 1} of ${part.count}` : '';
    return { kind: 'failed', attempts, error: `No valid extraction${where}: ${failures.join('; ')}` };
  }

  return async function extract(input, models) {
    const document = ExtractionDocument.fromJSON(await getJson<unknown>(deps.store, input.documentKey));
    const split = documentParts(document, deps.maxDocumentChars);
    if ('tooLong' in split) {
      return {
        kind: 'failed',
        attempts: 0,
        error: `A segment of the document is too long to extract from in one call (${split.tooLong} characters of text; at most ${deps.maxDocumentChars})`,
      };
    }
    const count = Math.max(1, split.parts.length);
    const texts = split.parts.length > 0 ? split.parts : [''];
    const answers: unknown[] = [];
    let attempts = 0;
    let modelId = '';
    for (const [index, text] of texts.entries()) {
      const outcome = await extractText(input, models, text, { index, count });
      attempts += outcome.attempts;
      if (outcome.kind === 'failed') return { ...outcome, attempts };
      answers.push(outcome.results);
      modelId ||= outcome.modelId;
    }
    if (count === 1) return { kind: 'extracted', results: answers[0], modelId, attempts };
    const results = mergeExtractions(answers);
    const violations = input.validator.validate(results);
    if (violations.length > 0) {
      return {
        kind: 'failed',
        attempts,
        error: `The extractions of the document's ${count} parts merged into a value the schema refuses (${violations.join('; ')})`,
      };
    }
    deps.logger.info({ parts: count, attempts }, 'extraction merged from parts');
    return { kind: 'extracted', results, modelId, attempts };
  };
}
