import { FINE_SEGMENT_TYPES, SEGMENT_TYPES, defaultTaskConfiguration } from '@folio/workflows/contracts';
import { describe, expect, it } from 'vitest';
import { applyConfigurationInput, isSameConfiguration, resolveConfiguration, unknownModelMessage } from './resolve.js';
import { configurationInputSchema, createTaskBodySchema, describeIssues } from './schema.js';

const defaults = { expiresIn: null, defaultModelId: null };

function parse(input: unknown) {
  return configurationInputSchema.parse(input);
}

function errorOf(input: unknown): string {
  const result = configurationInputSchema.safeParse(input);
  if (result.success) throw new Error('expected a parse failure');
  return describeIssues(result.error);
}

describe('resolveConfiguration defaults', () => {
  it('holds the finer types only on a current-API task, each with the defaults of the v1 type it refines', () => {
    expect(Object.keys(resolveConfiguration(parse({}), defaults, 'v1').segment_processing)).not.toContain('PageNumber');
    const sp = resolveConfiguration(parse({}), defaults, 'current').segment_processing;
    expect(Object.keys(sp).sort()).toEqual([...SEGMENT_TYPES, ...FINE_SEGMENT_TYPES].sort());
    // A GraphicalItem is a small Picture: cropped always. The text-like finer types are not.
    expect(sp.GraphicalItem?.crop_image).toBe('All');
    expect(sp.PageNumber).toEqual(sp.PageHeader);
    expect(sp.Legend?.crop_image).toBe('Auto');
  });

  it('fills every field with the documented defaults (docs/behavior.md#4-defaults)', () => {
    const config = resolveConfiguration(parse({}), defaults);
    expect(config.ocr_strategy).toBe('All');
    expect(config.segmentation_strategy).toBe('LayoutAnalysis');
    expect(config.high_resolution).toBe(true);
    expect(config.error_handling).toBe('Fail');
    expect(config.expires_in).toBeNull();
    expect(config.chunk_processing).toEqual({
      target_length: 512,
      ignore_headers_and_footers: true,
      tokenizer: { Enum: 'Word' },
    });
    expect(config.llm_processing).toEqual({
      model_id: null,
      fallback_strategy: 'Default',
      max_completion_tokens: null,
      temperature: 0,
    });
    expect(Object.keys(config.segment_processing).sort()).toEqual([...SEGMENT_TYPES].sort());
  });

  it('uses per-type defaults: Table Html/LLM, Formula and Page LLM, Picture crops All', () => {
    const sp = resolveConfiguration(parse({}), defaults).segment_processing;
    expect(sp.Table).toMatchObject({ format: 'Html', strategy: 'LLM', crop_image: 'Auto' });
    expect(sp.Formula).toMatchObject({ format: 'Markdown', strategy: 'LLM' });
    expect(sp.Page).toMatchObject({ format: 'Markdown', strategy: 'LLM' });
    expect(sp.Picture).toMatchObject({ format: 'Markdown', strategy: 'Auto', crop_image: 'All' });
    expect(sp.Text).toEqual({
      crop_image: 'Auto',
      format: 'Markdown',
      strategy: 'Auto',
      llm: null,
      embed_sources: ['Content'],
      extended_context: false,
      description: false,
    });
  });

  it('takes the operator defaults for expires_in and the model', () => {
    const config = resolveConfiguration(parse({}), { expiresIn: 3600, defaultModelId: 'model-a' });
    expect(config.expires_in).toBe(3600);
    expect(config.llm_processing.model_id).toBe('model-a');
    expect(resolveConfiguration(parse({ expires_in: 60 }), { expiresIn: 3600, defaultModelId: null }).expires_in).toBe(
      60,
    );
  });
});

