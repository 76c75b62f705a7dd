import { BULLET_MARKS } from '@folio/runtime';
import type { Word } from '@folio/proto/documents/v1';
import type { SegmentType } from '@folio/proto/segment-types';
import { htmlTableToMarkdown, tableFromWords } from './html-table.js';
import { escapeHtml, flowText } from './text.js';

/**
 * Scheme of the placeholder URL that Picture html/markdown carry instead of a real link:
 * `folio-object:<image_key>`. Stored output outlives any presigned URL, so the gateway replaces
 * this exact string with a fresh URL (or a data URI) every time it serves the segment.
 */
export const IMAGE_PLACEHOLDER_SCHEME = 'folio-object:';

/** The stored-object placeholder for a crop key; the gateway swaps it for a presigned URL. */
export function imagePlaceholder(imageKey: string): string {
  return `${IMAGE_PLACEHOLDER_SCHEME}${imageKey}`;
}

/** What the Auto rules read from a segment. */
export interface AutoInput {
  /** The segment text, lines separated by newlines. */
  text: string;
  words: readonly Word[];
  /** HTML table structure (the language model's or the layout stage's); empty when none. */
  tableHtml: string;
  /** Crop storage key; empty when the segment was not cropped. */
  imageKey: string;
  /** A Formula's LaTeX as the OCR stage's formula recognizer read it; empty when not read. */
  latex?: string;
}

export interface Rendered {
  html: string;
  markdown: string;
}

const EMPTY: Rendered = { html: '', markdown: '' };

/**
 * A list marker at the start of a list item: a bullet, or a number with `.` or `)`. ASCII dashes
 * and stars need a following space, so "-5 °C" stays text.
 */
const BULLET = new RegExp(`^(?:[${BULLET_MARKS}·]\\s*|[*–—-]\\s+)`, 'u');
const NUMBER = /^\(?(\d{1,9})[.)]\s+/;

/** Splits a list item into its number (null for bullets or no marker) and its text without the marker. */
export function parseListMarker(text: string): { start: number | null; item: string } {
  const numbered = NUMBER.exec(text);
  if (numbered?.[1] !== undefined)
    return { start: Number.parseInt(numbered[1], 10), item: text.slice(numbered[0].length) };
  const bullet = BULLET.exec(text);
  if (bullet) return { start: null, item: text.slice(bullet[0].length) };
  return { start: null, item: text };
}

function listItem(text: string): Rendered {
  const { start, item } = parseListMarker(text);
  const escaped = escapeHtml(item);
  if (start === null) return { html: `<ul><li>${escaped}</li></ul>`, markdown: `- ${item}` };
  return { html: `<ol start="${start}"><li>${escaped}</li></ol>`, markdown: `${start}. ${item}` };
}

function wrap(tag: string, className: string | null, text: string, markdown: string): Rendered {
  const attribute = className === null ? '' : ` class="${className}"`;
  return { html: `<${tag}${attribute}>${escapeHtml(text)}</${tag}>`, markdown };
}

function table(input: AutoInput): Rendered {
  const html = input.tableHtml.trim() || tableFromWords(input.words);
  return { html, markdown: htmlTableToMarkdown(html) };
}

/** A formula read as LaTeX: display math in Markdown, the escaped LaTeX in a formula span. */
function latexFormula(latex: string): Rendered {
  return { html: `<span class="formula">${escapeHtml(latex)}</span>`, markdown: `$$ ${latex} $$` };
}

function picture(alt: string, imageKey: string): Rendered {
  const src = imageKey ? imagePlaceholder(imageKey) : '';
  const srcAttribute = src ? ` src="${escapeHtml(src)}"` : '';
  const markdownAlt = alt.replace(/[[\]\\]/g, (char) => `\\${char}`);
  return { html: `<img${srcAttribute} alt="${escapeHtml(alt)}">`, markdown: `![${markdownAlt}](${src})` };
}

/**
 * The Auto rules of docs/behavior.md#7-segments-content-and-chunks: both renderings of a segment
 * from its text, table structure and crop. Segments without text render as empty strings (except Picture and Table,
 * which have other sources), so empty parts drop out of embeds.
 */
export function renderAuto(type: SegmentType, input: AutoInput): Rendered {
  const flow = flowText(input.text);
  if (type === 'Picture') return picture(flow, input.imageKey);
  if (type === 'Table') return table(input);
  // A Formula whose LaTeX was read renders from it; otherwise from its words, as any text.
  const latex = type === 'Formula' ? (input.latex ?? '').trim() : '';
  if (latex.length > 0) return latexFormula(latex);
  if (flow.length === 0) return EMPTY;
  switch (type) {
    case 'Title':
      return wrap('h1', null, flow, `# ${flow}`);
    case 'SectionHeader':
      return wrap('h2', null, flow, `## ${flow}`);
    case 'Text':
      return wrap('p', null, flow, flow);
    case 'ListItem':
      return listItem(flow);
    case 'Caption':
      return wrap('span', 'caption', flow, `_${flow}_`);
    case 'Footnote':
      return wrap('span', 'footnote', flow, flow);
    case 'Formula':
      return wrap('span', 'formula', flow, `$${flow}$`);
    case 'PageHeader':
      return wrap('div', 'page-header', flow, flow);
    case 'PageFooter':
      return wrap('div', 'page-footer', flow, flow);
    case 'Page':
      // A whole page keeps its line structure: newlines are whitespace in HTML and soft breaks in Markdown.
      return wrap('div', 'page', input.text.trim(), input.text.trim());
  }
}
