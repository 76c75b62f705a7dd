import { readFileSync } from 'node:fs';

/** The gateway's version from its package.json (dist/ and src/ both sit one level below it). */
export function readVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
}
