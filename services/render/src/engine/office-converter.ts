import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { InvalidDocumentError, type Logger } from '@folio/runtime';
import { ConverterUnavailableError } from '../errors.js';

/** Converts office and HTML documents to PDF. */
export interface OfficeConverter {
  /** `extension` (no dot) picks the import filter, e.g. `docx`, `html`. */
  convertToPdf(input: { bytes: Uint8Array; extension: string }): Promise<Uint8Array>;
}

export interface SofficeConverterOptions {
  /** The `soffice` binary: a name looked up on PATH or an absolute path. */
  sofficePath: string;
  timeoutMs: number;
  logger: Logger;
}

const execFileAsync = promisify(execFile);

/**
 * LibreOffice in headless mode. Each conversion gets its own temporary folder and user profile:
 * soffice instances sharing a profile block on its lock and silently do nothing.
 */
export function createSofficeConverter(options: SofficeConverterOptions): OfficeConverter {
  return {
    async convertToPdf({ bytes, extension }) {
      const dir = await mkdtemp(join(tmpdir(), 'folio-soffice-'));
      try {
        const inputPath = join(dir, `input.${extension}`);
        await writeFile(inputPath, bytes);
        const args = [
          '--headless',
          '--norestore',
          `-env:UserInstallation=${pathToFileURL(join(dir, 'profile')).href}`,
          // LibreOffice's default web import drops the first block onto a blank first page; the
          // Writer HTML filter lays the document out as one flowing text.
          ...(extension === 'html' ? ['--infilter=HTML (StarWriter)'] : []),
          '--convert-to',
          'pdf',
          '--outdir',
          join(dir, 'out'),
          inputPath,
        ];
        const startedAt = performance.now();
        try {
          await execFileAsync(options.sofficePath, args, { timeout: options.timeoutMs, killSignal: 'SIGKILL' });
        } catch (error) {
          // execFile fails with an ExecException: spawn errors carry `code`, timeouts `killed`.
          const err = error as NodeJS.ErrnoException & { killed?: boolean };
          if (err.code === 'ENOENT') throw new ConverterUnavailableError({ cause: error });
          if (err.killed) {
            throw new InvalidDocumentError(
              `Converting the document to PDF took longer than ${Math.round(options.timeoutMs / 1000)} s`,
              { cause: error },
            );
          }
          throw new InvalidDocumentError('The document cannot be converted to PDF', { cause: error });
        }
        options.logger.debug(
          { extension, durationMs: Math.round(performance.now() - startedAt) },
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
    },
  };
}
