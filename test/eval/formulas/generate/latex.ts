// Typesetting the pages with pdflatex under one font setup (../latex-fonts.json): A4, 11 pt,
// display formulas in \[ \], inline ones in $ $. SOURCE_DATE_EPOCH pins the PDF's dates and ID.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { END_OF_PAGE, leadLine, sentenceParts, type PlannedPage } from './page-plan.js';

const run = promisify(execFile);

function pageBody(page: PlannedPage): string {
  const lines = page.items.map((item) => {
    if (item.kind === 'display') return `${leadLine(item)}\n\\[ ${item.formula.latex} \\]\n`;
    const { before, after } = sentenceParts(item.formula);
    return `${leadLine(item)}\n\n${before}$${item.formula.latex}$${after}\n`;
  });
  return `${lines.join('\n')}\n${END_OF_PAGE}\n\\newpage\n`;
}

/** The LaTeX source of the pages under `preamble`. */
export function latexDocument(pages: readonly PlannedPage[], preamble: string): string {
  return [
    '\\documentclass[11pt]{article}',
    '\\usepackage[a4paper,margin=25mm]{geometry}',
    '\\usepackage{amsmath}',
    preamble,
    '\\pagestyle{empty}',
    '\\setlength{\\parindent}{0pt}',
    '\\setlength{\\parskip}{6pt}',
    '\\begin{document}',
    ...pages.map(pageBody),
    '\\end{document}',
    '',
  ].join('\n');
}

/** Typesets the pages in `workDir`; returns the PDF's path. Throws with the log's errors when pdflatex fails. */
export async function typesetLatex(pages: readonly PlannedPage[], preamble: string, workDir: string): Promise<string> {
  writeFileSync(join(workDir, 'formulas.tex'), latexDocument(pages, preamble));
  const env = { ...process.env, SOURCE_DATE_EPOCH: '0', FORCE_SOURCE_DATE: '1' };
  try {
    await run('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', 'formulas.tex'], {
      cwd: workDir,
      env,
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const output = (error as { stdout?: string }).stdout ?? '';
    throw new Error(
      `pdflatex failed: ${output
        .split('\n')
        .filter((line) => line.startsWith('!'))
        .join(' ')}`,
    );
  }
  return join(workDir, 'formulas.pdf');
}