describe('compatibility spellings', () => {
  it('accepts segment_processing keys in PascalCase and snake_case', () => {
    const config = resolveConfiguration(
      parse({
        segment_processing: {
          section_header: { format: 'Html' },
          ListItem: { strategy: 'LLM' },
          page_footer: { strategy: 'Ignore' },
        },
      }),
      defaults,
    );
    expect(config.segment_processing.SectionHeader.format).toBe('Html');
    expect(config.segment_processing.ListItem.strategy).toBe('LLM');
    expect(config.segment_processing.PageFooter.strategy).toBe('Ignore');
  });

  it('ignores unknown fields and unknown segment types', () => {
    const config = resolveConfiguration(
      parse({ pipeline: 'Azure', whatever: 1, segment_processing: { Chart: { format: 'Html' } } }),
      defaults,
    );
    expect(config).toEqual(defaultTaskConfiguration(defaults));
  });

  it.each([
    ['Word', { Enum: 'Word' }],
    ['Cl100kBase', { Enum: 'Cl100kBase' }],
    ['XlmRobertaBase', { Enum: 'XlmRobertaBase' }],
    ['BertBaseUncased', { Enum: 'BertBaseUncased' }],
    ['xlm-roberta-base', { Enum: 'XlmRobertaBase' }],
    ['bert-base-uncased', { Enum: 'BertBaseUncased' }],
    [{ Enum: 'Cl100kBase' }, { Enum: 'Cl100kBase' }],
    [{ Enum: 'bert-base-uncased' }, { Enum: 'BertBaseUncased' }],
    [{ String: 'Qwen/Qwen2-7B' }, { String: 'Qwen/Qwen2-7B' }],
    ['Qwen/Qwen2-7B', { String: 'Qwen/Qwen2-7B' }],
  ])('reads tokenizer %j as %j', (tokenizer, expected) => {
    expect(
      resolveConfiguration(parse({ chunk_processing: { tokenizer } }), defaults).chunk_processing.tokenizer,
    ).toEqual(expected);
  });

  it.each([
    ['None', 'None'],
    ['Default', 'Default'],
    [{ Model: 'model-b' }, { Model: 'model-b' }],
  ])('reads fallback_strategy %j', (fallback, expected) => {
    expect(
      resolveConfiguration(parse({ llm_processing: { fallback_strategy: fallback } }), defaults).llm_processing
        .fallback_strategy,
    ).toEqual(expected);
  });

  it('maps target_chunk_length onto chunk_processing.target_length, the nested field winning', () => {
    expect(resolveConfiguration(parse({ target_chunk_length: 100 }), defaults).chunk_processing.target_length).toBe(
      100,
    );
    expect(
      resolveConfiguration(parse({ target_chunk_length: 100, chunk_processing: { target_length: 7 } }), defaults)
        .chunk_processing.target_length,
    ).toBe(7);
  });

  it('maps the legacy html/markdown strategies onto format and strategy', () => {
    const sp = resolveConfiguration(
      parse({
        segment_processing: {
          Text: { html: 'LLM', markdown: 'Auto' },
          Title: { markdown: 'LLM' },
          Caption: { html: 'Ignore', markdown: 'Ignore' },
          Footnote: { html: 'LLM', format: 'Markdown' },
        },
      }),
      defaults,
    ).segment_processing;
    expect(sp.Text).toMatchObject({ format: 'Html', strategy: 'LLM' });
    expect(sp.Title).toMatchObject({ format: 'Markdown', strategy: 'LLM' });
    expect(sp.Caption.strategy).toBe('Ignore');
    // Explicit fields win over legacy ones.
    expect(sp.Footnote).toMatchObject({ format: 'Markdown', strategy: 'LLM' });
  });

  it('accepts description, llm prompts and every embed source', () => {
    const sp = resolveConfiguration(
      parse({
        segment_processing: {
          Picture: { description: true, llm: 'Describe', embed_sources: ['Markdown', 'LLM', 'HTML', 'Content'] },
        },
      }),
      defaults,
    ).segment_processing;
    expect(sp.Picture).toMatchObject({
      description: true,
      llm: 'Describe',
      embed_sources: ['Markdown', 'LLM', 'HTML', 'Content'],
      crop_image: 'All',
    });
  });

  it('reads null as "not given" for plain fields', () => {
    expect(
      resolveConfiguration(parse({ ocr_strategy: null, chunk_processing: null, high_resolution: null }), defaults),
    ).toEqual(defaultTaskConfiguration(defaults));
  });

  it('parses what the reference Python client sends', () => {
    const body = {
      file: 'JVBERi0=',
      file_name: 'a.pdf',
      chunk_processing: { target_length: 1024, tokenizer: { Enum: 'Cl100kBase' } },
      segment_processing: { table: { format: 'Html', strategy: 'LLM', crop_image: 'All', embed_sources: ['Content'] } },
      llm_processing: { fallback_strategy: 'Default', temperature: 0.0 },
      ocr_strategy: 'Auto',
      high_resolution: false,
      expires_in: 60,
      error_handling: 'Continue',
      segmentation_strategy: 'Page',
    };
    const parsed = createTaskBodySchema.parse(body);
    const config = resolveConfiguration(parsed, defaults);
    expect(config).toMatchObject({
      ocr_strategy: 'Auto',
      segmentation_strategy: 'Page',
      high_resolution: false,
      expires_in: 60,
      error_handling: 'Continue',
      chunk_processing: { target_length: 1024, tokenizer: { Enum: 'Cl100kBase' } },
    });
    expect(config.segment_processing.Table.crop_image).toBe('All');
  });
});

