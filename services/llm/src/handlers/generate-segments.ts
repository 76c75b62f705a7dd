import { InvalidRequestError, type UnaryContext } from '@folio/runtime';
import type { GenerateSegmentsRequest, GenerateSegmentsResponse, SegmentJob } from '@folio/proto/llm/v1';
import { SegmentFormat as SegmentFormatValue } from '@folio/proto/common/v1';
import type { SegmentFormat } from '@folio/proto/vocabulary';
import { segmentFormatCodec } from '@folio/proto/vocabulary-codec';
import type { LlmEngine } from '../engine/generate.js';
import { assertTemperature } from './temperature.js';

/** The job's answer format: `format_value` when set, else the string of a caller from before it (any case). */
function toFormat(job: SegmentJob): SegmentFormat {
  const format =
    job.formatValue !== SegmentFormatValue.SEGMENT_FORMAT_UNSPECIFIED
      ? segmentFormatCodec.fromProto(job.formatValue)
      : segmentFormatCodec.parse(job.format);
  if (format === undefined) {
    const given =
      job.formatValue !== SegmentFormatValue.SEGMENT_FORMAT_UNSPECIFIED ? String(job.formatValue) : `'${job.format}'`;
    throw new InvalidRequestError(`Segment ${job.segmentId}: format must be Html or Markdown, got ${given}`);
  }
  return format;
}

/**
 * `LlmService.GenerateSegments`: validates the jobs, runs them, returns one answer per job in order.
 * Stops asking models once the call's signal aborts.
 */
export function handleGenerateSegments(
  engine: LlmEngine,
): (request: GenerateSegmentsRequest, context?: Pick<UnaryContext, 'signal'>) => Promise<GenerateSegmentsResponse> {
  return async function generateSegments(request, context) {
    assertTemperature(request.temperature);
    const jobs = request.jobs.map((job) => ({
      segmentId: job.segmentId,
      segmentType: job.segmentType,
      imageKey: job.image?.key ?? '',
      pageImageKey: job.pageImage?.key ?? '',
      format: toFormat(job),
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
