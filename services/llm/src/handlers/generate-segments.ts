import { AppError, type UnaryContext } from '@folio/runtime';
import type { GenerateSegmentsRequest, GenerateSegmentsResponse } from '@folio/proto/llm/v1';
import type { LlmEngine } from '../engine/generate.js';
import type { AnswerFormat } from '../engine/prompts.js';

function toFormat(value: string, segmentId: string): AnswerFormat {
  const lower = value.toLowerCase();
  if (lower === 'html') return 'Html';
  if (lower === 'markdown') return 'Markdown';
  throw new AppError('INVALID_ARGUMENT', `Segment ${segmentId}: format must be Html or Markdown, got '${value}'`);
}

/**
 * `LlmService.GenerateSegments`: validates the jobs, runs them, returns one answer per job in order.
 * Stops asking models once the call's signal aborts.
 */
export function handleGenerateSegments(
  engine: LlmEngine,
): (request: GenerateSegmentsRequest, context?: Pick<UnaryContext, 'signal'>) => Promise<GenerateSegmentsResponse> {
  return async function generateSegments(request, context) {
    if (!Number.isFinite(request.temperature) || request.temperature < 0 || request.temperature > 2) {
      throw new AppError('INVALID_ARGUMENT', `temperature must be between 0 and 2, got ${request.temperature}`);
    }
    const jobs = request.jobs.map((job) => ({
      segmentId: job.segmentId,
      segmentType: job.segmentType,
      imageKey: job.image?.key ?? '',
      pageImageKey: job.pageImage?.key ?? '',
      format: toFormat(job.format, job.segmentId),
      prompt: job.prompt,
      text: job.text,
      pageText: job.pageText,
    }));
    const answers = await engine.generateSegments({
      jobs,
      modelId: request.modelId,
      fallback: request.fallback,
      temperature: request.temperature,
      maxCompletionTokens: request.maxCompletionTokens,
      // The caller gone (cancelled, past its deadline): the model requests stop.
      signal: context?.signal,
    });
    return { answers };
  };
}
