// The check kinds of the `checks` evaluation set and how each is decided on a task's output. Every
// check reads only what a client gets back (the segments of the chunks, in output order), so a
// check passes or fails the way a reader of the API output would judge it.
import { findAll, parseMarkup, textContent, type MarkupNode } from '../markup.js';
import { compareRendered, renderGlyphs } from '../formulas/rendered-match.js';

/** The segment fields a check reads (a subset of the API's segment). */
export interface CheckedSegment {
  segment_type: string;
  content: string;
  html: string;
  page_number: number;
}

/** "This text is on the page and comes out": a substring of the output text. */
export interface PresentCheck {
  kind: 'present';
  text: string;
  /** Compare with case; by default case is ignored. Whitespace is always normalized. */
  caseSensitive?: boolean;
}

/** "This text does not come out" (a running head, a page number, a watermark). */
export interface AbsentCheck {
  kind: 'absent';
  text: string;
  caseSensitive?: boolean;
}

/** Reading order: the first occurrence of `before` ends before the first occurrence of `after` starts. */
export interface OrderCheck {
  kind: 'order';
  before: string;
  after: string;
}

/** Table structure: in one Table segment's HTML, the cell reading `cell` is left of / above the cell reading `other`. */
export interface TableCheck {
  kind: 'table';
  cell: string;
  relation: 'left-of' | 'above';
  other: string;
}

/**
 * A Formula segment's `content` is this LaTeX: both draw the same symbols in the same places as
 * KaTeX renders them (the formula benchmark's rendered match), or both normalize alike (normalizeLatex).
 */
export interface FormulaCheck {
  kind: 'formula';
  latex: string;
}

/** A blank or near-blank document: at most `max` non-whitespace characters in all the output. */
export interface MaxCharsCheck {
  kind: 'max-chars';
  max: number;
}

/** Some segment of `segmentType` exists and, when `contains` is given, its content contains that text. */
export interface SegmentTypeCheck {
  kind: 'segment-type';
  segmentType: string;
  contains?: string;
}

/** No segment of `segmentType` comes out (e.g. no Picture on a blank scan). */
export interface NoSegmentTypeCheck {
  kind: 'no-segment-type';
  segmentType: string;
}

/**
 * The text comes out, and not in a segment of `segmentType`: a theorem statement, "Proof." or a
 * sentence that must not be typed SectionHeader. Missing text fails too, so the check cannot pass on
 * an output that dropped what it is about.
 */
export interface NotSegmentTypeCheck {
  kind: 'not-segment-type';
  segmentType: string;
  contains: string;
}

export type Check =
  | PresentCheck
  | AbsentCheck
  | OrderCheck
  | TableCheck
  | FormulaCheck
  | MaxCharsCheck
  | SegmentTypeCheck
  | NoSegmentTypeCheck
  | NotSegmentTypeCheck;

export type CheckKind = Check['kind'];

/** Every kind, in the order the summary prints them. */
export const CHECK_KINDS: readonly CheckKind[] = [
  'present',
  'absent',
  'order',
  'table',
  'formula',
  'max-chars',
  'segment-type',
  'no-segment-type',
  'not-segment-type',
];

export interface CheckResult {
  passed: boolean;
  /** Why it failed (or what it matched), short enough for one log line. */
  detail: string;
}

const QUOTES: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u2033': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
};

/**
 * Text normalization shared by the text checks: Unicode compatibility forms (ligatures such as
 * "ﬁ" become "fi"), typographic quotes and dashes as their ASCII forms, soft hyphens and zero-width
 * characters removed, every whitespace run one space, and none beside a sign or punctuation mark
 * ("(X, d)" and "(X,d)" read alike; words stay apart). Case is folded unless asked otherwise. A
 * hyphen at a line end is kept: a service that leaves "organi- sations" in its output fails a check
 * for "organisations", as a reader would notice.
 */
export function normalizeCheckText(text: string, caseSensitive = false): string {
  const folded = text
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u201a\u201b\u2032\u201c\u201d\u201e\u2033\u2010-\u2014\u2212]/gu, (c) => QUOTES[c] ?? c)
    .replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/gu, '')
    .replace(/\s+/gu, ' ')
    .replace(/ (?=[^\p{L}\p{N}\p{M} ])|(?<=[^\p{L}\p{N}\p{M} ]) /gu, '')
    .trim();
  return caseSensitive ? folded : folded.toLowerCase();
}

