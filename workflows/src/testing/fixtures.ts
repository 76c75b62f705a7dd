import { defaultTaskConfiguration, type ProcessDocumentInput, type TaskConfiguration } from '../contracts.js';

/** The resolved defaults of docs/behavior.md#4-defaults, with no operator settings (no expiry, the default model). */
export function defaultConfiguration(): TaskConfiguration {
  return defaultTaskConfiguration({ expiresIn: null, defaultModelId: null });
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
