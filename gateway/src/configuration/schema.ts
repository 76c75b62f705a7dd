import {
  CONFIG_LIMITS,
  CROP_IMAGES,
  EMBED_SOURCES,
  ERROR_HANDLINGS,
  FINE_SEGMENT_TYPES,
  GENERATION_STRATEGIES,
  MAX_WEBHOOK_URL_LENGTH,
  OCR_STRATEGIES,
  SEGMENTATION_STRATEGIES,
  SEGMENT_FORMATS,
  HUB_TOKENIZER_PATTERN,
  SEGMENT_TYPES,
  TOKENIZER_ENUMS,
  TOKENIZER_HUB_IDS,
  defaultSegmentProcessing,
  isHubTokenizerId,
  segmentTypesOf,
  tokenizerEnumOf,
  tokenizerLoadId,
  type ConfigurableSegmentType,
  type TokenizerEnum,
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

/**
 * Drops `null` so that it reads as "not given". Exported so that the OpenAPI generator can tell
 * such fields (`z.preprocess(absentIfNull, ...)`) and document that they accept null.
 */
export const absentIfNull = (value: unknown): unknown => (value === null ? undefined : value);

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

/** How the OpenAPI document names an enum tokenizer: its name, and its hub id where it has one. */
function tokenizerSpellings(name: TokenizerEnum): string {
  const loadId = tokenizerLoadId(name);
  return loadId === name ? `\`${name}\`` : `\`${name}\`/\`${loadId}\``;
}

/** The segment types whose default `field` is `value`, for the documentation (read from the vocabulary's defaults). */
function typesDefaulting(field: 'crop_image' | 'format' | 'strategy', value: string): string {
  const types = segmentTypesOf('current').filter((type) => defaultSegmentProcessing(type)[field] === value);
  return types.length > 1 ? `${types.slice(0, -1).join(', ')} and ${types.at(-1)}` : types.join('');
}

const tokenizer = z
  .unknown()
  .transform((value, ctx): TokenizerConfig | undefined => {
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
  })
  .meta({
    id: 'TokenizerInput',
    // The transform above reads these forms; zod cannot see into it, so they are written out here.
    openapi: {
      description: `An enum value (${TOKENIZER_ENUMS.map(tokenizerSpellings).join(', ')}), \`{"Enum": ...}\`, \`{"String": "<hub id>"}\` or a bare hub tokenizer id.`,
      oneOf: [
        {
          type: 'string',
          pattern: HUB_TOKENIZER_PATTERN,
          description: 'An enum spelling or a hub tokenizer id (`name` or `owner/name`).',
        },
        {
          type: 'object',
          required: ['Enum'],
          properties: { Enum: { type: 'string', enum: [...TOKENIZER_ENUMS, ...Object.values(TOKENIZER_HUB_IDS)] } },
        },
        {
          type: 'object',
          required: ['String'],
          properties: { String: { type: 'string', pattern: HUB_TOKENIZER_PATTERN } },
        },
        { type: 'null' },
      ],
    },
  });

const fallbackStrategy = z
  .unknown()
  .transform((value, ctx): FallbackStrategy | undefined => {
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
  })
  .meta({
    id: 'FallbackStrategy',
    openapi: {
      description: '`None`: no fallback. `Default`: the operator fallback model. `{"Model": id}`: that model.',
      oneOf: [
        { type: 'string', enum: ['None', 'Default'] },
        {
          type: 'object',
          required: ['Model'],
          properties: { Model: { type: 'string', minLength: 1, maxLength: CONFIG_LIMITS.modelIdChars } },
        },
        { type: 'null' },
      ],
    },
  });

const segmentTypeInput = z
  .object({
    crop_image: oneOf(CROP_IMAGES).meta({
      description: `\`Auto\`: crop only when post-processing needs it. \`All\`: always crop. Default \`All\` for ${typesDefaulting('crop_image', 'All')}, else \`Auto\`.`,
    }),
    format: oneOf(SEGMENT_FORMATS).meta({
      description: `Format of \`content\`. Default \`Html\` for ${typesDefaulting('format', 'Html')}, else \`Markdown\`.`,
    }),
    strategy: oneOf(GENERATION_STRATEGIES).meta({
      description: `\`Auto\`: heuristics. \`LLM\`: language model. \`Ignore\`: drop the type from the output. Default \`LLM\` for ${typesDefaulting('strategy', 'LLM')}, else \`Auto\`.`,
    }),
    /** Null clears a custom prompt. */
    llm: boundedString(CONFIG_LIMITS.promptChars, 'a string or null')
      .nullable()
      .optional()
      .meta({ description: 'Custom prompt; its answer goes to the segment `llm` field. Null clears it.' }),
    embed_sources: z
      .preprocess(
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
      )
      .meta({ description: 'The sources of the chunk embed text, each at most once. Default `["Content"]`.' }),
    extended_context: bool.meta({
      description: 'Send the whole page image as context to the language model. Default false.',
    }),
    description: bool.meta({ description: 'Ask the language model for a description (legacy). Default false.' }),
    /** Legacy per-format strategies, mapped onto format + strategy. */
    html: oneOf(GENERATION_STRATEGIES).meta({
      description: 'Deprecated: use `format: Html` with `strategy`.',
      deprecated: true,
    }),
    markdown: oneOf(GENERATION_STRATEGIES).meta({
      description: 'Deprecated: use `format: Markdown` with `strategy`.',
      deprecated: true,
    }),
  })
  .meta({
    id: 'GenerationConfigInput',
    description:
      'Processing of one segment type. Fields not given keep their default (create) or current value (update).',
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
    .meta({
      id: 'SegmentProcessingInput',
      description: `Keyed by segment type (${SEGMENT_TYPES.join(', ')}; on tasks created through the current API also ${FINE_SEGMENT_TYPES.join(', ')}), PascalCase or snake_case; unknown keys are ignored.`,
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
        target_length: z
          .preprocess(absentIfNull, int(0, CONFIG_LIMITS.targetLength).optional())
          .meta({ description: 'Target tokens per chunk; 0 puts each segment in its own chunk.' }),
        ignore_headers_and_footers: bool.meta({ description: 'Leave page headers and footers out of chunks.' }),
        tokenizer: tokenizer.optional(),
      },
      { error: 'expected an object' },
    )
    .meta({ id: 'ChunkProcessingInput' })
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
          .optional()
          .meta({ description: 'Model id from GET /api/v1/llm/models; null for the default model.' }),
        fallback_strategy: fallbackStrategy.optional(),
        max_completion_tokens: int(
          1,
          CONFIG_LIMITS.maxCompletionTokens,
          `an integer from 1 to ${CONFIG_LIMITS.maxCompletionTokens} or null`,
        )
          .nullable()
          .optional()
          .meta({ description: 'Maximum generated tokens; null for the model default.' }),
        temperature: z
          .preprocess(
            absentIfNull,
            z
              .number({ error: 'expected a number' })
              .min(0, { error: `expected a number from 0 to ${CONFIG_LIMITS.temperature}` })
              .max(CONFIG_LIMITS.temperature, { error: `expected a number from 0 to ${CONFIG_LIMITS.temperature}` })
              .optional(),
          )
          .meta({ description: 'Generation temperature.' }),
      },
      { error: 'expected an object' },
    )
    .meta({ id: 'LlmProcessingInput' })
    .optional(),
);

