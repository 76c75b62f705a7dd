import { z } from 'zod';

/** Where the CLI finds the service unless FOLIO_URL says otherwise: the gateway's default port. */
export const DEFAULT_FOLIO_URL = 'http://localhost:8000';

const cliEnv = z.object({
  /** Base URL of the gateway. */
  FOLIO_URL: z.preprocess((value) => (value === '' ? undefined : value), z.string().url().default(DEFAULT_FOLIO_URL)),
  /** API key sent as `Authorization: Bearer <key>`; `npm run keys -- create --owner <name>` makes one. */
  FOLIO_API_KEY: z.preprocess((value) => (value === '' ? undefined : value), z.string().optional()),
});

export type CliConfig = z.output<typeof cliEnv>;

/** Reads the CLI's variables, naming every bad one. */
export function loadConfig(env: Record<string, string | undefined>): CliConfig {
  const result = cliEnv.safeParse(env);
  if (!result.success) {
    throw new Error(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
  }
  return result.data;
}
