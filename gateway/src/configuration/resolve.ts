import {
  defaultTaskConfiguration,
  segmentTypesOf,
  type GenerationStrategy,
  type OperatorDefaults,
  type SegmentFormat,
  type SegmentTypeProcessing,
  type TaskConfiguration,
  type Taxonomy,
} from '@folio/workflows/contracts';
import type { ConfigurationInput, SegmentTypeInput } from './schema.js';

/**
 * Legacy `html`/`markdown` strategies: an LLM one picks that format and the LLM strategy; all
 * given ones Ignore means Ignore; otherwise Auto. Explicit `format`/`strategy` always win.
 */
function legacyStrategy(input: SegmentTypeInput): { format?: SegmentFormat; strategy?: GenerationStrategy } {
  const given = [input.html, input.markdown].filter((value) => value !== undefined);
  if (given.length === 0) return {};
  if (input.html === 'LLM') return { format: 'Html', strategy: 'LLM' };
  if (input.markdown === 'LLM') return { format: 'Markdown', strategy: 'LLM' };
  return { strategy: given.every((value) => value === 'Ignore') ? 'Ignore' : 'Auto' };
}

/** Overlays the given fields of one segment type onto `base`, field by field. */
function applySegmentType(base: SegmentTypeProcessing, input: SegmentTypeInput): SegmentTypeProcessing {
  const legacy = legacyStrategy(input);
  return {
    crop_image: input.crop_image ?? base.crop_image,
    format: input.format ?? legacy.format ?? base.format,
    strategy: input.strategy ?? legacy.strategy ?? base.strategy,
    llm: input.llm === undefined ? base.llm : input.llm,
    embed_sources: input.embed_sources ? [...input.embed_sources] : [...base.embed_sources],
    extended_context: input.extended_context ?? base.extended_context,
    description: input.description ?? base.description,
  };
}

/**
 * Overlays a parsed request onto a configuration: fields not given keep their value, objects
 * merge per field, and `segment_processing` merges per type and per field within a type.
 * Used with the defaults for create and with the current configuration for update.
 */
export function applyConfigurationInput(current: TaskConfiguration, input: ConfigurationInput): TaskConfiguration {
  // A copy, so the result shares no arrays or objects with the configuration it came from.
  const base = structuredClone(current);
  const segmentProcessing = base.segment_processing;
  // Only the types the configuration has: a v1 task has no finer types to set.
  for (const type of segmentTypesOf('current')) {
    const given = input.segment_processing?.[type];
    const current = segmentProcessing[type];
    if (given && current) segmentProcessing[type] = applySegmentType(current, given);
  }
  const chunk = input.chunk_processing;
  const llm = input.llm_processing;
  return {
    ocr_strategy: input.ocr_strategy ?? base.ocr_strategy,
    segmentation_strategy: input.segmentation_strategy ?? base.segmentation_strategy,
    high_resolution: input.high_resolution ?? base.high_resolution,
    expires_in: input.expires_in ?? base.expires_in,
    error_handling: input.error_handling ?? base.error_handling,
    chunk_processing: {
      // The legacy top-level `target_chunk_length` yields to the nested field when both are given.
      target_length: chunk?.target_length ?? input.target_chunk_length ?? base.chunk_processing.target_length,
      ignore_headers_and_footers: chunk?.ignore_headers_and_footers ?? base.chunk_processing.ignore_headers_and_footers,
      tokenizer: chunk?.tokenizer ?? base.chunk_processing.tokenizer,
    },
    segment_processing: segmentProcessing,
    llm_processing: {
      model_id: llm?.model_id === undefined ? base.llm_processing.model_id : llm.model_id,
      fallback_strategy: llm?.fallback_strategy ?? base.llm_processing.fallback_strategy,
      max_completion_tokens:
        llm?.max_completion_tokens === undefined
          ? base.llm_processing.max_completion_tokens
          : llm.max_completion_tokens,
      temperature: llm?.temperature ?? base.llm_processing.temperature,
    },
  };
}

/** The full configuration of a new task created through the API of `taxonomy`. */
export function resolveConfiguration(
  input: ConfigurationInput,
  defaults: OperatorDefaults,
  taxonomy: Taxonomy = 'v1',
): TaskConfiguration {
  return applyConfigurationInput(defaultTaskConfiguration(defaults, taxonomy), input);
}

/** Deep equality of two configurations (plain JSON data, so key order is irrelevant). */
export function isSameConfiguration(a: TaskConfiguration, b: TaskConfiguration): boolean {
  return isDeepEqual(a, b);
}

function isDeepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => isDeepEqual(item, b[index]));
  const aRecord = a as Record<string, unknown>;
  const bRecord = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(aRecord), ...Object.keys(bRecord)]);
  return [...keys].every((key) => isDeepEqual(aRecord[key], bRecord[key]));
}

/**
 * The message refusing a configuration that names a model the LLM stage does not serve, or null
 * when every named model (model_id and a `{Model}` fallback) is known.
 */
export function unknownModelMessage(configuration: TaskConfiguration, modelIds: readonly string[]): string | null {
  const { model_id: modelId, fallback_strategy: fallback } = configuration.llm_processing;
  const named = [modelId, typeof fallback === 'object' ? fallback.Model : null];
  const unknown = named.find((id): id is string => id !== null && !modelIds.includes(id));
  return unknown === undefined
    ? null
    : `Unknown model_id '${unknown}'. Supported model IDs are: ${modelIds.join(', ')}`;
}