describe('validation messages', () => {
  it.each([
    [{ ocr_strategy: 'Some' }, "Invalid value for 'ocr_strategy': expected one of All, Auto"],
    [{ segmentation_strategy: 1 }, "Invalid value for 'segmentation_strategy': expected one of LayoutAnalysis, Page"],
    [{ error_handling: 'Stop' }, "Invalid value for 'error_handling': expected one of Fail, Continue"],
    [{ high_resolution: 'yes' }, "Invalid value for 'high_resolution': expected true or false"],
    [
      { expires_in: -1 },
      "Invalid value for 'expires_in': expected a positive integer (seconds) up to 3153600000 (100 years)",
    ],
    // Past what the workflow can hold (an invalid expiry date, a uint32 in the stage contracts): a 400, not a stuck task.
    [
      { expires_in: 1e13 },
      "Invalid value for 'expires_in': expected a positive integer (seconds) up to 3153600000 (100 years)",
    ],
    [
      { chunk_processing: { target_length: 1.5 } },
      "Invalid value for 'chunk_processing.target_length': expected an integer from 0 to 4294967295",
    ],
    [
      { chunk_processing: { target_length: 2 ** 32 } },
      "Invalid value for 'chunk_processing.target_length': expected an integer from 0 to 4294967295",
    ],
    [
      { target_chunk_length: 1e20 },
      "Invalid value for 'target_chunk_length': expected an integer from 0 to 4294967295",
    ],
    [
      { llm_processing: { max_completion_tokens: 2 ** 32 } },
      "Invalid value for 'llm_processing.max_completion_tokens': expected an integer from 1 to 4294967295 or null",
    ],
    [
      { llm_processing: { temperature: 1e308 } },
      "Invalid value for 'llm_processing.temperature': expected a number from 0 to 2",
    ],
    [
      { segment_processing: { Table: { format: 'Pdf' } } },
      "Invalid value for 'segment_processing.Table.format': expected one of Html, Markdown",
    ],
    [
      { segment_processing: { Table: { strategy: 'Magic' } } },
      "Invalid value for 'segment_processing.Table.strategy': expected one of Auto, LLM, Ignore",
    ],
    [
      { segment_processing: { Table: { crop_image: 'Some' } } },
      "Invalid value for 'segment_processing.Table.crop_image': expected one of Auto, All",
    ],
    [
      { segment_processing: { Text: { embed_sources: ['Everything'] } } },
      "Invalid value for 'segment_processing.Text.embed_sources.0': expected one of Content, LLM, HTML, Markdown",
    ],
    [{ llm_processing: { temperature: 'hot' } }, "Invalid value for 'llm_processing.temperature': expected a number"],
    [
      { llm_processing: { fallback_strategy: 'Sometimes' } },
      `Invalid value for 'llm_processing.fallback_strategy': expected "None", "Default" or {"Model": "<model id of at most 256 characters>"}`,
    ],
    // Extreme and malformed values of every numeric field (issue 17): a 400 naming the field, never a
    // value the workflow, its memo or a stage contract cannot hold.
    [
      { expires_in: 0 },
      "Invalid value for 'expires_in': expected a positive integer (seconds) up to 3153600000 (100 years)",
    ],
    [
      { expires_in: 3153600001 },
      "Invalid value for 'expires_in': expected a positive integer (seconds) up to 3153600000 (100 years)",
    ],
    [
      { expires_in: 1.5 },
      "Invalid value for 'expires_in': expected a positive integer (seconds) up to 3153600000 (100 years)",
    ],
    [
      { expires_in: '3600' },
      "Invalid value for 'expires_in': expected a positive integer (seconds) up to 3153600000 (100 years)",
    ],
    [
      { expires_in: Infinity },
      "Invalid value for 'expires_in': expected a positive integer (seconds) up to 3153600000 (100 years)",
    ],
    [
      { expires_in: Number.NaN },
      "Invalid value for 'expires_in': expected a positive integer (seconds) up to 3153600000 (100 years)",
    ],
    [
      { expires_in: [3600] },
      "Invalid value for 'expires_in': expected a positive integer (seconds) up to 3153600000 (100 years)",
    ],
    [
      { chunk_processing: { target_length: -1 } },
      "Invalid value for 'chunk_processing.target_length': expected an integer from 0 to 4294967295",
    ],
    [
      { chunk_processing: { target_length: '512' } },
      "Invalid value for 'chunk_processing.target_length': expected an integer from 0 to 4294967295",
    ],
    [
      { chunk_processing: { target_length: 2 ** 53 + 2 } },
      "Invalid value for 'chunk_processing.target_length': expected an integer from 0 to 4294967295",
    ],
    [{ chunk_processing: [] }, "Invalid value for 'chunk_processing': expected an object"],
    [
      { chunk_processing: { ignore_headers_and_footers: 1 } },
      "Invalid value for 'chunk_processing.ignore_headers_and_footers': expected true or false",
    ],
    [{ target_chunk_length: -5 }, "Invalid value for 'target_chunk_length': expected an integer from 0 to 4294967295"],
    [
      { llm_processing: { max_completion_tokens: 0 } },
      "Invalid value for 'llm_processing.max_completion_tokens': expected an integer from 1 to 4294967295 or null",
    ],
    [
      { llm_processing: { max_completion_tokens: -1 } },
      "Invalid value for 'llm_processing.max_completion_tokens': expected an integer from 1 to 4294967295 or null",
    ],
    [
      { llm_processing: { max_completion_tokens: 10.5 } },
      "Invalid value for 'llm_processing.max_completion_tokens': expected an integer from 1 to 4294967295 or null",
    ],
    [
      { llm_processing: { temperature: -0.1 } },
      "Invalid value for 'llm_processing.temperature': expected a number from 0 to 2",
    ],
    [
      { llm_processing: { temperature: 2.0001 } },
      "Invalid value for 'llm_processing.temperature': expected a number from 0 to 2",
    ],
    [
      { llm_processing: { temperature: -Infinity } },
      "Invalid value for 'llm_processing.temperature': expected a number",
    ],
    [{ llm_processing: 'gpt' }, "Invalid value for 'llm_processing': expected an object"],
    // Strings and arrays that ride in the workflow memo are bounded too.
    [{ llm_processing: { model_id: '' } }, "Invalid value for 'llm_processing.model_id': expected a non-empty string"],
    [
      { llm_processing: { model_id: 'm'.repeat(257) } },
      "Invalid value for 'llm_processing.model_id': expected a string or null of at most 256 characters",
    ],
    [
      { llm_processing: { fallback_strategy: { Model: 'm'.repeat(257) } } },
      `Invalid value for 'llm_processing.fallback_strategy': expected "None", "Default" or {"Model": "<model id of at most 256 characters>"}`,
    ],
    [
      { segment_processing: { Picture: { llm: 'p'.repeat(2001) } } },
      "Invalid value for 'segment_processing.Picture.llm': expected a string or null of at most 2000 characters",
    ],
    [
      { segment_processing: { Picture: { llm: 42 } } },
      "Invalid value for 'segment_processing.Picture.llm': expected a string or null",
    ],
    [
      { segment_processing: { Text: { embed_sources: Array<string>(5).fill('Content') } } },
      "Invalid value for 'segment_processing.Text.embed_sources': expected an array of at most 4 of Content, LLM, HTML, Markdown",
    ],
    [
      { segment_processing: { Text: { extended_context: 'true' } } },
      "Invalid value for 'segment_processing.Text.extended_context': expected true or false",
    ],
    [{ segment_processing: 'all' }, "Invalid value for 'segment_processing': expected an object keyed by segment type"],
  ])('names the field and allowed values for %j', (input, message) => {
    expect(errorOf(input)).toBe(message);
  });

  it.each([
    ['a path', '../../etc/passwd'],
    ['a dot segment', 'org/..'],
    ['three parts', 'a/b/c'],
    ['spaces', 'my tokenizer'],
    ['a name part over 96 characters', 'x'.repeat(97)],
    ['an empty string', '  '],
  ])('refuses a hub tokenizer id that is %s', (_name, id) => {
    for (const tokenizer of [id, { String: id }]) {
      expect(errorOf({ chunk_processing: { tokenizer } })).toMatch(
        /^Invalid value for 'chunk_processing.tokenizer': expected one of Word/,
      );
    }
  });

  it('accepts the longest values within every bound', () => {
    const config = parse({
      expires_in: 3153600000,
      chunk_processing: { target_length: 4294967295, tokenizer: `${'o'.repeat(96)}/${'n'.repeat(96)}` },
      llm_processing: {
        model_id: 'm'.repeat(256),
        max_completion_tokens: 4294967295,
        temperature: 2,
        fallback_strategy: { Model: 'f'.repeat(256) },
      },
      segment_processing: { Picture: { llm: 'p'.repeat(2000), embed_sources: ['Content', 'LLM', 'HTML', 'Markdown'] } },
    });
    expect(config.chunk_processing?.tokenizer).toEqual({ String: `${'o'.repeat(96)}/${'n'.repeat(96)}` });
    expect(config.segment_processing?.Picture?.llm).toHaveLength(2000);
  });

  it('explains every tokenizer spelling when the tokenizer is wrong', () => {
    expect(errorOf({ chunk_processing: { tokenizer: { Enum: 'Nope' } } })).toMatch(
      /^Invalid value for 'chunk_processing.tokenizer': expected one of Word, Cl100kBase, XlmRobertaBase, BertBaseUncased, xlm-roberta-base, bert-base-uncased/,
    );
    expect(errorOf({ chunk_processing: { tokenizer: 5 } })).toMatch(/chunk_processing.tokenizer/);
  });
});

