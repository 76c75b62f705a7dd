import type { SegmentTypeConfig } from '@folio/proto/chunk/v1';
import { Tokenizer as ProtoTokenizer } from '@folio/proto/common/v1';
import {
  embedSourceCodec,
  generationStrategyCodec,
  segmentFormatCodec,
  tokenizerCodec,
  type EnumCodec,
} from '@folio/proto/vocabulary-codec';
import {
  CONFIGURATION_DEFAULTS,
  SEGMENT_TYPES,
  defaultSegmentProcessing,
  isFineSegmentType,
  isSegmentType,
  tokenizerLoadId,
  type ConfigurableSegmentType,
  type EmbedSource,
  type FineSegmentType,
  type GenerationStrategy,
  type SegmentFormat,
  type SegmentType,
} from '@folio/proto/vocabulary';
import { InvalidRequestError } from '@folio/runtime';

export type { EmbedSource } from '@folio/proto/vocabulary';

/** What chunking needs of a segment type's processing. */
export interface TypeConfig {
  format: SegmentFormat;
  strategy: GenerationStrategy;
  embedSources: EmbedSource[];
}

/**
 * Narrows a stored type name. The layout stage only emits the known names; anything else (an older
 * document, a model with extra classes) is shown as `Text` so the output never has an unknown type.
 */
export function toSegmentType(value: string): SegmentType {
  return isSegmentType(value) ? value : 'Text';
}

/** The API default of a type (`@folio/proto/vocabulary`), for types and settings the request leaves out. */
function defaultConfig(type: ConfigurableSegmentType): TypeConfig {
  const { format, strategy, embed_sources: embedSources } = defaultSegmentProcessing(type);
  return { format, strategy, embedSources };
}

/**
 * One setting of the request: its typed field when set, else its string (any case); neither
 * given is undefined (the default applies). An unknown value is refused, never guessed.
 */
function readSetting<Name extends string, Value extends number>(
  field: string,
  codec: EnumCodec<Name, Value>,
  typed: Value,
  text: string,
): Name | undefined {
  if (typed !== 0) {
    const name = codec.fromProto(typed);
    if (name === undefined) throw new InvalidRequestError(`${field}_value: unknown value ${typed}`);
    return name;
  }
  if (text === '') return undefined;
  const name = codec.parse(text);
  if (name === undefined) throw new InvalidRequestError(`${field}: unknown value '${text}'`);
  return name;
}

function readEmbedSources(field: string, config: SegmentTypeConfig): EmbedSource[] {
  const sources =
    config.embedSourceValues.length > 0
      ? config.embedSourceValues.map((value, index) =>
          readSetting(`${field}.embed_source[${index}]`, embedSourceCodec, value, ''),
        )
      : config.embedSources.map((text, index) =>
          readSetting(`${field}.embed_sources[${index}]`, embedSourceCodec, 0, text),
        );
  // An empty string in the list is not a source: nothing to refuse, nothing to embed.
  return sources.filter((source): source is EmbedSource => source !== undefined);
}

/** Every type's config: the 12 always, a finer type's only when the request names it. */
export type TypeConfigs = Record<SegmentType, TypeConfig> & Partial<Record<FineSegmentType, TypeConfig>>;

/**
 * The request's per-type configs as a complete table: types the request leaves out, and settings a
 * config leaves empty, take the API defaults; an unknown type or value is an INVALID_ARGUMENT.
 */
export function resolveTypeConfigs(configs: readonly SegmentTypeConfig[]): TypeConfigs {
  const table: TypeConfigs = Object.fromEntries(SEGMENT_TYPES.map((type) => [type, defaultConfig(type)])) as Record<
    SegmentType,
    TypeConfig
  >; // filled for every type just above
  configs.forEach((config, index) => {
    const field = `segment_types[${index}]`;
    const type = config.segmentType;
    if (!isSegmentType(type) && !isFineSegmentType(type))
      throw new InvalidRequestError(`${field}.segment_type: unknown segment type '${type}'`);
    const defaults = defaultConfig(type);
    const embedSources = readEmbedSources(field, config);
    table[type] = {
      format: readSetting(`${field}.format`, segmentFormatCodec, config.formatValue, config.format) ?? defaults.format,
      strategy:
        readSetting(`${field}.strategy`, generationStrategyCodec, config.strategyValue, config.strategy) ??
        defaults.strategy,
      embedSources: embedSources.length > 0 ? embedSources : defaults.embedSources,
    };
  });
  return table;
}

/**
 * A segment's config: its finer type's when the request has one (a current-API task that set
 * `PageNumber` apart), else its v1 type's.
 */
export function typeConfigOf(configs: TypeConfigs, type: SegmentType, fineType: string | undefined): TypeConfig {
  return (fineType !== undefined && isFineSegmentType(fineType) ? configs[fineType] : undefined) ?? configs[type];
}

/**
 * The id to load the request's tokenizer by: `tokenizer_value` when set, else `tokenizer` (an
 * enum spelling or a hub id; the registry checks it), else the API default.
 */
export function resolveTokenizerId(request: { tokenizer: string; tokenizerValue: ProtoTokenizer }): string {
  if (request.tokenizerValue !== ProtoTokenizer.TOKENIZER_UNSPECIFIED) {
    const name = tokenizerCodec.fromProto(request.tokenizerValue);
    if (name === undefined) throw new InvalidRequestError(`tokenizer_value: unknown value ${request.tokenizerValue}`);
    return tokenizerLoadId(name);
  }
  if (request.tokenizer === '') {
    const fallback = CONFIGURATION_DEFAULTS.chunk_processing.tokenizer;
    return tokenizerLoadId(fallback.Enum);
  }
  return request.tokenizer;
}
