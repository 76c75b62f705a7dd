// The pages as office documents: pandoc (Debian's) writes each page as Markdown math to DOCX,
// where the formulas become Word equations (OMML), or to ODT, where they become LibreOffice Math
// objects; LibreOffice (soffice, its own profile) converts them to PDF.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { END_OF_PAGE, leadLine, sentenceParts, type PlannedPage } from './page-plan.js';

export type OfficeEngine = 'word' | 'libreoffice';

const run = promisify(execFile);

/** One page as pandoc Markdown. */
export function pageMarkdown(page: PlannedPage): string {
  const blocks = page.items.map((item) => {
    if (item.kind === 'display') return `${leadLine(item)}\n\n$$${item.formula.latex}$$`;
    const { before, after } = sentenceParts(item.formula);
    return `${leadLine(item)}\n\n${before}$${item.formula.latex}$${after}`;
  });
  return `${[...blocks, END_OF_PAGE].join('\n\n')}\n`;
}

/** Writes one document per page and converts them to PDF; returns the PDFs' paths in page order. */
export async function convertOffice(
  pages: readonly PlannedPage[],
  engine: OfficeEngine,
  workDir: string,
): Promise<string[]> {
  const extension = engine === 'word' ? 'docx' : 'odt';
  const names = pages.map((_, index) => `page-${String(index + 1).padStart(3, '0')}`);
  for (const [index, page] of pages.entries()) {
    const markdownPath = join(workDir, `${names[index]!}.md`);
    writeFileSync(markdownPath, pageMarkdown(page));
    await run('pandoc', [
      '-f',
      'markdown',
      '-t',
      extension,
      '-o',
      join(workDir, `${names[index]!}.${extension}`),
      markdownPath,
    ]);
  }
  const profile = join(workDir, 'soffice-profile');
  mkdirSync(profile, { recursive: true });
  await run(
    'soffice',
    [
      `-env:UserInstallation=${pathToFileURL(profile).href}`,
      '--headless',
      '--norestore',
      '--convert-to',
      'pdf',
      '--outdir',
      workDir,
      ...names.map((name) => join(workDir, `${name}.${extension}`)),
    ],
    { timeout: 30 * 60_000, maxBuffer: 16 * 1024 * 1024 },
  );
  return names.map((name) => join(workDir, `${name}.pdf`));
}