/** A Markdown image, `![alt](address)`: a reader sees its alt text, never its address. */
const MARKDOWN_IMAGE = /!\[((?:[^\]\\]|\\.)*)\]\([^)\s]*\)/gu;

/**
 * Inline mathematics in Markdown, `$...$` as Pandoc reads it: no space inside either dollar sign,
 * no digit after the closing one (so "$5 and $10" is money, not mathematics).
 */
const INLINE_MATH = /(?<![$\\])\$(?=[^\s$])([^$\n]*?[^\s$\\])\$(?![$\d])/gu;

/** Inline mathematics as a reader sees it drawn: the symbols KaTeX sets for it ("$\\pi$" reads "π"); kept as written when it does not render. */
function drawnMath(text: string): string {
  return text.replace(INLINE_MATH, (whole, latex: string) => {
    const glyphs = renderGlyphs(latex, false);
    return glyphs === null ? whole : glyphs.map((glyph) => glyph.symbol).join('');
  });
}

/**
 * The output's running text: every segment's content in output order, one space between segments.
 * Where a segment's content is table markup, its cells' text stands for it (tags are not text a
 * reader sees; a cell's words still count as present); a picture's Markdown reads as its alt text
 * (the crop's address holds the task id, whose digits an absent check of a page number would find);
 * inline mathematics reads as drawn.
 */
export function outputText(segments: readonly CheckedSegment[]): string {
  return segments
    .map((segment) =>
      /^\s*<table[\s>]/i.test(segment.content)
        ? tableGrids(segment.content)
            .flatMap((cells) => cells.map((cell) => cell.text))
            .join(' ')
        : drawnMath(segment.content.replace(MARKDOWN_IMAGE, (_, alt: string) => alt.replace(/\\(.)/gu, '$1'))),
    )
    .join(' ');
}

function quote(text: string, max = 60): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  return JSON.stringify(flat.length > max ? `${flat.slice(0, max)}…` : flat);
}

/** Where `needle` best matches in `haystack` (both normalized): the closest window, for a failure's detail. */
function nearest(haystack: string, needle: string): string {
  if (haystack.length === 0) return 'the output is empty';
  const words = needle.split(' ').filter((word) => word.length > 3);
  for (const word of words) {
    const at = haystack.indexOf(word);
    if (at >= 0) return `nearest: ${quote(haystack.slice(Math.max(0, at - 20), at + needle.length + 20))}`;
  }
  return `no word of it found (${haystack.length} characters of output)`;
}

function checkPresent(check: PresentCheck | AbsentCheck, segments: readonly CheckedSegment[]): CheckResult {
  const haystack = normalizeCheckText(outputText(segments), check.caseSensitive);
  const needle = normalizeCheckText(check.text, check.caseSensitive);
  if (needle.length === 0) throw new Error(`a ${check.kind} check needs non-empty text`);
  const at = haystack.indexOf(needle);
  if (check.kind === 'present')
    return at >= 0 ? { passed: true, detail: 'found' } : { passed: false, detail: nearest(haystack, needle) };
  return at < 0
    ? { passed: true, detail: 'not found' }
    : { passed: false, detail: `found: ${quote(haystack.slice(Math.max(0, at - 20), at + needle.length + 20))}` };
}

function checkOrder(check: OrderCheck, segments: readonly CheckedSegment[]): CheckResult {
  const haystack = normalizeCheckText(outputText(segments));
  const before = normalizeCheckText(check.before);
  const after = normalizeCheckText(check.after);
  if (before.length === 0 || after.length === 0) throw new Error('an order check needs two non-empty texts');
  const beforeAt = haystack.indexOf(before);
  const afterAt = haystack.indexOf(after);
  if (beforeAt < 0) return { passed: false, detail: `first text missing (${nearest(haystack, before)})` };
  if (afterAt < 0) return { passed: false, detail: `second text missing (${nearest(haystack, after)})` };
  return beforeAt + before.length <= afterAt
    ? { passed: true, detail: `at ${beforeAt} and ${afterAt}` }
    : { passed: false, detail: `second text at ${afterAt}, before the first at ${beforeAt}` };
}