describe('applyConfigurationInput (update merge)', () => {
  const current = resolveConfiguration(
    parse({
      ocr_strategy: 'Auto',
      segment_processing: { Table: { format: 'Markdown', llm: 'prompt' } },
      llm_processing: { model_id: 'model-a', temperature: 0.5 },
    }),
    defaults,
  );

  it('keeps every field the update does not give', () => {
    expect(applyConfigurationInput(current, parse({}))).toEqual(current);
    const merged = applyConfigurationInput(current, parse({ high_resolution: false }));
    expect(merged).toEqual({ ...current, high_resolution: false });
  });

  it('merges segment_processing per type and per field within a type', () => {
    const merged = applyConfigurationInput(
      current,
      parse({ segment_processing: { table: { strategy: 'Auto' }, Text: { format: 'Html' } } }),
    );
    expect(merged.segment_processing.Table).toEqual({ ...current.segment_processing.Table, strategy: 'Auto' });
    expect(merged.segment_processing.Table.llm).toBe('prompt');
    expect(merged.segment_processing.Text.format).toBe('Html');
    expect(merged.segment_processing.Picture).toEqual(current.segment_processing.Picture);
  });

  it('merges chunk_processing and llm_processing per field, null clearing nullable ones', () => {
    const merged = applyConfigurationInput(
      current,
      parse({ chunk_processing: { target_length: 0 }, llm_processing: { model_id: null, max_completion_tokens: 100 } }),
    );
    expect(merged.chunk_processing).toEqual({ ...current.chunk_processing, target_length: 0 });
    expect(merged.llm_processing).toEqual({
      model_id: null,
      fallback_strategy: 'Default',
      max_completion_tokens: 100,
      temperature: 0.5,
    });
  });

  it('does not share arrays with the configuration it merged from', () => {
    const merged = applyConfigurationInput(current, parse({}));
    merged.segment_processing.Text.embed_sources.push('LLM');
    expect(current.segment_processing.Text.embed_sources).toEqual(['Content']);
  });
});

