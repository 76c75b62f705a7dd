// The reference Python client of the v1 API (chunkr-ai 0.3.x), installed once in a virtual
// environment of its own: the conformance test and the deployment test both drive the service with it.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const CLIENT = 'chunkr-ai==0.3.7';
const venv = join(resolve(import.meta.dirname, '..', '..'), '.tools', 'conformance-venv');
const marker = join(venv, '.installed-0.3.7');

/** The virtual environment's Python, which imports the client once ensureReferenceClient ran. */
export const referenceClientPython = join(venv, 'bin', 'python');

/** Installs the client in its virtual environment unless it is there. */
export function ensureReferenceClient(): void {
  if (existsSync(marker)) return;
  const steps: [string, string[]][] = [
    ['python3', ['-m', 'venv', venv]],
    [referenceClientPython, ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', CLIENT]],
  ];
  for (const [command, args] of steps) {
    const result = spawnSync(command, args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr}`);
  }
  writeFileSync(marker, CLIENT);
}
