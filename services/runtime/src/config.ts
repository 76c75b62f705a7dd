import { z } from 'zod';

/** Thrown when environment variables fail validation; lists every bad variable at once. */
export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n  ${issues.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/** Parses `env` with `schema`, failing fast with every problem listed by variable name. */
export function parseEnv<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv): z.output<T> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`));
}

/** `1`, `true`, `yes` and `on` are true; `0`, `false`, `no`, `off` and empty are false. */
export const envBoolean = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

/** A TCP port number from an env string. */
export const envPort = z.coerce.number().int().min(0).max(65535);

/** Shared logging variables. */
export const loggingEnv = {
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace']).default('info'),
  LOG_PRETTY: envBoolean.default(false),
};