/** The configuration fields of create and update (every field optional). */
const configurationInputFields = {
  ocr_strategy: oneOf(OCR_STRATEGIES).meta({
    description: '`All`: OCR every page. `Auto`: OCR only pages without a usable text layer.',
  }),
  segmentation_strategy: oneOf(SEGMENTATION_STRATEGIES).meta({
    description: '`LayoutAnalysis`: detect layout elements. `Page`: each page is one segment.',
  }),
  high_resolution: bool.meta({ description: 'Render high-resolution page images.' }),
  expires_in: z
    .preprocess(
      absentIfNull,
      int(
        1,
        CONFIG_LIMITS.expiresInSec,
        `a positive integer (seconds) up to ${CONFIG_LIMITS.expiresInSec} (100 years)`,
      ).optional(),
    )
    .meta({
      description: 'Seconds after finishing until the task is deleted; default: the operator setting, else never.',
    }),
  error_handling: oneOf(ERROR_HANDLINGS).meta({
    description: '`Fail`: any error fails the task. `Continue`: go on after non-critical errors.',
  }),
  chunk_processing: chunkProcessing,
  /** Legacy name of `chunk_processing.target_length`. */
  target_chunk_length: z
    .preprocess(absentIfNull, int(0, CONFIG_LIMITS.targetLength).optional())
    .meta({ description: 'Deprecated: `chunk_processing.target_length`.', deprecated: true }),
  segment_processing: segmentProcessing,
  llm_processing: llmProcessing,
};
export const configurationInputSchema = z
  .object(configurationInputFields)
  .meta({ id: 'ConfigurationInput', description: 'Unknown fields are ignored.' });
export type ConfigurationInput = z.output<typeof configurationInputSchema>;

/** Longest `file_name` accepted, in characters. */
export const MAX_FILE_NAME_LENGTH = 1024;

/**
 * A create's webhook (docs/webhooks.md), in both APIs: not part of the configuration (an update
 * neither shows nor changes it). The URL's host is checked by the worker's URL guard at each
 * delivery, when its addresses are resolved; here only its form.
 */
export const webhookFields = {
  webhook_url: z
    .preprocess(
      absentIfNull,
      z
        .string({ error: 'expected an http(s) URL' })
        .max(MAX_WEBHOOK_URL_LENGTH, {
          error: `expected an http(s) URL of at most ${MAX_WEBHOOK_URL_LENGTH} characters`,
        })
        .refine(isHttpUrl, { error: 'expected an http(s) URL' })
        .meta({ format: 'uri' })
        .optional(),
    )
    .meta({
      description:
        'http(s) URL that receives the task (JSON, signed as Standard Webhooks specify: `webhook-id`, `webhook-timestamp`, `webhook-signature`) each time a run ends: Succeeded, Failed or Cancelled. Retried with backoff for about 4.5 minutes; private and loopback hosts are refused unless the operator lists them. See docs/webhooks.md.',
    }),
  webhook_include_chunks: z
    .preprocess(absentIfNull, z.boolean({ error: 'expected a boolean' }).optional())
    .meta({ description: 'Post the chunks too (default false: `output.chunks` is `[]`).' }),
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
export const createTaskBodySchema = z
  .object({
    ...configurationInputFields,
    ...webhookFields,
    file: z.string({ error: 'expected a URL, a data URI or base64 data' }).meta({
      description: 'An http(s) URL (fetched by the service), a data URI `data:<mime>;base64,<data>` or bare base64.',
    }),
    // Bounded: the name travels in the workflow's memo and history, which Temporal caps in size.
    file_name: z
      .preprocess(
        absentIfNull,
        z
          .string({ error: 'expected a string' })
          .max(MAX_FILE_NAME_LENGTH, { error: `expected a string of at most ${MAX_FILE_NAME_LENGTH} characters` })
          .optional(),
      )
      .meta({ description: 'Name of the file; default: from the URL path, else `<task_id>.<ext>`.' }),
  })
  .meta({ id: 'CreateTaskRequest', description: 'Unknown fields are ignored.' });
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
