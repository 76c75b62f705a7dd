// The pages as HTML, typeset three ways and printed to PDF by headless Chromium (A4, 25 mm
// margins, one <section> a page): KaTeX's HTML output with its CSS and fonts, MathJax's SVG
// output (glyphs as paths), and MathML (KaTeX's MathML output) laid out by Chromium's own MathML
// engine with the STIX Two Math font.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import katex from 'katex';
import { launchChromium } from '../../../src/browser.js';
import { mathJaxStyles, mathJaxSvg } from './mathjax-svg.js';
import { END_OF_PAGE, leadLine, sentenceParts, type PlannedPage } from './page-plan.js';

export type BrowserEngine = 'katex' | 'mathjax' | 'mathml';

const require = createRequire(import.meta.url);
const KATEX_CSS = join(dirname(require.resolve('katex')), 'katex.min.css');
/** STIX Two Math from Debian's texlive-fonts-extra (installed by `npm run eval`). */
const STIX_TWO_MATH = '/usr/share/texlive/texmf-dist/fonts/opentype/public/stix2-otf/STIXTwoMath-Regular.otf';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function renderMath(engine: BrowserEngine, latex: string, display: boolean): string {
  if (engine === 'mathjax') return mathJaxSvg(latex, display);
  const output = engine === 'katex' ? 'html' : 'mathml';
  return katex.renderToString(latex, { displayMode: display, output, throwOnError: true, strict: 'ignore' });
}

function styles(engine: BrowserEngine): string {
  const base = [
    '@page { size: A4; margin: 25mm; }',
    'body { font-family: "DejaVu Serif", serif; font-size: 11pt; line-height: 1.4; margin: 0; }',
    'section { break-after: page; }',
    'p { margin: 0 0 6pt 0; }',
    '.display { text-align: center; margin: 8pt 0; }',
  ];
  if (engine === 'katex') return `${base.join('\n')}\n.katex { font-size: 1.1em; }`;
  if (engine === 'mathjax') return `${base.join('\n')}\n${mathJaxStyles()}`;
  return [
    ...base,
    `@font-face { font-family: "Bench Math"; src: url("${pathToFileURL(STIX_TWO_MATH).href}"); }`,
    'math { font-family: "Bench Math", math; }',
  ].join('\n');
}

/** The HTML of all pages typeset by `engine`. */
export function htmlDocument(pages: readonly PlannedPage[], engine: BrowserEngine): string {
  const sections = pages.map((page) => {
    const items = page.items.map((item) => {
      const lead = `<p>${escapeHtml(leadLine(item))}</p>`;
      if (item.kind === 'display') {
        return `${lead}\n<div class="display">${renderMath(engine, item.formula.latex, true)}</div>`;
      }
      const { before, after } = sentenceParts(item.formula);
      return `${lead}\n<p>${escapeHtml(before)}${renderMath(engine, item.formula.latex, false)}${escapeHtml(after)}</p>`;
    });
    return `<section>\n${items.join('\n')}\n<p>${END_OF_PAGE}</p>\n</section>`;
  });
  const link = engine === 'katex' ? `<link rel="stylesheet" href="${pathToFileURL(KATEX_CSS).href}">` : '';
  return `<!doctype html>\n<html><head><meta charset="utf-8">${link}<style>\n${styles(engine)}\n</style></head>\n<body>\n${sections.join('\n')}\n</body></html>\n`;
}

/** Writes the HTML to `workDir` and prints it to PDF; returns the PDF's path. */
export async function printHtml(
  pages: readonly PlannedPage[],
  engine: BrowserEngine,
  workDir: string,
): Promise<string> {
  const htmlPath = join(workDir, 'formulas.html');
  const pdfPath = join(workDir, 'formulas.pdf');
  writeFileSync(htmlPath, htmlDocument(pages, engine));
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(pathToFileURL(htmlPath).href, { waitUntil: 'load' });
    await page.evaluate('document.fonts.ready.then(() => true)');
    await page.pdf({ path: pdfPath, format: 'A4', preferCSSPageSize: true, printBackground: false });
  } finally {
    await browser.close();
  }
  return pdfPath;
}
