// Reads KEY=VALUE lines of a .env file into an object (no expansion). `#` starts a comment, at the
// start of a line or after whitespace in an unquoted value. Also writes the secrets set-up
// generates on a fresh clone.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

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

/**
 * Makes sure `path` sets each key of `secrets` (name -> generator): a missing file is created, a
 * missing key is appended with a fresh value. A key the file already sets is never touched, even
 * when it holds the public example value (the services refuse that one with a clear message).
 * Returns the names it wrote.
 */
export function ensureEnvSecrets(path, secrets, header) {
  const existing = readEnvFile(path);
  const missing = Object.keys(secrets).filter((name) => !existing[name]);
  if (missing.length === 0) return [];
  const lines = missing.map((name) => `${name}=${secrets[name]()}`);
  const before = existsSync(path) ? readFileSync(path, 'utf8') : `${header}\n`;
  const separator = before.length === 0 || before.endsWith('\n') ? '' : '\n';
  // 0600: the file holds secrets; mode applies when the file is created.
  writeFileSync(path, `${before}${separator}${lines.join('\n')}\n`, { mode: 0o600 });
  return missing;
}

/** A random secret: 32 bytes, base64url (43 characters, no quoting needed in .env files). */
export function randomSecret() {
  return randomBytes(32).toString('base64url');
}
