import { ChunkedOutput } from '@folio/proto/chunk/v1';
import { ExtractionDocument } from '@folio/proto/llm/v1';
import { putJson } from '@folio/runtime';
import type { ExtractionOutput, ExtractionSpec, LlmProcessing } from '../contracts.js';
import { callStage } from './call-stage.js';
import { citeLeaves, leafMetrics } from './citations.js';
import { readMessage, refOf, writeMessage } from './manifests.js';
import { runKeys } from './run-keys.js';
import type { ActivityDeps, RunRef } from './types.js';

export interface ExtractDataInput {
  run: RunRef;
  /** The run's JSON `ChunkedOutput` (from `chunkDocument`). */
  outputKey: string;
  extraction: ExtractionSpec;
  llmProcessing: LlmProcessing;
}

/** An extraction no model could answer validly is an ordinary outcome: the task fails with `message`. */
export type ExtractDataResult = { kind: 'extracted'; extractionKey: string } | { kind: 'failed'; message: string };

export interface ExtractActivities {
  extractData(input: ExtractDataInput): Promise<ExtractDataResult>;
}

/** Activities of extract tasks (the LLM stage's `ExtractData`). */
export function createExtractActivities(deps: ActivityDeps): ExtractActivities {
  const { store } = deps;
  const llm = deps.clients.llm;
  return {
    async extractData(input) {
      const output = await readMessage(store, input.outputKey, ChunkedOutput);
      const segments = output.chunks.flatMap((chunk) => chunk.segments);
      const document: ExtractionDocument = {
        segments: segments.map((segment) => ({
          segmentId: segment.segmentId,
          segmentType: segment.segmentType,
          pageNumber: segment.pageNumber,
          content: segment.markdown || segment.text,
        })),
      };
      const documentKey = runKeys.extractionInput(input.run);
      await writeMessage(store, documentKey, ExtractionDocument, document);
      const settings = input.llmProcessing;
      const fallback = settings.fallback_strategy;
      const response = await callStage(
        llm.extractData.bind(llm),
        {
          document: refOf(documentKey),
          schemaJson: JSON.stringify(input.extraction.schema),
          systemPrompt: input.extraction.system_prompt ?? '',
          modelId: settings.model_id ?? '',
          fallback: typeof fallback === 'string' ? fallback : fallback.Model,
          temperature: settings.temperature,
          maxCompletionTokens: settings.max_completion_tokens ?? 0,
        },
        {
          stage: 'llm',
          timeoutMs: deps.timeouts.llm,
          requestId: input.run.requestId,
          heartbeatIntervalMs: deps.heartbeatIntervalMs,
        },
      );
      if (response.error !== '') return { kind: 'failed', message: `Extraction failed: ${response.error}` };
      const results: unknown = JSON.parse(response.resultsJson);
      const citations = citeLeaves(results, segments);
      const extraction: ExtractionOutput = {
        results,
        citations,
        metrics: leafMetrics(results, citations),
        model_id: response.modelId,
        attempts: response.attempts,
      };
      const extractionKey = runKeys.extraction(input.run);
      await putJson(store, extractionKey, extraction);
      return { kind: 'extracted', extractionKey };
    },
  };
}
