import {
  CONFIG_LIMITS,
  CROP_IMAGES,
  EMBED_SOURCES,
  ERROR_HANDLINGS,
  GENERATION_STRATEGIES,
  MAX_WEBHOOK_URL_LENGTH,
  OCR_STRATEGIES,
  SEGMENTATION_STRATEGIES,
  SEGMENT_FORMATS,
  TOKENIZER_ENUMS,
  TOKENIZER_HUB_IDS,
  isHubTokenizerId,
  segmentTypesOf,
  tokenizerEnumOf,
  type ConfigurableSegmentType,
  type FallbackStrategy,
  type TokenizerConfig,
} from '@folio/workflows/contracts';
import { z } from 'zod';

/*
 * The configuration fields as clients send them, with every compatibility spelling listed in
 * docs/behavior.md#3-create-requests. Parsing only normalizes spellings; `resolve.ts` applies defaults and merges. Unknown fields are
 * stripped (zod's default), and `null` counts as "not given" except where null is a real value.
 * The closed sets, limits and defaults come from the one vocabulary (`@folio/proto/vocabulary`).
 */

const TOKENIZER_HINT = `expected one of ${[...TOKENIZER_ENUMS, ...Object.values(TOKENIZER_HUB_IDS)].join(', ')}, {"Enum": <one of those>}, {"String": "<hub tokenizer id>"} or a hub tokenizer id ("name" or "owner/name": letters, digits, '.', '_', '-', at most 96 each)`;

/** Drops `null` so that it reads as "not given". */
const absentIfNull = (value: unknown): unknown => (value === null ? undefined : value);

function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(absentIfNull, z.enum(values, { error: `expected one of ${values.join(', ')}` }).optional());
}

const bool = z.preprocess(absentIfNull, z.boolean({ error: 'expected true or false' }).optional());

/** A string of at most `max` characters, naming the bound in its message. */
function boundedString(max: number, what = 'a string') {
  return z.string({ error: `expected ${what}` }).max(max, { error: `expected ${what} of at most ${max} characters` });
}

