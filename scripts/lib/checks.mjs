// The fast checks of `npm test` (CI = `bash .ci/run` = `npm test`), run before the long test suites:
// formatting, the proto contracts (buf lint, buf breaking against main) and generated code that must
// match its sources. Each check runs in its own process and reports ok or the reason it failed.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

/**
 * Runs a command to completion with its output captured. Never rejects: a check reads the exit
 * code (a command that cannot start exits 127, as in a shell).
 */
export function capture(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ code: 127, output: `${output}${error.message}\n` }));
    child.on('close', (code, signal) =>
      resolve({ code: code ?? 128, output: signal ? `${output}killed by ${signal}\n` : output }),
    );
  });
}

/** Every file under `dir` (relative paths, sorted); none when it does not exist. */
async function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/** The generated TypeScript of the proto package, as committed: proto/src/gen. */
export const GENERATED_DIR = join('proto', 'src', 'gen');

/**
 * The files of `dir` by relative path. Taken before `setup()` runs, because its build regenerates
 * the directory in place: the snapshot is what the commit (or the work tree) holds.
 */
export async function snapshot(dir) {
  const files = new Map();
  for (const file of await filesUnder(dir)) files.set(file, await readFile(join(dir, file), 'utf8'));
  return files;
}

function result(ok, detail) {
  return { ok, detail };
}

/** `prettier --check` over the repository (.prettierignore lists what is left as written). */
export async function checkFormatting(root) {
  const { code, output } = await capture(
    join(root, 'node_modules', '.bin', 'prettier'),
    [
      '--check',
      '--log-level=warn',
      // Files unchanged since the last check are skipped (keyed by content and options); CI's fresh
      // clone has no cache and checks every file.
      '--cache',
      '--cache-location=node_modules/.cache/prettier/.prettier-cache',
      '.',
    ],
    {
      cwd: root,
    },
  );
  if (code === 0) return result(true, 'every file is formatted');
  return result(false, `${output.trim()}\nfix with: npx prettier --write .`);
}

/** `buf lint` (STANDARD, proto/buf.yaml) over the contracts. */
export async function checkProtoLint(root) {
  const { code, output } = await capture(join(root, 'node_modules', '.bin', 'buf'), ['lint'], {
    cwd: join(root, 'proto'),
  });
  return code === 0 ? result(true, 'STANDARD rules hold') : result(false, output.trim());
}

/** A git command's trimmed output, or null when it fails. */
async function git(root, args) {
  const { code, output } = await capture('git', args, { cwd: root });
  return code === 0 ? output.trim() : null;
}

/**
 * The commit whose contracts the work tree must not break: FOLIO_BREAKING_AGAINST when set; on a
 * branch other than main, where it left main (the merge base); on main itself, as CI runs on a
 * fresh clone of it, the commit before (the first parent: main before the last merge).
 */
export async function breakingBase(root, env = process.env) {
  if (env.FOLIO_BREAKING_AGAINST) {
    const sha = await git(root, ['rev-parse', '--verify', `${env.FOLIO_BREAKING_AGAINST}^{commit}`]);
    if (sha === null)
      throw new Error(`FOLIO_BREAKING_AGAINST=${env.FOLIO_BREAKING_AGAINST} names no commit of this repository`);
    return { sha, why: `FOLIO_BREAKING_AGAINST=${env.FOLIO_BREAKING_AGAINST}` };
  }
  const branch = await git(root, ['rev-parse', '--abbrev-ref', 'HEAD']);
  const head = await git(root, ['rev-parse', 'HEAD']);
  for (const main of ['main', 'origin/main']) {
    const mainSha = await git(root, ['rev-parse', '--verify', `${main}^{commit}`]);
    if (mainSha === null) continue;
    if (branch !== 'main' && mainSha !== head) {
      const base = await git(root, ['merge-base', 'HEAD', main]);
      if (base) return { sha: base, why: `merge base with ${main}` };
    }
    break;
  }
  const parent = await git(root, ['rev-parse', '--verify', 'HEAD^1']);
  return parent ? { sha: parent, why: 'the previous commit of main (HEAD^1)' } : null;
}

/** `buf breaking` (FILE rules) of the work tree's contracts against those of `breakingBase`. */
export async function checkProtoBreaking(root) {
  const base = await breakingBase(root);
  if (base === null) {
    return result(
      false,
      'no commit to compare the contracts with (no main branch and no HEAD^1: a shallow clone?); fetch the history or set FOLIO_BREAKING_AGAINST=<commit>',
    );
  }
  const dir = await mkdtemp(join(tmpdir(), 'folio-breaking-'));
  try {
    // The base's contracts only, through git itself: works in worktrees and needs no network.
    const archive = join(dir, 'base.tar');
    const archived = await capture(
      'git',
      ['archive', '--format=tar', '-o', archive, base.sha, 'proto/buf.yaml', 'proto/folio'],
      { cwd: root },
    );
    if (archived.code !== 0)
      return result(false, `cannot read the contracts of ${base.sha.slice(0, 12)}: ${archived.output.trim()}`);
    const unpacked = await capture('tar', ['-xf', archive, '-C', dir]);
    if (unpacked.code !== 0) return result(false, unpacked.output.trim());
    const { code, output } = await capture(
      join(root, 'node_modules', '.bin', 'buf'),
      ['breaking', '--against', join(dir, 'proto')],
      {
        cwd: join(root, 'proto'),
      },
    );
    const against = `against ${base.sha.slice(0, 12)} (${base.why})`;
    if (code === 0) return result(true, `no breaking change ${against}`);
    return result(
      false,
      `${output.trim()}\n${against}: never break a v1 contract, add a v2 beside it (STYLE.md, proto/)`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The committed proto/src/gen equals what `buf generate` (proto/buf.gen.yaml) writes from the
 * contracts. `committed` is the directory's snapshot from before the build regenerated it.
 */
export async function checkGeneratedCode(root, committed) {
  const dir = await mkdtemp(join(tmpdir(), 'folio-gen-'));
  try {
    const { code, output } = await capture(join(root, 'node_modules', '.bin', 'buf'), ['generate', '--output', dir], {
      cwd: join(root, 'proto'),
    });
    if (code !== 0) return result(false, `buf generate failed:\n${output.trim()}`);
    const fresh = await snapshot(join(dir, 'src', 'gen'));
    const differing = [...new Set([...fresh.keys(), ...committed.keys()])]
      .filter((file) => fresh.get(file) !== committed.get(file))
      .map(
        (file) =>
          `${join(GENERATED_DIR, file)}: ${!committed.has(file) ? 'missing' : !fresh.has(file) ? 'no longer generated' : 'differs'}`,
      );
    if (differing.length === 0) return result(true, `${fresh.size} files as generated`);
    return result(false, `${differing.join('\n')}\nregenerate with: npm run gen, and commit ${GENERATED_DIR}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
