import {
  SEGMENT_TYPES,
  type ProcessDocumentInput,
  type SegmentType,
  type SegmentTypeProcessing,
  type TaskConfiguration,
} from '../contracts.js';

/** The resolved defaults of docs/behavior.md#4-defaults. */
export function defaultConfiguration(): TaskConfiguration {
  const segmentProcessing = Object.fromEntries(
    SEGMENT_TYPES.map((type): [SegmentType, SegmentTypeProcessing] => [
      type,
      {
        crop_image: type === 'Picture' ? 'All' : 'Auto',
        format: type === 'Table' ? 'Html' : 'Markdown',
        strategy: type === 'Table' || type === 'Formula' || type === 'Page' ? 'LLM' : 'Auto',
        llm: null,
        embed_sources: ['Content'],
        extended_context: false,
        description: false,
      },
    ]),
  ) as Record<SegmentType, SegmentTypeProcessing>; // fromEntries over all 12 types
  return {
    ocr_strategy: 'All',
    segmentation_strategy: 'LayoutAnalysis',
    high_resolution: true,
    expires_in: null,
    error_handling: 'Fail',
    chunk_processing: { target_length: 512, ignore_headers_and_footers: true, tokenizer: { Enum: 'Word' } },
    segment_processing: segmentProcessing,
    llm_processing: { model_id: null, fallback_strategy: 'Default', temperature: 0, max_completion_tokens: null },
  };
}

let counter = 0;

/** A task input with a stored PDF; override what a test is about. */
export function makeInput(overrides: Partial<ProcessDocumentInput> = {}): ProcessDocumentInput {
  counter++;
  const taskId = overrides.taskId ?? `task-${Date.now().toString(36)}-${counter}`;
  return {
    taskId,
    ownerId: 'owner-1',
    createdAt: '2026-01-01T00:00:00.000Z',
    fileName: 'doc.pdf',
    source: { kind: 'stored', key: `tasks/${taskId}/input/doc.pdf`, mimeType: 'application/pdf' },
    configuration: defaultConfiguration(),
    limits: { processingTimeoutMs: 60_000, pageLimit: null },
    requestId: `req-${counter}`,
    ...overrides,
  };
}