function int(min: number, max: number, what = `an integer from ${min} to ${max}`) {
  const error = `expected ${what}`;
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

const tokenizer = z.unknown().transform((value, ctx): TokenizerConfig | undefined => {
  if (value === null || value === undefined) return undefined;
  const fromString = (text: string): TokenizerConfig | null => {
    const known = tokenizerEnumOf(text);
    if (known) return { Enum: known };
    const id = text.trim();
    return isHubTokenizerId(id) ? { String: id } : null;
  };
  let parsed: TokenizerConfig | null = null;
  if (typeof value === 'string') {
    parsed = fromString(value);
  } else if (typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    if (typeof record.Enum === 'string') {
      const known = tokenizerEnumOf(record.Enum);
      parsed = known ? { Enum: known } : null;
    } else if (typeof record.String === 'string') {
      parsed = fromString(record.String);
    }
  }
  if (parsed === null) ctx.addIssue({ code: 'custom', message: TOKENIZER_HINT });
  return parsed ?? undefined;
});

const fallbackStrategy = z.unknown().transform((value, ctx): FallbackStrategy | undefined => {
  if (value === null || value === undefined) return undefined;
  if (value === 'None' || value === 'Default') return value;
  if (typeof value === 'object' && !Array.isArray(value)) {
    const model = (value as Record<string, unknown>).Model;
    if (typeof model === 'string' && model.length > 0 && model.length <= CONFIG_LIMITS.modelIdChars)
      return { Model: model };
  }
  ctx.addIssue({
    code: 'custom',
    message: `expected "None", "Default" or {"Model": "<model id of at most ${CONFIG_LIMITS.modelIdChars} characters>"}`,
  });
  return undefined;
});

const segmentTypeInput = z.object({
  crop_image: oneOf(CROP_IMAGES),
  format: oneOf(SEGMENT_FORMATS),
  strategy: oneOf(GENERATION_STRATEGIES),
  /** Null clears a custom prompt. */
  llm: boundedString(CONFIG_LIMITS.promptChars, 'a string or null').nullable().optional(),
  embed_sources: z.preprocess(
    absentIfNull,
    z
      .array(z.enum(EMBED_SOURCES, { error: `expected one of ${EMBED_SOURCES.join(', ')}` }), {
        error: `expected an array of ${EMBED_SOURCES.join(', ')}`,
      })
      // Each source at most once is all an embed can use; an array of a million entries would
      // ride in the workflow memo.
      .max(EMBED_SOURCES.length, {
        error: `expected an array of at most ${EMBED_SOURCES.length} of ${EMBED_SOURCES.join(', ')}`,
      })
      .optional(),
  ),
  extended_context: bool,
  description: bool,
  /** Legacy per-format strategies, mapped onto format + strategy. */
  html: oneOf(GENERATION_STRATEGIES),
  markdown: oneOf(GENERATION_STRATEGIES),
});
export type SegmentTypeInput = z.output<typeof segmentTypeInput>;

/**
 * `SectionHeader`, `section_header` and `sectionheader` all name the same type. The current API's
 * finer types are read too; only a configuration that has them (a task created through that API)
 * takes their settings.
 */
const SEGMENT_TYPE_BY_KEY = new Map<string, ConfigurableSegmentType>(
  segmentTypesOf('current').flatMap((type) => [
    [type, type],
    [type.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase(), type],
    [type.toLowerCase(), type],
  ]),
);

const segmentProcessing = z.preprocess(
  absentIfNull,
  z
    .record(z.string(), z.preprocess(absentIfNull, segmentTypeInput.optional()), {
      error: 'expected an object keyed by segment type',
    })
    .transform((record) => {
      const byType: Partial<Record<ConfigurableSegmentType, SegmentTypeInput>> = {};
      for (const [key, value] of Object.entries(record)) {
        const type = SEGMENT_TYPE_BY_KEY.get(key);
        // Unknown segment types are ignored like any unknown field.
        if (type === undefined || value === undefined) continue;
        byType[type] = { ...byType[type], ...value };
      }
      return byType;
    })
    .optional(),
);

const chunkProcessing = z.preprocess(
  absentIfNull,
  z
    .object(
      {
        target_length: z.preprocess(absentIfNull, int(0, CONFIG_LIMITS.targetLength).optional()),
        ignore_headers_and_footers: bool,
        tokenizer: tokenizer.optional(),
      },
      { error: 'expected an object' },
    )
    .optional(),
);

const llmProcessing = z.preprocess(
  absentIfNull,
  z
    .object(
      {
        /** Null means the operator's default model. */
        model_id: boundedString(CONFIG_LIMITS.modelIdChars, 'a string or null')
          .min(1, { error: 'expected a non-empty string' })
          .nullable()
          .optional(),
        fallback_strategy: fallbackStrategy.optional(),
        max_completion_tokens: int(
          1,
          CONFIG_LIMITS.maxCompletionTokens,
          `an integer from 1 to ${CONFIG_LIMITS.maxCompletionTokens} or null`,
        )
          .nullable()
          .optional(),
        temperature: z.preprocess(
          absentIfNull,
          z
            .number({ error: 'expected a number' })
            .min(0, { error: `expected a number from 0 to ${CONFIG_LIMITS.temperature}` })
            .max(CONFIG_LIMITS.temperature, { error: `expected a number from 0 to ${CONFIG_LIMITS.temperature}` })
            .optional(),
        ),
      },
      { error: 'expected an object' },
    )
    .optional(),
);

/** The configuration fields of create and update (every field optional). */
export const configurationInputSchema = z.object({
  ocr_strategy: oneOf(OCR_STRATEGIES),
  segmentation_strategy: oneOf(SEGMENTATION_STRATEGIES),
  high_resolution: bool,
  expires_in: z.preprocess(
    absentIfNull,
    int(
      1,
      CONFIG_LIMITS.expiresInSec,
      `a positive integer (seconds) up to ${CONFIG_LIMITS.expiresInSec} (100 years)`,
    ).optional(),
  ),
  error_handling: oneOf(ERROR_HANDLINGS),
  chunk_processing: chunkProcessing,
  /** Legacy name of `chunk_processing.target_length`. */
  target_chunk_length: z.preprocess(absentIfNull, int(0, CONFIG_LIMITS.targetLength).optional()),
  segment_processing: segmentProcessing,
  llm_processing: llmProcessing,
});
export type ConfigurationInput = z.output<typeof configurationInputSchema>;

/** Longest `file_name` accepted, in characters. */
export const MAX_FILE_NAME_LENGTH = 1024;

/**
 * A create's webhook (docs/webhooks.md), in both APIs: not part of the configuration (an update
 * neither shows nor changes it). The URL's host is checked by the worker's URL guard at each
 * delivery, when its addresses are resolved; here only its form.
 */
export const webhookFields = {
  webhook_url: z.preprocess(
    absentIfNull,
    z
      .string({ error: 'expected an http(s) URL' })
      .max(MAX_WEBHOOK_URL_LENGTH, { error: `expected an http(s) URL of at most ${MAX_WEBHOOK_URL_LENGTH} characters` })
      .refine(isHttpUrl, { error: 'expected an http(s) URL' })
      .optional(),
  ),
  webhook_include_chunks: z.preprocess(absentIfNull, z.boolean({ error: 'expected a boolean' }).optional()),
};

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === ''
  );
}

/** The webhook of a parsed create body, for `TaskService.create`; undefined without a `webhook_url`. */
export function webhookRequestOf(body: {
  webhook_url?: string | undefined;
  webhook_include_chunks?: boolean | undefined;
}): { url: string; includeChunks: boolean } | undefined {
  return body.webhook_url === undefined
    ? undefined
    : { url: body.webhook_url, includeChunks: body.webhook_include_chunks ?? false };
}

/** The JSON body of create: the configuration plus the file. */
export const createTaskBodySchema = configurationInputSchema.extend({
  ...webhookFields,
  file: z.string({ error: 'expected a URL, a data URI or base64 data' }),
  // Bounded: the name travels in the workflow's memo and history, which Temporal caps in size.
  file_name: z.preprocess(
    absentIfNull,
    z
      .string({ error: 'expected a string' })
      .max(MAX_FILE_NAME_LENGTH, { error: `expected a string of at most ${MAX_FILE_NAME_LENGTH} characters` })
      .optional(),
  ),
});
export type CreateTaskBody = z.output<typeof createTaskBodySchema>;

/**
 * One plain-text message for a failed parse, naming the first bad field and what it accepts, e.g.
 * `Invalid value for 'segment_processing.Table.format': expected one of Html, Markdown`.
 */
export function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request body';
  const path = issue.path.map(String).join('.');
  return path.length > 0 ? `Invalid value for '${path}': ${issue.message}` : `Invalid request body: ${issue.message}`;
}
