// Small process helpers shared by the root scripts (plain Node, no dependencies: they run before
// `npm install`).
import { spawn } from 'node:child_process';

// Turbo would otherwise try to report usage over the network.
process.env.TURBO_TELEMETRY_DISABLED = '1';

/** Runs a command, inheriting stdio; rejects on a non-zero exit. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} exited with ${signal ?? code}`));
    });
  });
}

/** Runs `python3 -m pip <subcommand>` quietly with `args`, from `cwd`. */
export function pip(subcommand, args, cwd) {
  return run('python3', ['-m', 'pip', subcommand, '--quiet', '--disable-pip-version-check', ...args], { cwd });
}

/** Prints a step line in the scripts' own voice. */
export function step(message) {
  process.stdout.write(`\x1b[36m[folio]\x1b[0m ${message}\n`);
}
