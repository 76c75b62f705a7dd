import { defaultTaskConfiguration } from '@folio/workflows/contracts';
import type { Schema } from './generate.js';

/*
 * The defaults of a create, documented from `defaultTaskConfiguration` (the vocabulary's defaults,
 * which resolve.ts applies): the request schemas leave a field out rather than fill it, so zod has no
 * default to show.
 */

/** Where each documented default lives: the component and its property, then the default's path. */
const DEFAULTS: [component: string, property: string, path: string[]][] = [
  ['ConfigurationInput', 'ocr_strategy', ['ocr_strategy']],
  ['ConfigurationInput', 'segmentation_strategy', ['segmentation_strategy']],
  ['ConfigurationInput', 'high_resolution', ['high_resolution']],
  ['ConfigurationInput', 'error_handling', ['error_handling']],
  ['ChunkProcessingInput', 'target_length', ['chunk_processing', 'target_length']],
  ['ChunkProcessingInput', 'ignore_headers_and_footers', ['chunk_processing', 'ignore_headers_and_footers']],
  ['LlmProcessingInput', 'fallback_strategy', ['llm_processing', 'fallback_strategy']],
  ['LlmProcessingInput', 'temperature', ['llm_processing', 'temperature']],
  ['GenerationConfigInput', 'extended_context', ['segment_processing', 'Text', 'extended_context']],
  ['GenerationConfigInput', 'description', ['segment_processing', 'Text', 'description']],
  ['GenerationConfigInput', 'embed_sources', ['segment_processing', 'Text', 'embed_sources']],
];

function at(value: unknown, path: readonly string[]): unknown {
  // A walk down plain JSON objects: an absent key reads as undefined.
  return path.reduce<unknown>((inner, key) => (inner as Record<string, unknown> | undefined)?.[key], value);
}

/** `components` with the create defaults set on the request schemas' properties (and the create bodies'). */
export function defaultsOf(components: Record<string, Schema>): Record<string, Schema> {
  // Operator settings (expiry, default model) have no fixed default.
  const configuration = defaultTaskConfiguration({ expiresIn: null, defaultModelId: null });
  const set = (schema: Schema | undefined, property: string, value: unknown): void => {
    // An object schema's properties, as zod wrote them.
    const properties = schema?.properties as Record<string, Schema> | undefined;
    const target = properties?.[property];
    if (target === undefined) throw new Error(`OpenAPI default: no property ${property}`);
    target.default = value;
  };
  for (const [component, property, path] of DEFAULTS) {
    const value = at(configuration, path);
    set(components[component], property, value);
    // The create bodies carry the configuration's fields inline.
    if (component === 'ConfigurationInput') {
      for (const body of ['CreateTaskRequest']) set(components[body], property, value);
    }
  }
  // The tokenizer's default is one of its input forms.
  const tokenizer = components.TokenizerInput;
  const fallback = configuration.chunk_processing.tokenizer;
  if (tokenizer) tokenizer.default = 'Enum' in fallback ? fallback.Enum : fallback.String;
  return components;
}
