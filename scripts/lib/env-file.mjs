// Reads KEY=VALUE lines of a .env file into an object (no expansion). `#` starts a comment, at the
// start of a line or after whitespace in an unquoted value.
import { existsSync, readFileSync } from 'node:fs';

export function readEnvFile(path) {
  if (!existsSync(path)) return {};
  const values = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match) continue;
    const quoted = /^(['"])(.*)\1$/.exec(match[2]);
    values[match[1]] = quoted ? quoted[2] : match[2].replace(/\s+#.*$/, '');
  }
  return values;
}
