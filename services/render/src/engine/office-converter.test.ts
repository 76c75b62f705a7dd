import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, InvalidDocumentError, type AppError } from '@folio/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConverterUnavailableError } from '../errors.js';
import { createSofficeConverter } from './office-converter.js';

const logger = createLogger({ name: 'render-test', level: 'silent' });
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'folio-soffice-test-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A stand-in for soffice: a shell script that behaves as the test needs. */
async function fakeSoffice(name: string, script: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, `#!/bin/sh\n${script}\n`);
  await chmod(path, 0o755);
  return path;
}

describe('soffice converter', () => {
  it('fails as a precondition with a clear message when LibreOffice is not installed', async () => {
    const converter = createSofficeConverter({ sofficePath: join(dir, 'missing-soffice'), timeoutMs: 5000, logger });
    const error = await converter
      .convertToPdf({ bytes: new Uint8Array([1]), extension: 'docx' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConverterUnavailableError);
    expect((error as AppError).code).toBe('FAILED_PRECONDITION');
    expect((error as AppError).message).toBe('Office documents need LibreOffice (soffice) installed');
  });

  it('returns the PDF that soffice wrote into --outdir', async () => {
    // Arguments: ... --convert-to pdf --outdir <dir> <input>; the fake copies the input as the PDF.
    const path = await fakeSoffice(
      'copying-soffice',
      'while [ "$1" != "--outdir" ]; do shift; done; mkdir -p "$2"; cp "$3" "$2/input.pdf"',
    );
    const converter = createSofficeConverter({ sofficePath: path, timeoutMs: 5000, logger });
    const pdf = await converter.convertToPdf({ bytes: new TextEncoder().encode('%PDF-fake'), extension: 'docx' });
    expect(Buffer.from(pdf).toString()).toBe('%PDF-fake');
  });

  it('reports an unconvertible document when soffice writes nothing or fails', async () => {
    for (const script of ['exit 0', 'exit 1']) {
      const path = await fakeSoffice(`soffice-${script.replace(' ', '-')}`, script);
      const converter = createSofficeConverter({ sofficePath: path, timeoutMs: 5000, logger });
      await expect(converter.convertToPdf({ bytes: new Uint8Array([1]), extension: 'docx' })).rejects.toBeInstanceOf(
        InvalidDocumentError,
      );
    }
  });
});
