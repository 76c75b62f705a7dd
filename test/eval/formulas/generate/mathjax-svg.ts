// MathJax 3 in Node: TeX input with every package but `noundefined` (so an unknown command is an
// error, not red text), SVG output with the glyph paths inline in each formula.
import { liteAdaptor } from 'mathjax-full/js/adaptors/liteAdaptor.js';
import { RegisterHTMLHandler } from 'mathjax-full/js/handlers/html.js';
import { TeX } from 'mathjax-full/js/input/tex.js';
import { AllPackages } from 'mathjax-full/js/input/tex/AllPackages.js';
import { mathjax } from 'mathjax-full/js/mathjax.js';
import { SVG } from 'mathjax-full/js/output/svg.js';

const adaptor = liteAdaptor();
RegisterHTMLHandler(adaptor);
const svg = new SVG({ fontCache: 'none' });
const mathDocument = mathjax.document('', {
  InputJax: new TeX({
    packages: AllPackages.filter((name) => name !== 'noundefined'),
    formatError: (_jax: unknown, error: Error) => {
      throw error;
    },
  }),
  OutputJax: svg,
});

/** The `<mjx-container>` markup of one formula. */
export function mathJaxSvg(latex: string, display: boolean): string {
  return adaptor.outerHTML(mathDocument.convert(latex, { display }) as Parameters<typeof adaptor.outerHTML>[0]);
}

/** The CSS MathJax's SVG output needs on the page. */
export function mathJaxStyles(): string {
  return adaptor.textContent(svg.styleSheet(mathDocument) as Parameters<typeof adaptor.textContent>[0]);
}
