import type { SegmentTypeConfig } from '@folio/proto/chunk/v1';
import {
  isFineSegmentType,
  isSegmentType,
  SEGMENT_TYPES,
  type FineSegmentType,
  type SegmentType,
} from '@folio/proto/segment-types';

export type Format = 'Html' | 'Markdown';
export type Strategy = 'Auto' | 'LLM' | 'Ignore';
export type EmbedSource = 'Content' | 'LLM' | 'HTML' | 'Markdown';

/** A segment type's processing, narrowed from the wire strings. */
export interface TypeConfig {
  format: Format;
  strategy: Strategy;
  embedSources: EmbedSource[];
}

/**
 * Narrows a stored type name. The layout stage only emits the 12 names; anything else (an older
 * document, a model with extra classes) is shown as `Text` so the output never has a 13th type.
 */
export function toSegmentType(value: string): SegmentType {
  return isSegmentType(value) ? value : 'Text';
}

/** The API defaults (docs/behavior.md#4-defaults), used for any type the request left out. */
function defaultConfig(type: SegmentType): TypeConfig {
  return { format: type === 'Table' ? 'Html' : 'Markdown', strategy: 'Auto', embedSources: ['Content'] };
}

function toFormat(value: string): Format {
  return value.toLowerCase() === 'html' ? 'Html' : 'Markdown';
}

function toStrategy(value: string): Strategy {
  const lower = value.toLowerCase();
  if (lower === 'llm') return 'LLM';
  if (lower === 'ignore') return 'Ignore';
  return 'Auto';
}

const embedSourceByLower: Record<string, EmbedSource> = {
  content: 'Content',
  llm: 'LLM',
  html: 'HTML',
  markdown: 'Markdown',
};

/** Every type's config: the 12 always, a finer type's only when the request names it. */
export type TypeConfigs = Record<SegmentType, TypeConfig> & Partial<Record<FineSegmentType, TypeConfig>>;

/**
 * Resolves the request's per-type configs into a complete table. Wire values are matched
 * case-insensitively; unknown embed sources are dropped rather than failing a finished pipeline.
 */
export function resolveTypeConfigs(configs: readonly SegmentTypeConfig[]): TypeConfigs {
  const table: TypeConfigs = Object.fromEntries(SEGMENT_TYPES.map((type) => [type, defaultConfig(type)])) as Record<
    SegmentType,
    TypeConfig
  >; // filled for all 12 keys just above
  for (const config of configs) {
    if (!isSegmentType(config.segmentType) && !isFineSegmentType(config.segmentType)) continue;
    const embedSources = config.embedSources
      .map((source) => embedSourceByLower[source.toLowerCase()])
      .filter((source): source is EmbedSource => source !== undefined);
    table[config.segmentType] = {
      format: toFormat(config.format),
      strategy: toStrategy(config.strategy),
      embedSources: embedSources.length > 0 ? embedSources : ['Content'],
    };
  }
  return table;
}

/**
 * A segment's config: its finer type's when the request has one (a current-API task that set
 * `PageNumber` apart), else its v1 type's.
 */
export function typeConfigOf(configs: TypeConfigs, type: SegmentType, fineType: string | undefined): TypeConfig {
  return (fineType !== undefined && isFineSegmentType(fineType) ? configs[fineType] : undefined) ?? configs[type];
}
