import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, parse } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  normalizeCheckText,
  normalizeLatex,
  runCheck,
  tableGrids,
  type Check,
  type CheckedSegment,
} from './check-kinds.js';
import { CHECK_DOCUMENTS } from './documents.js';
import { renderGlyphs } from '../formulas/rendered-match.js';
import { characterErrorRate, transcriptOf } from './transcripts.js';

function segment(segment_type: string, content: string, html = ''): CheckedSegment {
  return { segment_type, content, html, page_number: 1 };
}

const page = [
  segment('PageHeader', 'Journal of Things, Vol. 3'),
  segment('Title', 'The Power of  Storytelling'),
  segment('Text', 'Organisations tell stories. They also “listen”.'),
  segment(
    'Table',
    'Year Count',
    '<table><tr><th rowspan="2">Year</th><th colspan="2">Count</th></tr><tr><td>men</td><td>women</td></tr>' +
      '<tr><td>1990</td><td>12</td><td>112</td></tr></table>',
  ),
  segment('Formula', 'S^{n} = \\left\\{ x \\in \\mathbb{R}^{n+1} \\mid \\lVert x \\rVert = 1 \\right\\}'),
];

const pass = (check: Check, segments: readonly CheckedSegment[] = page): boolean => runCheck(check, segments).passed;

