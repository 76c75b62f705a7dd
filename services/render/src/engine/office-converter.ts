import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { InvalidDocumentError, metrics, type Logger } from '@folio/runtime';
import { ConverterUnavailableError } from '../errors.js';
import { acceptTrackedChanges } from './tracked-changes.js';

/** Converts office and HTML documents to PDF. */
export interface OfficeConverter {
  /**
   * `extension` (no dot) picks the import filter, e.g. `docx`, `html`. A conversion still waiting
   * for its turn when `signal` aborts is dropped (rejects with the signal's reason).
   */
  convertToPdf(input: {
    bytes: Uint8Array;
    extension: string;
    signal?: AbortSignal;
    singlePageSheets?: boolean;
  }): Promise<Uint8Array>;
}

export interface SofficeConverterOptions {
  /** The `soffice` binary: a name looked up on PATH or an absolute path. */
  sofficePath: string;
  timeoutMs: number;
  logger: Logger;
  /** Conversions running at once; the others wait their turn. Each soffice holds ~200 MB. Default 2. */
  maxConcurrent?: number;
  /**
   * Run soffice in a network namespace of its own (`unshare --net`, or an unprivileged user
   * namespace) when this host allows it. Default true; tests turn it off to check the profile's
   * own guard, which is all a container without CAP_SYS_ADMIN gets.
   */
  isolateNetwork?: boolean;
}

/**
 * The user profile every conversion starts from. A document may reference remote or local
 * network resources (HTML `<img>`/`<link>`, linked OLE objects, ODT/DOCX external images) that
 * LibreOffice fetches while loading: server-side request forgery from inside the render stage
 * (issue 17). Every scheme LibreOffice fetches through (HTTP, HTTPS, FTP) goes to a proxy at
 * 127.0.0.1:1, where nothing listens, with no exceptions; macros never run.
 */
const PROFILE_SETTINGS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
${[
  ['/org.openoffice.Inet/Settings', 'ooInetProxyType', '1'],
  ['/org.openoffice.Inet/Settings', 'ooInetNoProxy', ''],
  ...['HTTP', 'HTTPS', 'FTP'].flatMap((scheme) => [
    ['/org.openoffice.Inet/Settings', `ooInet${scheme}ProxyName`, '127.0.0.1'],
    ['/org.openoffice.Inet/Settings', `ooInet${scheme}ProxyPort`, '1'],
  ]),
  ['/org.openoffice.Office.Common/Security/Scripting', 'MacroSecurityLevel', '3'],
  ['/org.openoffice.Office.Common/Security/Scripting', 'DisableMacrosExecution', 'true'],
  ['/org.openoffice.Office.Common/Security/Scripting', 'BlockUntrustedRefererLinks', 'true'],
]
  .map(
    ([path, name, value]) =>
      `<item oor:path="${path}"><prop oor:name="${name}" oor:op="fuse"><value>${value}</value></prop></item>`,
  )
  .join('\n')}
