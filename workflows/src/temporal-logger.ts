import type { LogEntry, LogLevel } from '@temporalio/worker';
import { DefaultLogger } from '@temporalio/worker';
import type { Logger } from '@folio/runtime';

const temporalLevels: Record<string, LogLevel> = {
  trace: 'TRACE',
  debug: 'DEBUG',
  info: 'INFO',
  warn: 'WARN',
  error: 'ERROR',
  fatal: 'ERROR',
};
const pinoLevels = { TRACE: 'trace', DEBUG: 'debug', INFO: 'info', WARN: 'warn', ERROR: 'error' } as const;

/**
 * A Temporal SDK logger that writes into the process's pino logger, so SDK, workflow (`log` from
 * `@temporalio/workflow`, silent on replay) and activity logs come out as the same JSON lines.
 */
export function createTemporalLogger(logger: Logger): DefaultLogger {
  return new DefaultLogger(temporalLevels[logger.level] ?? 'INFO', (entry: LogEntry) => {
    logger[pinoLevels[entry.level]]({ ...entry.meta, ...taskFieldsOf(entry.meta), sdk: true }, entry.message);
  });
}

/** A task workflow's lines (the SDK's own and `log`'s) name the task as every other line does. */
function taskFieldsOf(meta: LogEntry['meta']): Record<string, unknown> {
  // Activity lines have their fields from the activity interceptor (and no `runId` here).
  if (meta?.workflowType !== 'processDocument' || typeof meta.runId !== 'string') return {};
  return { task_id: meta.workflowId, run: meta.runId };
}