/** One cell of a table laid out on its grid: rows and columns it covers (end exclusive). */
export interface GridCell {
  text: string;
  rowStart: number;
  rowEnd: number;
  colStart: number;
  colEnd: number;
}

function span(value: string | undefined): number {
  const parsed = Number.parseInt(value ?? '1', 10);
  return Number.isFinite(parsed) && parsed > 0 ? Math.min(parsed, 1000) : 1;
}

function tableRows(node: MarkupNode): MarkupNode[] {
  return node.children.flatMap((child) => {
    if (child.tag === 'tr') return [child];
    if (child.tag === 'thead' || child.tag === 'tbody' || child.tag === 'tfoot') return tableRows(child);
    return [];
  });
}

/**
 * Lays out every `<table>` of `html` on its grid, as a browser does: each cell takes the first free
 * column of its row, and a rowspan or colspan covers the slots below and to the right of it.
 */
export function tableGrids(html: string): GridCell[][] {
  return findAll(parseMarkup(html), 'table').map((table) => {
    const taken = new Set<string>();
    const cells: GridCell[] = [];
    tableRows(table).forEach((row, rowIndex) => {
      let column = 0;
      for (const cell of row.children.filter((child) => child.tag === 'td' || child.tag === 'th')) {
        while (taken.has(`${rowIndex},${column}`)) column++;
        const rows = span(cell.attributes.rowspan);
        const cols = span(cell.attributes.colspan);
        for (let r = rowIndex; r < rowIndex + rows; r++)
          for (let c = column; c < column + cols; c++) taken.add(`${r},${c}`);
        cells.push({
          text: textContent(cell),
          rowStart: rowIndex,
          rowEnd: rowIndex + rows,
          colStart: column,
          colEnd: column + cols,
        });
        column += cols;
      }
    });
    return cells;
  });
}

function overlaps(aStart: number, aEnd: number, bStart: number, bEnd: number): boolean {
  return aStart < bEnd && bStart < aEnd;
}

/** True when `a` is wholly left of `b` in a row they share (or wholly above `b` in a column they share). */
export function isPlaced(a: GridCell, relation: TableCheck['relation'], b: GridCell): boolean {
  if (relation === 'left-of') return a.colEnd <= b.colStart && overlaps(a.rowStart, a.rowEnd, b.rowStart, b.rowEnd);
  return a.rowEnd <= b.rowStart && overlaps(a.colStart, a.colEnd, b.colStart, b.colEnd);
}

function checkTable(check: TableCheck, segments: readonly CheckedSegment[]): CheckResult {
  const cellText = normalizeCheckText(check.cell);
  const otherText = normalizeCheckText(check.other);
  if (cellText.length === 0 || otherText.length === 0) throw new Error('a table check needs two non-empty cell texts');
  const tables = segments.filter((segment) => segment.segment_type === 'Table').flatMap((s) => tableGrids(s.html));
  if (tables.length === 0) return { passed: false, detail: 'no Table segment with a <table>' };
  let seen = 'neither cell found in any table';
  for (const cells of tables) {
    // A cell matches when its whole text is the wanted text (normalized), not when it merely contains
    // it: "12" must not match "112", and a merged cell holding two values is a structure error.
    const as = cells.filter((cell) => normalizeCheckText(cell.text) === cellText);
    const bs = cells.filter((cell) => normalizeCheckText(cell.text) === otherText);
    if (as.some((a) => bs.some((b) => isPlaced(a, check.relation, b))))
      return { passed: true, detail: `placed in a table of ${cells.length} cells` };
    if (as.length > 0 && bs.length > 0) seen = 'both cells found, but not placed so';
    else if (seen !== 'both cells found, but not placed so' && (as.length > 0 || bs.length > 0))
      seen =
        as.length > 0 ? `second cell ${quote(check.other)} not found` : `first cell ${quote(check.cell)} not found`;
  }
  return { passed: false, detail: seen };
}

