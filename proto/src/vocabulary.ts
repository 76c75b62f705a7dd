// The processing vocabulary of a task, once: the closed sets of the configuration (segment types,
// strategies, formats, tokenizers), their defaults, the bounds of the numeric fields, and what the
// sets mean to the pipeline (which types need a crop, which go to the language model, what
// `Ignore` means). The gateway validates against it, the workflow plans with it and the stages
// read it; `vocabulary-codec.ts` maps the names onto the proto enums of `common.proto`.
// No imports but the segment-type list, so Temporal's workflow bundle can load it.

import { FINE_SEGMENT_TYPES, SEGMENT_TYPES, type FineSegmentType, type SegmentType } from './segment-types.js';

export {
  FINE_SEGMENT_TYPES,
  SEGMENT_TYPES,
  isFineSegmentType,
  isSegmentType,
  type FineSegmentType,
  type SegmentType,
} from './segment-types.js';

/** A segment type a configuration can set: one of v1's 12 or one of the current API's finer types. */
export type ConfigurableSegmentType = SegmentType | FineSegmentType;

/**
 * Which API's segment types a task's configuration holds: v1's 12, or the current API's, which
 * adds the finer types (PageNumber, LineNumber, FormRegion, GraphicalItem, Legend, Unknown).
 */
export type Taxonomy = 'v1' | 'current';

/** The segment types a configuration of `taxonomy` holds, in the API's order. */
export function segmentTypesOf(taxonomy: Taxonomy): readonly ConfigurableSegmentType[] {
  return taxonomy === 'current' ? [...SEGMENT_TYPES, ...FINE_SEGMENT_TYPES] : SEGMENT_TYPES;
}

/** `ocr_strategy`: OCR every page, or keep a good text layer and OCR only where it is missing or poor. */
export const OCR_STRATEGIES = ['All', 'Auto'] as const;
export type OcrStrategy = (typeof OCR_STRATEGIES)[number];

/** `segmentation_strategy`: detected layout elements, or one Page segment per page. */
export const SEGMENTATION_STRATEGIES = ['LayoutAnalysis', 'Page'] as const;
export type SegmentationStrategy = (typeof SEGMENTATION_STRATEGIES)[number];

/** `error_handling`: any error fails the task, or non-critical steps (the model) may fail. */
export const ERROR_HANDLINGS = ['Fail', 'Continue'] as const;
export type ErrorHandling = (typeof ERROR_HANDLINGS)[number];

/** `segment_processing.<type>.format`: the form of a segment's `content`. */
export const SEGMENT_FORMATS = ['Html', 'Markdown'] as const;
export type SegmentFormat = (typeof SEGMENT_FORMATS)[number];

/** `segment_processing.<type>.strategy`: built from words and layout, written by the model, or left out. */
export const GENERATION_STRATEGIES = ['Auto', 'LLM', 'Ignore'] as const;
export type GenerationStrategy = (typeof GENERATION_STRATEGIES)[number];

/** `segment_processing.<type>.crop_image`: crop when a later step needs it, or always. */
export const CROP_IMAGES = ['Auto', 'All'] as const;
export type CropImage = (typeof CROP_IMAGES)[number];

/** `segment_processing.<type>.embed_sources`: what a segment's embed text is made of, in order. */
export const EMBED_SOURCES = ['Content', 'LLM', 'HTML', 'Markdown'] as const;
export type EmbedSource = (typeof EMBED_SOURCES)[number];

/** `chunk_processing.tokenizer` as an enum; any other hub tokenizer is named by its id. */
export const TOKENIZER_ENUMS = ['Word', 'Cl100kBase', 'XlmRobertaBase', 'BertBaseUncased'] as const;
export type TokenizerEnum = (typeof TOKENIZER_ENUMS)[number];

/**
 * The hub id of each enum tokenizer read from a `tokenizer.json` (the chunk stage's
 * `models/tokenizers/<id>/`); `Word` and `Cl100kBase` are built in.
 */
export const TOKENIZER_HUB_IDS = {
  XlmRobertaBase: 'xlm-roberta-base',
  BertBaseUncased: 'bert-base-uncased',
} as const satisfies Partial<Record<TokenizerEnum, string>>;