</oor:items>
`;

/** Word's zip formats, whose tracked changes are accepted before conversion (tracked-changes.ts). */
const WORD_EXTENSIONS = new Set(['docx', 'docm', 'dotx', 'dotm']);

/** The same dead proxy for anything in soffice that reads the environment instead. */
const PROXY_ENV = Object.fromEntries(
  ['http_proxy', 'https_proxy', 'ftp_proxy', 'all_proxy'].flatMap((name) => [
    [name, 'http://127.0.0.1:1'],
    [name.toUpperCase(), 'http://127.0.0.1:1'],
  ]),
);

/** Keeps at most `limit` tasks running; the rest wait in order. */
function createLimiter(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

/** Whether `command` runs: an absolute path that is executable, or a name found on PATH. */
async function isExecutable(command: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  const candidates = command.includes('/')
    ? [command]
    : (env.PATH ?? '')
        .split(delimiter)
        .filter(Boolean)
        .map((dir) => join(dir, command));
  for (const candidate of candidates) {
    try {
      await access(candidate, constants.X_OK);
      return true;
    } catch {
      // not this one; try the next PATH entry
    }
  }
  return false;
}

/** Exits 0 when `command args` runs; false on any failure (missing binary, EPERM, ...). */
function runsCleanly(command: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'ignore' });
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
  });
}

/**
 * The command prefix that gives soffice a network namespace with nothing but a loopback that is
 * down: `unshare --net` as root, `unshare --user --map-root-user --net` without privileges where
 * user namespaces are allowed. Docker's default seccomp profile refuses both; then the prefix is
 * empty and the profile's dead proxy is the guard.
 */
async function findNetworkIsolation(): Promise<string[]> {
  for (const prefix of [
    ['unshare', '--net'],
    ['unshare', '--user', '--map-root-user', '--net'],
  ]) {
    if (await runsCleanly(prefix[0] as string, [...prefix.slice(1), 'true'])) return prefix; // literal, non-empty
  }
  return [];
}

interface RunResult {
  code: number | null;
  timedOut: boolean;
  stderr: string;
}

/**
 * Runs the command in a process group of its own and, on timeout, kills the whole group: soffice
 * is a shell script that starts oosplash, which starts soffice.bin, and killing only the first
 * left soffice.bin running (issue 17).
 */
function runGroup(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (data: Buffer) => {
      if (stderr.length < 8192) stderr += data.toString();
    });
    let timedOut = false;
    const killGroup = (): void => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch (error) {
        // ESRCH: the group is already gone, which is what we want.
        if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      // Anything the converter left behind in its group goes with it.
      killGroup();
      resolve({ code, timedOut, stderr });
    });
  });
}

/**
 * LibreOffice in headless mode. Each conversion gets its own temporary folder and user profile
 * (soffice instances sharing a profile block on its lock and silently do nothing), the profile
 * routes every fetch to a dead proxy, soffice runs without network where the host allows a
 * network namespace, at most `maxConcurrent` run at once, and a timeout kills its process group.
 */
export function createSofficeConverter(options: SofficeConverterOptions): OfficeConverter {
  const limit = createLimiter(options.maxConcurrent ?? 2);
  let isolation: Promise<string[]> | undefined;
  const isolationPrefix = async (): Promise<string[]> => {
    if (options.isolateNetwork === false) return [];
    isolation ??= findNetworkIsolation().then((prefix) => {
      if (prefix.length === 0)
        options.logger.warn(
          'no network namespace for soffice (unshare refused); its profile routes fetches to a dead proxy',
        );
      return prefix;
    });
    return isolation;
  };

  const convert = async (bytes: Uint8Array, extension: string, singlePageSheets: boolean): Promise<Uint8Array> => {
    const env = { ...process.env, ...PROXY_ENV, no_proxy: '', NO_PROXY: '' };
    if (!(await isExecutable(options.sofficePath, env))) throw new ConverterUnavailableError();
    const dir = await mkdtemp(join(tmpdir(), 'folio-soffice-'));
    try {
      const inputPath = join(dir, `input.${extension}`);
      await writeFile(inputPath, bytes);
      await mkdir(join(dir, 'profile', 'user'), { recursive: true });
      await writeFile(join(dir, 'profile', 'user', 'registrymodifications.xcu'), PROFILE_SETTINGS);
      const prefix = await isolationPrefix();
      const args = [
        '--headless',
        '--norestore',
        `-env:UserInstallation=${pathToFileURL(join(dir, 'profile')).href}`,
        // LibreOffice's default web import drops the first block onto a blank first page; the
        // Writer HTML filter lays the document out as one flowing text.
        ...(extension === 'html' ? ['--infilter=HTML (StarWriter)'] : []),
        '--convert-to',
        // Each sheet on one page as large as its used area (LibreOffice 7.4+), so that a page is a
        // sheet and the cells' places on it follow from the column widths and row heights.
        singlePageSheets
          ? `pdf:calc_pdf_Export:${JSON.stringify({ SinglePageSheets: { type: 'boolean', value: 'true' } })}`
          : 'pdf',
        '--outdir',
        join(dir, 'out'),
        inputPath,
      ];
      const startedAt = performance.now();
      const [command, ...commandArgs] = [...prefix, options.sofficePath, ...args] as [string, ...string[]]; // never empty
      let result: RunResult;
      try {
        result = await runGroup(command, commandArgs, env, options.timeoutMs);
      } catch (error) {
        metrics.officeConversions.inc({ outcome: 'failed' });
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new ConverterUnavailableError({ cause: error });
        throw error;
      }
      const outcome = result.timedOut ? 'timeout' : result.code === 0 ? 'ok' : 'failed';
      metrics.officeConversions.inc({ outcome });
      metrics.officeConversionDuration.observe((performance.now() - startedAt) / 1000);
      if (result.timedOut) {
        throw new InvalidDocumentError(
          `Converting the document to PDF took longer than ${Math.round(options.timeoutMs / 1000)} s`,
        );
      }
      if (result.code !== 0) {
        throw new InvalidDocumentError('The document cannot be converted to PDF', {
          cause: new Error(`soffice exited with ${result.code}: ${result.stderr.trim()}`),
        });
      }
      options.logger.debug(
        { extension, durationMs: Math.round(performance.now() - startedAt), networkNamespace: prefix.length > 0 },
        'office document converted',
      );
      try {
        return await readFile(join(dir, 'out', 'input.pdf'));
      } catch (error) {
        // soffice exits 0 even when its import filter rejected the file; no output is the sign.
        throw new InvalidDocumentError('The document cannot be converted to PDF', { cause: error });
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };

  return {
    convertToPdf: ({ bytes, extension, signal, singlePageSheets }) =>
      limit(async () => {
        signal?.throwIfAborted();
        // A Word file is read with its tracked changes accepted: the text as the reviser left it.
        const accepted = WORD_EXTENSIONS.has(extension) ? await acceptTrackedChanges(bytes) : null;
        return convert(accepted ?? bytes, extension, singlePageSheets === true);
      }),
  };
}