describe('check kinds', () => {
  it('present passes on the text whatever its case and spacing, and fails on text that is not there', () => {
    expect(pass({ kind: 'present', text: 'the power of storytelling' })).toBe(true);
    expect(pass({ kind: 'present', text: 'They also "listen".' })).toBe(true);
    expect(pass({ kind: 'present', text: 'the power of storytelling', caseSensitive: true })).toBe(false);
    expect(pass({ kind: 'present', text: 'Organisations tell lies.' })).toBe(false);
    expect(pass({ kind: 'present', text: 'anything' }, [])).toBe(false);
  });

  it('present does not forgive glued words or a kept line-end hyphen', () => {
    const glued = [segment('Text', 'THEPOWER OFSTORYTELLING and organi- sations')];
    expect(pass({ kind: 'present', text: 'the power of storytelling' }, glued)).toBe(false);
    expect(pass({ kind: 'present', text: 'organisations' }, glued)).toBe(false);
  });

  it('reads table markup in content as the text of its cells', () => {
    const table = [segment('Table', '<table><tr><td>Filing</td><td>Status &amp; more</td></tr></table>')];
    expect(pass({ kind: 'present', text: 'Filing Status & more' }, table)).toBe(true);
    expect(pass({ kind: 'present', text: 'td' }, table)).toBe(false);
  });

  it("reads a picture's Markdown as its alt text, not its address", () => {
    const picture = [
      segment('Picture', '![Chart of \\[18\\] sales](http://host/files/tasks/4a0918-18/crop.png?expires=18)'),
    ];
    expect(pass({ kind: 'present', text: 'Chart of [18] sales' }, picture)).toBe(true);
    expect(pass({ kind: 'absent', text: 'expires' }, picture)).toBe(true);
    expect(pass({ kind: 'absent', text: '4a0918' }, picture)).toBe(true);
  });

  it('reads inline mathematics as drawn, and dollar amounts as money', () => {
    const prose = [
      segment('Text', 'Das Paar $(X,d)$ heißt ein metrischer Raum, sodass $\\pi$ stetig wird. It cost $5 and $10.'),
    ];
    expect(pass({ kind: 'present', text: 'Das Paar (X, d) heißt ein metrischer Raum' }, prose)).toBe(true);
    expect(pass({ kind: 'present', text: 'sodass π stetig wird' }, prose)).toBe(true);
    expect(pass({ kind: 'present', text: 'It cost $5 and $10.' }, prose)).toBe(true);
    expect(pass({ kind: 'present', text: 'sodass pi stetig' }, prose)).toBe(false);
  });

  it('absent fails when the text comes out and passes when it does not', () => {
    expect(pass({ kind: 'absent', text: 'Journal of Things' })).toBe(false);
    expect(pass({ kind: 'absent', text: 'Journal of Things' }, page.slice(1))).toBe(true);
  });

  it('order needs both texts, the first ending before the second starts', () => {
    expect(pass({ kind: 'order', before: 'Power of Storytelling', after: 'Organisations tell' })).toBe(true);
    expect(pass({ kind: 'order', before: 'Organisations tell', after: 'Power of Storytelling' })).toBe(false);
    expect(pass({ kind: 'order', before: 'Power of Storytelling', after: 'not on the page' })).toBe(false);
    expect(pass({ kind: 'order', before: 'not on the page', after: 'Organisations' })).toBe(false);
    // Overlapping texts are not an order.
    expect(pass({ kind: 'order', before: 'Organisations tell', after: 'tell stories' })).toBe(false);
  });

  it('table lays spans out on the grid and matches whole cells only', () => {
    const [cells] = tableGrids(page[3]!.html);
    expect(cells?.map((cell) => [cell.text, cell.rowStart, cell.colStart])).toEqual([
      ['Year', 0, 0],
      ['Count', 0, 1],
      ['men', 1, 1],
      ['women', 1, 2],
      ['1990', 2, 0],
      ['12', 2, 1],
      ['112', 2, 2],
    ]);
    expect(pass({ kind: 'table', cell: 'Year', relation: 'left-of', other: 'women' })).toBe(true);
    expect(pass({ kind: 'table', cell: 'Count', relation: 'above', other: '112' })).toBe(true);
    expect(pass({ kind: 'table', cell: 'men', relation: 'above', other: '12' })).toBe(true);
    expect(pass({ kind: 'table', cell: 'women', relation: 'left-of', other: 'men' })).toBe(false);
    expect(pass({ kind: 'table', cell: 'Year', relation: 'above', other: '1990' })).toBe(true);
    expect(pass({ kind: 'table', cell: '1990', relation: 'above', other: 'Year' })).toBe(false);
    // "12" is a whole cell; "2" is not.
    expect(pass({ kind: 'table', cell: '1990', relation: 'left-of', other: '2' })).toBe(false);
    expect(pass({ kind: 'table', cell: 'Year', relation: 'left-of', other: 'men' }, page.slice(0, 3))).toBe(false);
  });

  it('table fails when cells sit in a flattened table that lost the header span', () => {
    const flat = segment(
      'Table',
      '',
      '<table><tr><td>Year</td><td>Count</td><td></td></tr><tr><td>1990</td><td>12</td><td>112</td></tr></table>',
    );
    expect(pass({ kind: 'table', cell: 'Count', relation: 'above', other: '112' }, [flat])).toBe(false);
  });

  it('formula compares normalized LaTeX and fails without a Formula segment', () => {
    expect(pass({ kind: 'formula', latex: 'S^n=\\{x\\in\\mathbb{R}^{n+1}\\mid\\|x\\|=1\\}' })).toBe(true);
    expect(pass({ kind: 'formula', latex: 'S^n=\\{x\\in\\mathbb{R}^{n}\\mid\\|x\\|=1\\}' })).toBe(false);
    const text = [segment('Text', 'S^n = { x ∈ R^n+1 | ||x|| = 1 }')];
    expect(pass({ kind: 'formula', latex: 'S^n=\\{x\\in\\mathbb{R}^{n+1}\\mid\\|x\\|=1\\}' }, text)).toBe(false);
  });

  it('formula passes when the segment draws the same symbols in the same places (rendered match)', () => {
    const bold = [segment('Formula', '$$D_{\\sigma}^{0\\mathrm{B}-\\mathrm{E}}=\\mathbf{r}$$')];
    expect(pass({ kind: 'formula', latex: 'D_\\sigma^{0\\,\\mathrm{B-E}} = {\\bf r}' }, bold)).toBe(true);
    expect(pass({ kind: 'formula', latex: 'D_\\sigma^{0\\,\\mathrm{B-E}} = r' }, bold)).toBe(false);
    expect(pass({ kind: 'formula', latex: 'D_\\sigma^{0\\,\\mathrm{B-E}} = \\mathbf{r}^2' }, bold)).toBe(false);
  });

  it('normalizeLatex drops delimiters, sizing and spacing, and unifies synonyms', () => {
    expect(normalizeLatex('$$ \\dfrac{a}{b} \\le c_{i} $$')).toBe(normalizeLatex('\\frac{a}{b}\\leq c_i'));
    expect(normalizeLatex('\\left( x \\right) \\, \\to y')).toBe('(x)\\rightarrowy');
    expect(normalizeLatex('x^{2}')).not.toBe(normalizeLatex('x^{22}'));
    // A binomial and a two-row column in parentheses draw alike; so do three full stops and \ldots.
    expect(normalizeLatex('\\binom{n}{x} p^x')).toBe(normalizeLatex('\\begin{pmatrix} n \\\\ x \\end{pmatrix}p^{x}'));
    expect(normalizeLatex('(i = 1, \\ldots, n)')).toBe(normalizeLatex('(i=1,...,n)'));
    expect(normalizeLatex('(i = 1, \\ldots, n)')).not.toBe(normalizeLatex('(i=1,\\cdot\\cdot,n)'));
    expect(normalizeLatex('\\mathbb{R}^{+} x_{-}')).toBe(normalizeLatex('\\mathbb{R}^+ x_-'));
    expect(normalizeLatex('x^{+-}')).not.toBe(normalizeLatex('x^+-'));
    // A prime is a superscript \\prime to TeX.
    expect(normalizeLatex('a^{\\prime}=b^{\\prime\\prime}+c^\\prime')).toBe(normalizeLatex("a'=b''+c'"));
    expect(normalizeLatex('a^{\\prime 2}')).not.toBe(normalizeLatex("a'"));
    // A named operator is its name set upright, however it is asked for.
    expect(normalizeLatex('\\operatorname*{max}(a, c) + \\log x')).toBe(normalizeLatex('\\max(a,c)+\\mathrm{log}x'));
    expect(normalizeLatex('\\max_{i} x')).not.toBe(normalizeLatex('\\min_{i} x'));
  });

  it("normalizeLatex reads a recognizer's extra grouping and array-for-cases as the reference written plainly", () => {
    const recognized =
      'd(x,y)={\\left\\{\\begin{array}{l l}{0}&{{\\mathrm{falls}}\\ x=y}\\\\ {1}&{{\\mathrm{falls}}\\ x\\neq y}\\end{array}\\right.}';
    const reference =
      'd(x, y) = \\begin{cases} 0 & \\text{falls } x = y \\\\ 1 & \\text{falls } x \\neq y \\end{cases}';
    expect(normalizeLatex(recognized)).toBe(normalizeLatex(reference));
    expect(normalizeLatex('{\\mathbb{R}}^{n+1}')).toBe('\\mathbb{R}^{n+1}');
    expect(normalizeLatex('\\left(\\begin{array}{c}{x_{1}}\\\\ {\\vdots}\\end{array}\\right)')).toBe(
      normalizeLatex('\\begin{pmatrix} x_1 \\\\ \\vdots \\end{pmatrix}'),
    );
  });

  it('normalizeLatex keeps what changes the drawing: arguments, their order, line breaks', () => {
    expect(normalizeLatex('\\frac{a}{b}')).not.toBe(normalizeLatex('\\frac{b}{a}'));
    expect(normalizeLatex('\\frac{a+b}{c}')).not.toBe(normalizeLatex('\\frac{a}{b+c}'));
    expect(normalizeLatex('x^{n+1}')).not.toBe(normalizeLatex('x^{n}+1'));
    expect(normalizeLatex('\\sqrt[3]{x+1}')).not.toBe(normalizeLatex('\\sqrt{x+1}'));
    expect(normalizeLatex('a \\\\ b')).not.toBe(normalizeLatex('a b'));
    expect(normalizeLatex('0 & \\text{falls} \\\\ 1')).toContain('\\\\');
  });

  it('max-chars counts non-whitespace characters of the whole output', () => {
    expect(pass({ kind: 'max-chars', max: 10 }, [segment('Page', ' 17 ')])).toBe(true);
    expect(pass({ kind: 'max-chars', max: 10 }, [])).toBe(true);
    expect(pass({ kind: 'max-chars', max: 10 }, [segment('Text', 'eleven chars')])).toBe(false);
  });

  it('segment-type wants a segment of the type, holding the text when one is given', () => {
    expect(pass({ kind: 'segment-type', segmentType: 'Title', contains: 'power of' })).toBe(true);
    expect(pass({ kind: 'segment-type', segmentType: 'Title', contains: 'Organisations' })).toBe(false);
    expect(pass({ kind: 'segment-type', segmentType: 'Caption' })).toBe(false);
    expect(pass({ kind: 'no-segment-type', segmentType: 'Picture' })).toBe(true);
    expect(pass({ kind: 'no-segment-type', segmentType: 'Table' })).toBe(false);
  });

  it('not-segment-type wants the text out of any segment of the type, and present', () => {
    const headed = [segment('SectionHeader', 'Theorem 2.1. Let X be compact.'), segment('Text', 'Proof. Clear.')];
    const check = (contains: string): Check => ({ kind: 'not-segment-type', segmentType: 'SectionHeader', contains });
    expect(pass(check('Theorem 2.1. Let X'), headed)).toBe(false);
    expect(pass(check('Proof.'), headed)).toBe(true);
    expect(pass(check('Theorem 2.1. Let X'), [segment('Text', 'Theorem 2.1. Let X be compact.')])).toBe(true);
    // Split over two segments (a wrapped sentence), neither a heading: still text.
    const split = [segment('Text', 'Theorem 2.1. Let'), segment('Text', 'X be compact.')];
    expect(pass(check('Let X be compact'), split)).toBe(true);
    // Dropped text is no pass: the check is about text that is on the page.
    expect(pass(check('Corollary 4.17.'), headed)).toBe(false);
    expect(pass(check('Proof.'), [])).toBe(false);
  });

  it('text normalization folds ligatures, quotes, dashes and soft hyphens but keeps words apart', () => {
    expect(normalizeCheckText('ﬁrst “quoted” – dash\u00adless')).toBe('first"quoted"-dashless');
    expect(normalizeCheckText('A  B\nC')).toBe('a b c');
    // Spacing beside signs is the typesetter's: "(X, d)" and "(X,d)" read alike, words do not glue.
    expect(normalizeCheckText('Das Paar (X, d) heißt')).toBe(normalizeCheckText('Das Paar (X,d) heißt'));
    expect(normalizeCheckText('Das Paar')).not.toBe(normalizeCheckText('DasPaar'));
  });
});