/**
 * The id the chunk stage loads a named tokenizer by: `Word` and `Cl100kBase` are built in, the
 * others are the hub ids their `tokenizer.json` is installed under.
 */
export function tokenizerLoadId(name: TokenizerEnum): string {
  return name === 'XlmRobertaBase' || name === 'BertBaseUncased' ? TOKENIZER_HUB_IDS[name] : name;
}

/** The tokenizer as the API returns it: a known enum value, or any hub tokenizer id. */
export type TokenizerConfig = { Enum: TokenizerEnum } | { String: string };

/** `llm_processing.fallback_strategy`: `None`, `Default`, or a named model. */
export type FallbackStrategy = 'None' | 'Default' | { Model: string };

/** Whether `value` is one of `values` (exact spelling). */
export function isOneOf<const T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

/**
 * The enum a tokenizer spelling names: an enum name (`BertBaseUncased`) or the hub id of one
 * (`bert-base-uncased`, the spec's spelling); undefined for anything else.
 */
export function tokenizerEnumOf(spelling: string): TokenizerEnum | undefined {
  if (isOneOf(TOKENIZER_ENUMS, spelling)) return spelling;
  const byHubId = Object.entries(TOKENIZER_HUB_IDS).find(([, hubId]) => hubId === spelling);
  return byHubId?.[0] as TokenizerEnum | undefined; // keys of TOKENIZER_HUB_IDS are TokenizerEnum values
}

/**
 * A Hugging Face hub tokenizer id, `name` or `owner/name`: each part starts with a letter or digit
 * (so `.` and `..` cannot pass) and has at most 96 characters. The gateway refuses other ids with a
 * 400; the chunk stage checks again before it builds a path from one.
 */
export const HUB_TOKENIZER_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]{0,95}(?:/[A-Za-z0-9][A-Za-z0-9._-]{0,95})?$';
const hubTokenizerId = new RegExp(HUB_TOKENIZER_PATTERN);

/** Whether `id` has the form of a hub tokenizer id (see HUB_TOKENIZER_PATTERN). */
export function isHubTokenizerId(id: string): boolean {
  return hubTokenizerId.test(id);
}

/**
 * Upper bounds of the numeric and text fields of a configuration, enforced by the gateway's
 * schema (a 400 at the edge) and, where a stage also takes the value, by the stage. Beyond them a
 * value used to pass the gateway and break later (`expires_in: 1e13` made the expiry an invalid
 * date, and the task stayed Processing for ever: issue 17).
 */
export const CONFIG_LIMITS = {
  /** 100 years in seconds: the expiry stays a valid date and a Temporal timer (int64 ns, ~292 years). */
  expiresInSec: 3_153_600_000,
  /** `uint32` in chunk.proto. */
  targetLength: 4_294_967_295,
  /** `uint32` in llm.proto. */
  maxCompletionTokens: 4_294_967_295,
  /** OpenAI-compatible providers accept 0 to 2; the LLM stage refuses anything else. */
  temperature: 2,
  /**
   * Characters of one custom prompt (`segment_processing.<type>.llm`). The configuration rides in
   * the workflow memo, rewritten whole at every progress step: 12 prompts at this bound stay under
   * 100 KB, far from Temporal's 2 MB payload limit and its history budget.
   */
  promptChars: 2000,
  /** Characters of a model id (`model_id`, `fallback_strategy.Model`); operators' ids are short names. */
  modelIdChars: 256,
} as const;

/** The processing of one segment type, in the API's field names. */
export interface SegmentTypeProcessing {
  crop_image: CropImage;
  format: SegmentFormat;
  strategy: GenerationStrategy;
  /** Custom prompt (legacy); its answer goes to the segment's `llm` field. */
  llm: string | null;
  embed_sources: EmbedSource[];
  extended_context: boolean;
  /** Ask the language model for a description of the segment (legacy). */
  description: boolean;
}

