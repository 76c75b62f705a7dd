import type { SegmentTypeConfig } from '@folio/proto/chunk/v1';
import { isSegmentType, SEGMENT_TYPES, type SegmentType } from '@folio/proto/segment-types';

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

/**
 * Resolves the request's per-type configs into a complete table. Wire values are matched
 * case-insensitively; unknown embed sources are dropped rather than failing a finished pipeline.
 */
export function resolveTypeConfigs(configs: readonly SegmentTypeConfig[]): Record<SegmentType, TypeConfig> {
  const table = Object.fromEntries(SEGMENT_TYPES.map((type) => [type, defaultConfig(type)])) as Record<
    SegmentType,
    TypeConfig
  >; // filled for all 12 keys just above
  for (const config of configs) {
    if (!isSegmentType(config.segmentType)) continue;
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