describe('the checks set', () => {
  const directory = join(import.meta.dirname, 'docs');

  it('has one entry per document file, each with a row in sources.md, and files kept small', () => {
    const files = readdirSync(directory).sort();
    expect(CHECK_DOCUMENTS.map((document) => document.file).sort()).toEqual(files);
    const sources = readFileSync(join(import.meta.dirname, 'sources.md'), 'utf8');
    for (const file of files) {
      expect(sources, file).toContain(`| ${file} |`);
      expect(statSync(join(directory, file)).size, file).toBeLessThan(600_000);
    }
  });

  it("holds at least 1,000 checks over at least 120 documents, 8 or more of each of issue 42's kinds, about 30% frozen", () => {
    expect(CHECK_DOCUMENTS.length).toBeGreaterThanOrEqual(120);
    expect(CHECK_DOCUMENTS.reduce((sum, document) => sum + document.checks.length, 0)).toBeGreaterThanOrEqual(1000);
    const kinds = [
      'single-pages',
      'book-pages',
      'handwriting',
      'forms',
      'slides',
      'newspapers',
      'multilingual',
      'rotated-scans',
      'office',
    ] as const;
    for (const kind of kinds)
      expect(CHECK_DOCUMENTS.filter((document) => document.kind === kind).length, kind).toBeGreaterThanOrEqual(8);
    const frozen = CHECK_DOCUMENTS.filter((document) => document.frozen).length / CHECK_DOCUMENTS.length;
    expect(frozen).toBeGreaterThanOrEqual(0.25);
    expect(frozen).toBeLessThanOrEqual(0.35);
  });

  it('has every formula check render in KaTeX, as the rendered match needs', () => {
    for (const document of CHECK_DOCUMENTS)
      for (const check of document.checks)
        if (check.kind === 'formula') expect(renderGlyphs(check.latex, true), check.latex).not.toBeNull();
  });

  it('has every check able to fail: each one fails on an empty output, except the blank-page kinds', () => {
    for (const document of CHECK_DOCUMENTS)
      for (const check of document.checks) {
        const onEmpty = runCheck(check, []).passed;
        const expected = check.kind === 'absent' || check.kind === 'max-chars' || check.kind === 'no-segment-type';
        expect(onEmpty, `${document.file}: ${JSON.stringify(check)}`).toBe(expected);
      }
  });

  it('has every absent, max-chars, no-segment-type and not-segment-type check fail on some output (and a not-segment-type check pass on its text as Text)', () => {
    for (const document of CHECK_DOCUMENTS)
      for (const check of document.checks) {
        if (check.kind === 'absent') expect(runCheck(check, [segment('Text', check.text)]).passed).toBe(false);
        if (check.kind === 'max-chars')
          expect(runCheck(check, [segment('Text', 'x'.repeat(check.max + 1))]).passed).toBe(false);
        if (check.kind === 'no-segment-type')
          expect(runCheck(check, [segment(check.segmentType, '')]).passed).toBe(false);
        if (check.kind === 'not-segment-type') {
          expect(runCheck(check, [segment(check.segmentType, check.contains)]).passed).toBe(false);
          expect(runCheck(check, [segment('Text', check.contains)]).passed).toBe(true);
        }
      }
  });
});

describe('the transcripts', () => {
  it('belong each to a document of the set, and the error rate counts edits per transcript character', () => {
    const names = new Set(CHECK_DOCUMENTS.map((document) => parse(document.file).name));
    for (const file of readdirSync(join(import.meta.dirname, 'transcripts'))) {
      expect(names, file).toContain(parse(file).name);
      expect(transcriptOf(`${parse(file).name}.jpg`)?.trim().length, file).toBeGreaterThan(0);
    }
    expect(characterErrorRate('My dear\nMargaret', 'My dear Margaret')).toBe(0);
    expect(characterErrorRate('abcd', 'abXd')).toBe(0.25);
    expect(characterErrorRate('abcd', 'Letterhead abcd')).toBe(2.75);
  });
});
