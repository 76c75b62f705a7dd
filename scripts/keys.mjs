// `npm run keys -- create --owner <id>`: API key administration, run by the gateway's CLI.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { readEnvFile } from './lib/env-file.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...readEnvFile(join(root, '.env')), ...process.env };
const result = spawnSync(process.execPath, [join(root, 'gateway', 'dist', 'keys-cli.js'), ...process.argv.slice(2)], {
  cwd: root,
  env,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
