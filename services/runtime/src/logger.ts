import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type Logger } from 'pino';
import { traceLogFields } from './tracing.js';

export type { Logger } from 'pino';

export interface LoggerOptions {
  name: string;
  level?: string;
  /** Human-readable single-line output for terminals (LOG_PRETTY=1). */
  pretty?: boolean;
  /** Where JSON lines go instead of stdout (tests read them). */
  destination?: { write(line: string): void };
}

/** Fields of the work in progress (a stage RPC: task id, run, request id), added to every line. */
const logFields = new AsyncLocalStorage<Record<string, unknown>>();

/**
 * Runs `fn` with `fields` on every log line written inside it, through any logger of this module,
 * also from callbacks and promises it starts: deep code (engines, pools) need not pass ids along.
 */
export function withLogFields<T>(fields: Record<string, unknown>, fn: () => T): T {
  return logFields.run({ ...logFields.getStore(), ...fields }, fn);
}

/** The fields `withLogFields` set around the current code (empty outside any). */
export function currentLogFields(): Readonly<Record<string, unknown>> {
  return logFields.getStore() ?? {};
}

/**
 * Builds the process logger. JSON lines by default; `pretty` prints `time level name: msg {fields}`
 * without pulling in a transport worker thread. Every line carries the `withLogFields` fields in
 * force and, while tracing is on and a span is active, its `trace_id` and `span_id`.
 */
export function createLogger(options: LoggerOptions): Logger {
  const base = { name: options.name };
  const mixin = (): Record<string, unknown> => {
    const fields = logFields.getStore() ?? {};
    const traceFields = traceLogFields();
    return traceFields ? { ...fields, ...traceFields } : fields;
  };
  if (!options.pretty)
    return pino({ level: options.level ?? 'info', base, mixin }, options.destination ?? process.stdout);
  return pino(
    { level: options.level ?? 'info', base, mixin, timestamp: pino.stdTimeFunctions.isoTime },
    {
      write(line: string): void {
        const { time, level, name, msg, ...fields } = JSON.parse(line) as Record<string, unknown>;
        const levelName = pino.levels.labels[Number(level)] ?? String(level);
        const rest = Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields)}` : '';
        process.stdout.write(`${String(time)} ${levelName} ${String(name)}: ${String(msg)}${rest}\n`);
      },
    },
  );
}
