import sanitizeHtml from 'sanitize-html';

/*
 * A language model's HTML answer is untrusted: a hostile document can talk the model into writing
 * `<script>`, event handlers or `javascript:` links (prompt injection), and clients render segment
 * `html` as it is. So the model's HTML reaches a segment only through this allow-list (issue 17).
 * sanitize-html parses with htmlparser2 (no DOM) and rebuilds the markup from the allowed parts:
 * whatever is not listed is dropped, never escaped into look-alike text.
 */

/** The most rows or columns one cell may span: the HTML standard's colspan cap, and more than any real table. */
const MAX_SPAN = 1000;

/** Structure and text markup a table, a transcribed page or a picture description needs. */
const TEXT_TAGS =
  'p br hr h1 h2 h3 h4 h5 h6 div span blockquote pre code ul ol li dl dt dd strong b em i u s sub sup small mark'.split(
    ' ',
  );
const TABLE_TAGS = 'table caption colgroup col thead tbody tfoot tr th td'.split(' ');
/** Presentation MathML a formula may come as; no `annotation-xml`, which can carry HTML. */
const MATH_TAGS =
  'math semantics annotation mrow mi mn mo mtext mspace ms msup msub msubsup mfrac msqrt mroot mover munder munderover mtable mtr mtd mfenced'.split(
    ' ',
  );

/**
 * Elements whose content goes with them: dropping only the tags of `<script>alert(1)</script>`
 * would leave the code as visible text.
 */
const DROPPED_WITH_CONTENT =
  'script style textarea option noscript iframe frame frameset object embed template svg head title xmp noembed noframes select button annotation-xml'.split(
    ' ',
  );

/** A span count as HTML reads it, or null when it is not a plain positive integer. */
function spanValue(value: string | undefined): string | null {
  if (value === undefined || !/^\s*\d{1,7}\s*$/.test(value)) return null;
  const count = Number.parseInt(value, 10);
  return count >= 1 ? String(Math.min(count, MAX_SPAN)) : null;
}

/** Keeps a cell's spans only as bounded positive integers. */
function cleanCell(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const kept: sanitizeHtml.Attributes = {};
  for (const name of ['rowspan', 'colspan'] as const) {
    const value = spanValue(attribs[name]);
    if (value !== null) kept[name] = value;
  }
  if (attribs.scope !== undefined && /^(row|col|rowgroup|colgroup)$/.test(attribs.scope)) kept.scope = attribs.scope;
  return { tagName, attribs: kept };
}

/** Keeps a list's `start` only as an integer. */
function cleanList(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const start = attribs.start;
  const kept: sanitizeHtml.Attributes = {};
  if (start !== undefined && /^\s*-?\d{1,9}\s*$/.test(start)) kept.start = String(Number.parseInt(start, 10));
  return { tagName, attribs: kept };
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...TEXT_TAGS, ...TABLE_TAGS, ...MATH_TAGS],
  allowedAttributes: {
    td: ['rowspan', 'colspan'],
    th: ['rowspan', 'colspan', 'scope'],
    col: ['span'],
    colgroup: ['span'],
    ol: ['start'],
    span: ['class'],
    div: ['class'],
    math: ['display'],
    annotation: ['encoding'],
  },
  // The classes the Auto rules write (docs/behavior.md#7-segments-content-and-chunks); anything
  // else is dropped from the attribute.
  allowedClasses: {
    span: ['formula', 'caption', 'footnote'],
    div: ['page', 'page-header', 'page-footer'],
  },
  // No element keeps a URL attribute, so no scheme is ever needed.
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'action', 'formaction', 'xlink:href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  allowVulnerableTags: false,
  transformTags: {
    td: cleanCell,
    th: cleanCell,
    ol: cleanList,
  },
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
};

/**
 * The most tags one answer may hold. The parser is quadratic in unclosed nested tags (50,000 `<b>`
 * took 1.9 s, 100,000 7.6 s), which a prompt-injected answer can produce; a page transcription or
 * a large table has a few thousand.
 */
export const MAX_HTML_TAGS = 20_000;

function tagCount(html: string): number {
  let count = 0;
  for (let at = html.indexOf('<'); at !== -1 && count <= MAX_HTML_TAGS; at = html.indexOf('<', at + 1)) count++;
  return count;
}

/**
 * Cuts a language model's HTML answer down to the segment allow-list: tables (cells keep bounded
 * `rowspan`/`colspan`), headings, paragraphs, lists, inline emphasis, presentation MathML and the
 * `class` values the Auto rules use (`span.formula` ...). Scripts, styles, frames, forms, images,
 * links, event handlers, `style` attributes and every URL go; text stays, HTML-escaped. Null when
 * the answer has more than `MAX_HTML_TAGS` tags: not a segment's HTML, and too costly to parse.
 */
export function sanitizeSegmentHtml(html: string): string | null {
  if (tagCount(html) > MAX_HTML_TAGS) return null;
  return sanitizeHtml(html, OPTIONS);
}