/** The configuration defaults that are not operator settings (docs/behavior.md#4-defaults). */
export const CONFIGURATION_DEFAULTS = {
  ocr_strategy: 'All',
  segmentation_strategy: 'LayoutAnalysis',
  high_resolution: true,
  error_handling: 'Fail',
  chunk_processing: { target_length: 512, ignore_headers_and_footers: true, tokenizer: { Enum: 'Word' } },
  llm_processing: { fallback_strategy: 'Default', max_completion_tokens: null, temperature: 0 },
} as const satisfies {
  ocr_strategy: OcrStrategy;
  segmentation_strategy: SegmentationStrategy;
  high_resolution: boolean;
  error_handling: ErrorHandling;
  chunk_processing: { target_length: number; ignore_headers_and_footers: boolean; tokenizer: TokenizerConfig };
  llm_processing: { fallback_strategy: FallbackStrategy; max_completion_tokens: number | null; temperature: number };
};

/** Types whose content is HTML unless set otherwise; the rest default to Markdown. */
const HTML_BY_DEFAULT: ReadonlySet<ConfigurableSegmentType> = new Set<ConfigurableSegmentType>(['Table']);
/** Types the language model writes unless set otherwise (its answer; Auto content until then). */
const LLM_BY_DEFAULT: ReadonlySet<ConfigurableSegmentType> = new Set<ConfigurableSegmentType>([
  'Table',
  'Formula',
  'Page',
]);
/**
 * The types whose segments are images (a picture or chart, a logo, an icon, a stamp): cropped
 * always unless set otherwise, and described for a reader who cannot see them. The finer types take
 * the defaults of the v1 type they refine: a GraphicalItem is a small Picture, the others are text.
 */
export const VISUAL_SEGMENT_TYPES = ['Picture', 'GraphicalItem'] as const satisfies readonly ConfigurableSegmentType[];
const visualTypeSet: ReadonlySet<string> = new Set(VISUAL_SEGMENT_TYPES);

/** Whether segments of the type (a v1 or finer type name) are images. */
export function isVisualSegmentType(type: string): boolean {
  return visualTypeSet.has(type);
}

/** The defaults of one segment type (docs/behavior.md#4-defaults); a fresh object each call. */
export function defaultSegmentProcessing(type: ConfigurableSegmentType): SegmentTypeProcessing {
  return {
    crop_image: isVisualSegmentType(type) ? 'All' : 'Auto',
    format: HTML_BY_DEFAULT.has(type) ? 'Html' : 'Markdown',
    strategy: LLM_BY_DEFAULT.has(type) ? 'LLM' : 'Auto',
    llm: null,
    embed_sources: ['Content'],
    extended_context: false,
    description: false,
  };
}

/**
 * Processing per segment type: the 12 v1 types always; the current API's finer types only on
 * tasks created through it. A segment with a finer type follows that type's entry when there is
 * one, else its v1 type's.
 */
export type SegmentProcessingTable = Record<SegmentType, SegmentTypeProcessing> &
  Partial<Record<FineSegmentType, SegmentTypeProcessing>>;

/** The defaults of every segment type of `taxonomy`. */
export function defaultSegmentProcessingTable(taxonomy: Taxonomy = 'v1'): SegmentProcessingTable {
  return Object.fromEntries(
    segmentTypesOf(taxonomy).map((type) => [type, defaultSegmentProcessing(type)]),
  ) as SegmentProcessingTable; // fromEntries over all 12 types (and the finer ones) builds the full record
}

/** The fields of a segment type's processing that decide which steps it takes. */
export type StepSettings = Pick<SegmentTypeProcessing, 'strategy' | 'crop_image' | 'llm' | 'description'>;

/**
 * Whether segments of the type go to the language model: the LLM strategy, a custom prompt or a
 * description. `Ignore` wins over all three: an ignored segment takes no step at all.
 */
export function needsLanguageModel(processing: StepSettings): boolean {
  if (processing.strategy === 'Ignore') return false;
  return processing.strategy === 'LLM' || processing.llm !== null || processing.description;
}

/** Whether segments of the type are cropped: `crop_image` All, or an image for the model. Never when ignored. */
export function needsCrop(processing: StepSettings): boolean {
  if (processing.strategy === 'Ignore') return false;
  return processing.crop_image === 'All' || needsLanguageModel(processing);
}
