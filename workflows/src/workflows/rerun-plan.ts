import { needsCrop, needsLanguageModel, type StoredRunResults, type TaskConfiguration } from '../contracts.js';

/** Which steps a run must compute itself; the others reuse the stored results of the last successful run. */
export interface RerunPlan {
  /** Fetch, prepare, render, OCR and layout. */
  pages: boolean;
  /** Segment crops. */
  crops: boolean;
  /** The language-model answers (only asked for when the configuration uses the model at all). */
  languageModel: boolean;
}

/** Every step runs: a first run, or nothing reusable. */
export const FULL_RUN: RerunPlan = { pages: true, crops: true, languageModel: true };

/** Whether any segment type asks for the language model. */
export function usesLanguageModel(configuration: TaskConfiguration): boolean {
  return Object.values(configuration.segment_processing).some(needsLanguageModel);
}

function pageInputs(configuration: TaskConfiguration): string {
  const { ocr_strategy, segmentation_strategy, high_resolution } = configuration;
  return JSON.stringify([ocr_strategy, segmentation_strategy, high_resolution]);
}

function cropInputs(configuration: TaskConfiguration): string {
  return JSON.stringify(
    Object.entries(configuration.segment_processing)
      .map(([type, processing]) => [type, needsCrop(processing)])
      .sort(),
  );
}

/** What the model is asked, per type: nothing for types it never sees, so their changes do not count. */
function languageModelInputs(configuration: TaskConfiguration): string {
  const perType = Object.entries(configuration.segment_processing)
    .map(([type, processing]) => {
      if (!needsLanguageModel(processing)) return [type, null];
      const { strategy, llm, description, extended_context } = processing;
      // The answer is written in the chosen format only for the LLM strategy.
      return [
        type,
        {
          llmStrategy: strategy === 'LLM',
          format: strategy === 'LLM' ? processing.format : null,
          llm,
          description,
          extended_context,
        },
      ];
    })
    .sort();
  // error_handling decides whether failed answers fail the task, so it is an input of the outcome.
  return JSON.stringify([perType, configuration.llm_processing, configuration.error_handling]);
}

/**
 * Decides which steps a run over `next` must redo, given the stored results of the last
 * successful run (null: none, so everything runs). Each step reruns when its own inputs changed or
 * when a step it reads from reruns (new pages mean new crops; new crops, new answers). The chunk
 * stage always runs: it is the cheap end of the pipeline and reads every option it owns
 * (`chunk_processing`, `format`, `embed_sources`, `strategy` Auto/Ignore, ...).
 */
export function planRerun(stored: StoredRunResults | null, next: TaskConfiguration): RerunPlan {
  if (stored === null) return FULL_RUN;
  const previous = stored.configuration;
  const pages = pageInputs(previous) !== pageInputs(next);
  const crops = pages || cropInputs(previous) !== cropInputs(next);
  const languageModel =
    crops || !stored.languageModelComplete || languageModelInputs(previous) !== languageModelInputs(next);
  return { pages, crops, languageModel };
}

/** The run prefix (`tasks/<id>/runs/<n>/`) of a key written by a run. */
export function runPrefixOf(key: string): string {
  const match = /^(tasks\/[^/]+\/runs\/[^/]+\/)/.exec(key);
  return match?.[1] ?? key.slice(0, key.lastIndexOf('/') + 1);
}

/** Every run prefix that stored results read from: these must outlive the runs that wrote them. */
export function prefixesInUse(stored: StoredRunResults | null): Set<string> {
  if (stored === null) return new Set();
  const keys = [stored.outputKey, stored.cropExtrasKey, stored.extrasKey].filter((key): key is string => key !== null);
  return new Set([stored.pagesRunPrefix, ...keys.map(runPrefixOf)]);
}