describe('isSameConfiguration', () => {
  it('compares deeply, ignoring key order', () => {
    const a = defaultTaskConfiguration(defaults);
    const b = JSON.parse(JSON.stringify(a)) as typeof a;
    expect(isSameConfiguration(a, b)).toBe(true);
    const reordered = {
      ...b,
      llm_processing: {
        temperature: 0,
        max_completion_tokens: null,
        fallback_strategy: 'Default' as const,
        model_id: null,
      },
    };
    expect(isSameConfiguration(a, reordered)).toBe(true);
    b.segment_processing.Text.embed_sources = ['Content', 'LLM'];
    expect(isSameConfiguration(a, b)).toBe(false);
  });
});

describe('unknownModelMessage', () => {
  const base = defaultTaskConfiguration(defaults);
  it('accepts known and default models', () => {
    expect(unknownModelMessage(base, [])).toBeNull();
    expect(
      unknownModelMessage({ ...base, llm_processing: { ...base.llm_processing, model_id: 'a' } }, ['a', 'b']),
    ).toBeNull();
  });

  it('names an unknown model_id or fallback model and lists the supported ones', () => {
    expect(
      unknownModelMessage({ ...base, llm_processing: { ...base.llm_processing, model_id: 'x' } }, ['a', 'b']),
    ).toBe("Unknown model_id 'x'. Supported model IDs are: a, b");
    expect(
      unknownModelMessage({ ...base, llm_processing: { ...base.llm_processing, fallback_strategy: { Model: 'y' } } }, [
        'a',
      ]),
    ).toBe("Unknown model_id 'y'. Supported model IDs are: a");
  });
});
