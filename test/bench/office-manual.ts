// The big-DOCX case's document: part of Node.js's API reference (MIT licence, nodejs.org), as the
// machine's nodejs package installs it, joined into one HTML page and saved as DOCX by LibreOffice
// before the clock starts. The service then converts it back to PDF (about 570 pages), as it would
// any long manual a user sends.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where Debian's nodejs package puts the API reference; BENCH_NODE_DOCS names another folder. */
const DEFAULT_NODE_DOCS = '/usr/share/doc/nodejs/api';
/** The modules the manual holds: the six longest pages of the reference. */
export const MANUAL_MODULES = ['fs', 'crypto', 'buffer', 'stream', 'http2', 'n-api'] as const;
const CONVERSION_TIMEOUT_MS = 300_000;

/** The modules' page bodies, in order, as one HTML document. */
export function joinedManualHtml(pages: readonly string[]): string {
  const bodies = pages.map((page) => /<body[^>]*>([\s\S]*)<\/body>/i.exec(page)?.[1] ?? page);
  return `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>Node.js API reference</title></head><body>\n${bodies.join('\n')}\n</body></html>\n`;
}

/** The manual as DOCX bytes; throws with what is missing when the reference or LibreOffice is not there. */
export function nodeApiManualDocx(docsDir = process.env.BENCH_NODE_DOCS ?? DEFAULT_NODE_DOCS): Buffer {
  const paths = MANUAL_MODULES.map((module) => join(docsDir, `${module}.html`));
  const missing = paths.filter((path) => !existsSync(path));
  if (missing.length > 0)
    throw new Error(
      `docx-manual needs Node.js's API reference (${missing.join(', ')} not found): Debian's nodejs package installs it in ${DEFAULT_NODE_DOCS}; BENCH_NODE_DOCS names another folder`,
    );
  const dir = mkdtempSync(join(tmpdir(), 'folio-bench-manual-'));
  try {
    const html = join(dir, 'nodejs-api-manual.html');
    writeFileSync(html, joinedManualHtml(paths.map((path) => readFileSync(path, 'utf8'))));
    const soffice = process.env.SOFFICE_PATH ?? 'soffice';
    const result = spawnSync(
      soffice,
      [
        `-env:UserInstallation=${pathToFileURL(join(dir, 'profile')).href}`,
        '--headless',
        '--infilter=HTML (StarWriter)',
        '--convert-to',
        'docx:MS Word 2007 XML',
        '--outdir',
        dir,
        html,
      ],
      { encoding: 'utf8', timeout: CONVERSION_TIMEOUT_MS },
    );
    const docx = join(dir, 'nodejs-api-manual.docx');
    if (result.error || !existsSync(docx))
      throw new Error(
        `docx-manual: ${soffice} did not write the DOCX (${result.error?.message ?? `exit ${result.status}: ${result.stderr.trim()}`})`,
      );
    return readFileSync(docx);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
