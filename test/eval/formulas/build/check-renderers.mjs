// Reads a JSON list of LaTeX formulas on stdin and writes, for each, whether KaTeX and MathJax
// (TeX input with all packages, SVG output) render it without an error. Used by build_set.py.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

const require = createRequire(import.meta.url);
const katex = require('katex');
const { mathjax } = require('mathjax-full/js/mathjax.js');
const { TeX } = require('mathjax-full/js/input/tex.js');
const { SVG } = require('mathjax-full/js/output/svg.js');
const { liteAdaptor } = require('mathjax-full/js/adaptors/liteAdaptor.js');
const { RegisterHTMLHandler } = require('mathjax-full/js/handlers/html.js');
const { AllPackages } = require('mathjax-full/js/input/tex/AllPackages.js');

const adaptor = liteAdaptor();
RegisterHTMLHandler(adaptor);
const mathDocument = mathjax.document('', {
  InputJax: new TeX({
    packages: AllPackages.filter((name) => name !== 'noundefined'),
    formatError: (_jax, error) => {
      throw error;
    },
  }),
  OutputJax: new SVG({ fontCache: 'none' }),
});

function katexRenders(latex, display) {
  try {
    katex.renderToString(latex, { displayMode: display, throwOnError: true, strict: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function mathJaxRenders(latex, display) {
  try {
    const markup = adaptor.outerHTML(mathDocument.convert(latex, { display }));
    return !markup.includes('data-mjx-error') && !markup.includes('merror');
  } catch {
    return false;
  }
}

const items = JSON.parse(readFileSync(0, 'utf8'));
const results = items.map(({ latex, display }) => ({
  katex: katexRenders(latex, display),
  mathjax: mathJaxRenders(latex, display),
}));
process.stdout.write(JSON.stringify(results));
