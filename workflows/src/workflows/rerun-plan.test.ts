import { describe, expect, it } from 'vitest';
import type { StoredRunResults, TaskConfiguration } from '../contracts.js';
import { defaultConfiguration } from '../testing/fixtures.js';
import { FULL_RUN, planRerun, prefixesInUse, runPrefixOf } from './rerun-plan.js';

function storedWith(configuration: TaskConfiguration, extra: Partial<StoredRunResults> = {}): StoredRunResults {
  return {
    configuration,
    pageCount: 3,
    pagesRunPrefix: 'tasks/t/runs/0/',
    cropExtrasKey: 'tasks/t/runs/0/extras.json',
    extrasKey: 'tasks/t/runs/0/extras-llm.json',
    languageModelComplete: true,
    outputKey: 'tasks/t/runs/0/output.json',
    ...extra,
  };
}

/** The default configuration with `change` applied to a deep copy. */
function changed(change: (configuration: TaskConfiguration) => void): TaskConfiguration {
  const configuration = structuredClone(defaultConfiguration());
  change(configuration);
  return configuration;
}

const CHUNK_ONLY = { pages: false, crops: false, languageModel: false };

describe('planRerun', () => {
  it('runs everything when nothing is stored', () => {
    expect(planRerun(null, defaultConfiguration())).toEqual(FULL_RUN);
  });

  it('reruns only chunking for chunk_processing and chunk-stage-only segment options', () => {
    const stored = storedWith(defaultConfiguration());
    const chunkOnly: ((configuration: TaskConfiguration) => void)[] = [
      (c) => (c.chunk_processing.target_length = 64),
      (c) => (c.chunk_processing.tokenizer = { Enum: 'Cl100kBase' }),
      (c) => (c.chunk_processing.ignore_headers_and_footers = false),
      (c) => (c.segment_processing.Text.format = 'Html'),
      (c) => (c.segment_processing.Text.embed_sources = ['Markdown', 'HTML']),
      (c) => (c.segment_processing.Title.strategy = 'Ignore'),
      // Table is cropped anyway for the model: asking for All changes no crop.
      (c) => (c.segment_processing.Table.crop_image = 'All'),
      // Types the model never sees: their model options do not matter.
      (c) => (c.segment_processing.Text.extended_context = true),
      (c) => (c.expires_in = 3600),
    ];
    for (const change of chunkOnly) expect(planRerun(stored, changed(change))).toEqual(CHUNK_ONLY);
  });

  it('reruns the pages (and everything after) when OCR, segmentation or resolution change', () => {
    const stored = storedWith(defaultConfiguration());
    for (const change of [
      (c: TaskConfiguration) => (c.ocr_strategy = 'Auto'),
      (c: TaskConfiguration) => (c.segmentation_strategy = 'Page'),
      (c: TaskConfiguration) => (c.high_resolution = false),
    ]) {
      expect(planRerun(stored, changed(change))).toEqual(FULL_RUN);
    }
  });

  it('reruns crops (and the model, whose input they are) when the set of cropped types changes', () => {
    const stored = storedWith(defaultConfiguration());
    expect(
      planRerun(
        stored,
        changed((c) => (c.segment_processing.Text.crop_image = 'All')),
      ),
    ).toEqual({ pages: false, crops: true, languageModel: true });
    expect(
      planRerun(
        stored,
        changed((c) => (c.segment_processing.Picture.strategy = 'Ignore')),
      ),
    ).toEqual({ pages: false, crops: true, languageModel: true });
  });

  it('reruns the model, not the crops, when only what it is asked changes', () => {
    const stored = storedWith(defaultConfiguration());
    for (const change of [
      (c: TaskConfiguration) => (c.segment_processing.Table.format = 'Markdown'),
      (c: TaskConfiguration) => (c.segment_processing.Table.extended_context = true),
      (c: TaskConfiguration) => (c.segment_processing.Picture.llm = 'Describe the chart'),
      (c: TaskConfiguration) => (c.llm_processing.temperature = 0.5),
      (c: TaskConfiguration) => (c.error_handling = 'Continue'),
    ]) {
      expect(planRerun(stored, changed(change))).toEqual({ pages: false, crops: false, languageModel: true });
    }
  });

  it('asks the model again when the stored answers are incomplete', () => {
    const stored = storedWith(defaultConfiguration(), { languageModelComplete: false });
    expect(
      planRerun(
        stored,
        changed((c) => (c.chunk_processing.target_length = 10)),
      ),
    ).toEqual({ pages: false, crops: false, languageModel: true });
  });
});

describe('stored run prefixes', () => {
  it('names every run a stored result reads from', () => {
    const stored = storedWith(defaultConfiguration(), {
      cropExtrasKey: 'tasks/t/runs/0/extras.json',
      extrasKey: 'tasks/t/runs/4/extras-llm.json',
      outputKey: 'tasks/t/runs/7/output.json',
    });
    expect([...prefixesInUse(stored)].sort()).toEqual(['tasks/t/runs/0/', 'tasks/t/runs/4/', 'tasks/t/runs/7/']);
    expect(prefixesInUse(null).size).toBe(0);
    expect(runPrefixOf('tasks/t/runs/12/crops/a.png')).toBe('tasks/t/runs/12/');
  });
});