const LATEX_ALIASES: [RegExp, string][] = [
  [/\\(?:dfrac|tfrac)/g, '\\frac'],
  [/\\le(?![a-zA-Z])/g, '\\leq'],
  [/\\ge(?![a-zA-Z])/g, '\\geq'],
  [/\\ne(?![a-zA-Z])/g, '\\neq'],
  [/\\to(?![a-zA-Z])/g, '\\rightarrow'],
  [/\\gets(?![a-zA-Z])/g, '\\leftarrow'],
  [/\\lbrace(?![a-zA-Z])/g, '\\{'],
  [/\\rbrace(?![a-zA-Z])/g, '\\}'],
  [/\\(?:lVert|rVert|Vert)(?![a-zA-Z])/g, '\\|'],
  [/\\(?:lvert|rvert|vert)(?![a-zA-Z])/g, '|'],
  [/\\operatorname\*?/g, '\\mathrm'],
  // LaTeX's named operators are their names set upright: \max draws what \operatorname*{max} does.
  [
    /\\(max|min|sup|inf|lim|liminf|limsup|log|ln|lg|exp|sin|cos|tan|cot|sec|csc|sinh|cosh|tanh|arcsin|arccos|arctan|det|dim|ker|deg|arg|gcd|hom|Pr)(?![a-zA-Z])/g,
    '\\mathrm{$1}',
  ],
  [/\\land(?![a-zA-Z])/g, '\\wedge'],
  [/\\lor(?![a-zA-Z])/g, '\\vee'],
  [/\\lnot(?![a-zA-Z])/g, '\\neg'],
  [/\\colon(?![a-zA-Z])/g, ':'],
  [/\\mid(?![a-zA-Z])/g, '|'],
  [/\\(?:text|textrm|textnormal|mbox)\{/g, '\\mathrm{'],
];

/** Commands whose braced arguments are kept; any other command takes one. */
const TWO_ARGUMENTS = new Set(['\\frac', '\\binom', '\\overset', '\\underset', '\\stackrel', '\\cfrac']);

/**
 * Drops grouping braces that are not an argument: `{x}` after `=`, `&` or another group renders as
 * `x` (pix2tex writes `{{\\mathrm{falls}}\\ x=y}`), while `\\frac{a}{b}`, `x^{n+1}` and
 * `\\mathbb{R}` keep theirs. A command takes one braced argument (two for `\\frac`-like ones), a
 * script marker one; `\\sqrt[n]` keeps waiting for its argument across the bracket.
 */
function dropGroupingBraces(text: string): string {
  const tokens = text.match(/\\[a-zA-Z]+\*?|\\.|[\s\S]/g) ?? [];
  const frames: { kept: boolean; expectAfter: number }[] = [];
  let expect = 0;
  let inOptional = false;
  let output = '';
  for (const token of tokens) {
    if (inOptional) {
      output += token;
      if (token === ']') inOptional = false;
      continue;
    }
    if (token === '{') {
      const kept = expect > 0;
      frames.push({ kept, expectAfter: kept ? expect - 1 : 0 });
      expect = 0;
      if (kept) output += token;
    } else if (token === '}') {
      const frame = frames.pop();
      if (!frame || frame.kept) output += token;
      expect = frame?.expectAfter ?? 0;
    } else if (token === '[' && expect > 0 && output.endsWith('\\sqrt')) {
      inOptional = true;
      output += token;
    } else {
      output += token;
      if (token === '^' || token === '_') expect = 1;
      else if (/^\\[a-zA-Z]+\*?$/.test(token)) expect = TWO_ARGUMENTS.has(token) ? 2 : 1;
      else expect = 0;
    }
  }
  return output;
}

const MATRIX_DELIMITERS: Record<string, [string, string]> = {
  matrix: ['', ''],
  smallmatrix: ['', ''],
  pmatrix: ['(', ')'],
  bmatrix: ['[', ']'],
  Bmatrix: ['\\{', '\\}'],
  vmatrix: ['|', '|'],
  Vmatrix: ['\\|', '\\|'],
  cases: ['\\{', ''],
};

/**
 * LaTeX normalization for comparing a recognized formula with a reference: math delimiters,
 * `\\left`/`\\right`/`\\middle` and size commands, `\\displaystyle`, spacing commands, all
 * whitespace and grouping braces that are not arguments are dropped; alignment environments
 * (`aligned`, `array` and its column spec, ...) and their `&` go while line breaks `\\\\` stay; a
 * matrix or `cases` environment becomes its delimiters (`pmatrix` -> `( ... )`, `cases` -> `\\{ ...`,
 * as `\\left\\{\\begin{array}...\\right.` reads); synonyms become one spelling (`\\le` -> `\\leq`,
 * `\\dfrac` -> `\\frac`, `\\to` -> `\\rightarrow`, `\\mid` -> `|`, `\\text{}` -> `\\mathrm{}`, ...);
 * braces around a single character or command after `^` and `_` go (`x^{2}` -> `x^2`, `\\mathbb{R}^{+}` -> `\\mathbb{R}^+`). Two
 * formulas that render alike mostly normalize alike, and nothing here changes what is drawn beyond
 * column alignment, so formulas that differ on the page still differ.
 */
export function normalizeLatex(latex: string): string {
  let text = stripDisplayDelimiters(latex);
  // A binomial is a two-row column in parentheses, however it is written.
  text = text.replace(/\\binom\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g, '($1\\\\$2)');
  // Three full stops are an ellipsis on the baseline.
  text = text.replace(/\.\s*\.\s*\./g, '\\ldots ');
  text = text.replace(/\\begin\{(\w+)\}/g, (whole, name: string) => MATRIX_DELIMITERS[name]?.[0] ?? whole);
  text = text.replace(/\\end\{(\w+)\}/g, (whole, name: string) => MATRIX_DELIMITERS[name]?.[1] ?? whole);
  text = text.replace(/\\begin\{array\}\s*\{[^{}]*\}|\\end\{array\}/g, '');
  text = text.replace(
    /\\(?:begin|end)\{(?:equation|displaymath|aligned|align|alignat|gathered|gather|split|multline|eqnarray)\*?\}/g,
    '',
  );
  text = text.replace(/\\(?:displaystyle|textstyle|scriptstyle|nonumber|notag)(?![a-zA-Z])/g, '');
  // Null delimiters draw nothing; the others stay without their sizing command.
  text = text.replace(/\\(?:left|right|middle)\s*\./g, '');
  text = text.replace(/\\(?:left|right|middle|[bB]igg?[lrm]?)(?![a-zA-Z])/g, '');
  // Spacing commands (but not the line break \\\\), ties and alignment marks.
  text = text.replace(/\\\\|\\(?:quad|qquad)(?![a-zA-Z])|\\[,;:! ]|~|&/g, (token) => (token === '\\\\' ? token : ''));
  for (const [pattern, replacement] of LATEX_ALIASES) text = text.replace(pattern, replacement);
  text = text.replace(/\s+/g, '');
  text = dropGroupingBraces(text);
  // Single-token groups after a script marker, repeated for nested cases like x^{{2}}.
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = text.replace(/([_^])\{([a-zA-Z0-9+\-*'=<>!|.,]|\\[a-zA-Z]+)\}/g, '$1$2');
  }
  // TeX reads a prime as a superscript \prime: `a'` is `a^{\prime}`, `a''` is `a^{\prime\prime}`.
  return text
    .replace(/\^\{((?:\\prime)+)\}/g, (_whole, primes: string) => "'".repeat(primes.length / 6))
    .replace(/\^\\prime(?![a-zA-Z])/g, "'");
}

/** A segment's LaTeX without the `$$`, `\\[ \\]` or `$` around it, as KaTeX takes it. */
function stripDisplayDelimiters(latex: string): string {
  return latex
    .trim()
    .replace(/^\$\$([\s\S]*)\$\$$/, '$1')
    .replace(/^\\\[([\s\S]*)\\\]$/, '$1')
    .replace(/^\$([\s\S]*)\$$/, '$1');
}

function checkFormula(check: FormulaCheck, segments: readonly CheckedSegment[]): CheckResult {
  const reference = normalizeLatex(check.latex);
  if (reference.length === 0) throw new Error('a formula check needs non-empty LaTeX');
  const formulas = segments.filter((segment) => segment.segment_type === 'Formula');
  if (formulas.length === 0) return { passed: false, detail: 'no Formula segment' };
  const matches = (content: string): boolean =>
    normalizeLatex(content) === reference || compareRendered(check.latex, stripDisplayDelimiters(content), true).match;
  if (formulas.some((segment) => matches(segment.content)))
    return { passed: true, detail: 'a Formula segment matches' };
  return {
    passed: false,
    detail: `${formulas.length} Formula segments, none matches; first: ${quote(formulas[0]!.content)}`,
  };
}

function checkMaxChars(check: MaxCharsCheck, segments: readonly CheckedSegment[]): CheckResult {
  const characters = outputText(segments).replace(/\s+/gu, '').length;
  return characters <= check.max
    ? { passed: true, detail: `${characters} characters` }
    : { passed: false, detail: `${characters} characters: ${quote(outputText(segments))}` };
}

function checkSegmentType(check: SegmentTypeCheck, segments: readonly CheckedSegment[]): CheckResult {
  const typed = segments.filter((segment) => segment.segment_type === check.segmentType);
  if (typed.length === 0) {
    const types = [...new Set(segments.map((segment) => segment.segment_type))].join(', ');
    return { passed: false, detail: `no ${check.segmentType} segment (types: ${types || 'none'})` };
  }
  if (check.contains === undefined) return { passed: true, detail: `${typed.length} segments` };
  const needle = normalizeCheckText(check.contains);
  if (needle.length === 0) throw new Error('a segment-type check with `contains` needs non-empty text');
  const match = typed.find((segment) => normalizeCheckText(segment.content).includes(needle));
  if (match) return { passed: true, detail: `found in ${quote(match.content, 40)}` };
  const holder = segments.find((segment) => normalizeCheckText(segment.content).includes(needle));
  return {
    passed: false,
    detail: holder
      ? `the text is in a ${holder.segment_type} segment`
      : `not in any segment; ${check.segmentType}: ${quote(typed[0]!.content)}`,
  };
}

function checkNotSegmentType(check: NotSegmentTypeCheck, segments: readonly CheckedSegment[]): CheckResult {
  const needle = normalizeCheckText(check.contains);
  if (needle.length === 0) throw new Error('a not-segment-type check needs non-empty text');
  const typed = segments.find(
    (segment) => segment.segment_type === check.segmentType && normalizeCheckText(segment.content).includes(needle),
  );
  if (typed) return { passed: false, detail: `in a ${check.segmentType} segment: ${quote(typed.content, 40)}` };
  // The text may run across segments (a statement split in two), so look for it in the running text.
  const haystack = normalizeCheckText(outputText(segments));
  if (!haystack.includes(needle)) return { passed: false, detail: `text missing (${nearest(haystack, needle)})` };
  const holder = segments.find((segment) => normalizeCheckText(segment.content).includes(needle));
  return { passed: true, detail: holder ? `in a ${holder.segment_type} segment` : 'across segments' };
}

/** Decides one check on a document's output segments (in output order). */
export function runCheck(check: Check, segments: readonly CheckedSegment[]): CheckResult {
  switch (check.kind) {
    case 'present':
    case 'absent':
      return checkPresent(check, segments);
    case 'order':
      return checkOrder(check, segments);
    case 'table':
      return checkTable(check, segments);
    case 'formula':
      return checkFormula(check, segments);
    case 'max-chars':
      return checkMaxChars(check, segments);
    case 'segment-type':
      return checkSegmentType(check, segments);
    case 'no-segment-type': {
      const count = segments.filter((segment) => segment.segment_type === check.segmentType).length;
      return count === 0
        ? { passed: true, detail: `no ${check.segmentType} segment` }
        : { passed: false, detail: `${count} ${check.segmentType} segments` };
    }
    case 'not-segment-type':
      return checkNotSegmentType(check, segments);
  }
}

/** A one-line description of a check, for the log and the report. */
export function describeCheck(check: Check): string {
  switch (check.kind) {
    case 'present':
      return `present ${quote(check.text)}`;
    case 'absent':
      return `absent ${quote(check.text)}`;
    case 'order':
      return `order ${quote(check.before, 30)} < ${quote(check.after, 30)}`;
    case 'table':
      return `table ${quote(check.cell, 30)} ${check.relation} ${quote(check.other, 30)}`;
    case 'formula':
      return `formula ${quote(check.latex)}`;
    case 'max-chars':
      return `at most ${check.max} characters`;
    case 'segment-type':
      return `a ${check.segmentType} segment${check.contains === undefined ? '' : ` containing ${quote(check.contains)}`}`;
    case 'no-segment-type':
      return `no ${check.segmentType} segment`;
    case 'not-segment-type':
      return `${quote(check.contains)} present, not in a ${check.segmentType} segment`;
  }
}
