import { pino, type Logger } from 'pino';

export type { Logger } from 'pino';

export interface LoggerOptions {
  name: string;
  level?: string;
  /** Human-readable single-line output for terminals (LOG_PRETTY=1). */
  pretty?: boolean;
}

/**
 * Builds the process logger. JSON lines by default; `pretty` prints `time level name: msg {fields}`
 * without pulling in a transport worker thread.
 */
export function createLogger(options: LoggerOptions): Logger {
  const base = { name: options.name };
  if (!options.pretty) return pino({ level: options.level ?? 'info', base });
  return pino(
    { level: options.level ?? 'info', base, timestamp: pino.stdTimeFunctions.isoTime },
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
