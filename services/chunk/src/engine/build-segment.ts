import type { OcrResult, OutputSegment, SegmentExtra } from '@folio/proto/chunk/v1';
import type { BBox } from '@folio/proto/common/v1';
import type { PageSegments, Segment } from '@folio/proto/documents/v1';
import { renderAuto, type Rendered } from './auto-format.js';
import { sanitizeSegmentHtml } from './sanitize-html.js';
import type { EmbedSource, TypeConfig } from './segment-types.js';
import { toSegmentType } from './segment-types.js';
import { wordsToText } from './text.js';

/** A page's place in the document, as PageSegments gives it. */
export type PageInfo = Pick<PageSegments, 'pageIndex' | 'width' | 'height'>;

const ZERO_BOX: BBox = { left: 0, top: 0, width: 0, height: 0 };

function ocrResults(segment: Segment): OcrResult[] {
  const origin = segment.bbox ?? ZERO_BOX;
  return segment.words.map((word) => {
    const box = word.bbox ?? ZERO_BOX;
    return {
      text: word.text,
      // Each OCR result's box is relative to its segment's box (docs/behavior.md#5-the-task-as-returned).
      bbox: { left: box.left - origin.left, top: box.top - origin.top, width: box.width, height: box.height },
      confidence: word.confidence,
    };
  });
}

/** Words read with a mean recognition confidence under this are read unsure: handwriting, faint or broken print. */
export const UNSURE_READING = 0.9;

/**
 * A segment's confidence: the layout model's, lowered to its words' mean recognition confidence
 * where that is under UNSURE_READING, so that a client can tell what was read unsure (a handwritten
 * letter reads at about 0.82, printed text at 0.95 and up) and send it to a language model.
 */
function segmentConfidence(segment: Segment): number | undefined {
  const read = segment.words.map((word) => word.confidence).filter((confidence) => confidence > 0);
  if (read.length === 0) return segment.confidence;
  const mean = read.reduce((sum, confidence) => sum + confidence, 0) / read.length;
  if (mean >= UNSURE_READING) return segment.confidence;
  return segment.confidence === undefined ? mean : Math.min(segment.confidence, mean);
}

/**
 * Chooses both renderings. Strategy LLM puts the model's answer in the chosen format when there is
 * one (otherwise the segment silently keeps Auto, as `error_handling: Continue` expects); the other
 * format always comes from the Auto rules (docs/behavior.md#7-segments-content-and-chunks), so for
 * a Table the pipe table is built from the layout stage's table structure even when the model
 * wrote the HTML.
 */
function render(
  segment: Segment,
  type: ReturnType<typeof toSegmentType>,
  config: TypeConfig,
  text: string,
  extra: SegmentExtra | undefined,
): Rendered {
  const imageKey = extra?.imageKey ?? '';
  const auto = renderAuto(type, {
    text,
    words: segment.words,
    tableHtml: segment.tableHtml,
    imageKey,
    latex: segment.latex,
  });
  // A spreadsheet region's HTML comes from its cells, exact: it keeps it under the LLM strategy too.
  const llmContent =
    config.strategy === 'LLM' && extra?.llmContent && segment.sheet === undefined ? extra.llmContent : undefined;
  if (llmContent === undefined) return auto;
  if (config.format !== 'Html') return { html: auto.html, markdown: llmContent };
  // The model's HTML is untrusted (prompt injection through the document): allow-listed here, the
  // one place it becomes a segment's `html` (and so `content`), for every run old or new. An answer
  // too big to be a segment's HTML is treated like no answer.
  const html = sanitizeSegmentHtml(llmContent);
  return html === null ? auto : { html, markdown: auto.markdown };
}

/** The LaTeX of a Formula segment that has it and no language-model answer in its place. */
function latexContent(
  segment: Segment,
  type: ReturnType<typeof toSegmentType>,
  config: TypeConfig,
  extra: SegmentExtra | undefined,
): string | null {
  const latex = (segment.latex ?? '').trim();
  if (type !== 'Formula' || latex.length === 0) return null;
  return config.strategy === 'LLM' && extra?.llmContent ? null : latex;
}

function embedPart(source: EmbedSource, segment: OutputSegment): string {
  switch (source) {
    case 'Content':
      return segment.content;
    case 'LLM':
      return segment.llm ?? '';
    case 'HTML':
      return segment.html;
    case 'Markdown':
      return segment.markdown;
  }
}

/** A segment's embed: its embed sources in order, empty parts skipped, joined with a newline. */
export function segmentEmbed(segment: OutputSegment, sources: readonly EmbedSource[]): string {
  return sources
    .map((source) => embedPart(source, segment))
    .filter((part) => part.length > 0)
    .join('\n');
}

/** Builds the output form of one stored segment (content, both renderings, OCR, embed). */
export function buildSegment(
  segment: Segment,
  page: PageInfo,
  config: TypeConfig,
  extra: SegmentExtra | undefined,
): OutputSegment {
  const type = toSegmentType(segment.segmentType);
  const text = wordsToText(segment.words);
  const { html, markdown } = render(segment, type, config, text, extra);
  const output: OutputSegment = {
    segmentId: segment.segmentId,
    segmentType: type,
    bbox: segment.bbox ?? ZERO_BOX,
    pageNumber: page.pageIndex + 1,
    pageWidth: page.width,
    pageHeight: page.height,
    // A formula read as LaTeX has the LaTeX itself as its content (unless a language model answered).
    content: latexContent(segment, type, config, extra) ?? (config.format === 'Html' ? html : markdown),
    html,
    markdown,
    text,
    llm: extra?.llm,
    imageKey: extra?.imageKey ?? '',
    confidence: segmentConfidence(segment),
    ocr: ocrResults(segment),
    description: extra?.description,
    embed: '',
    // A spreadsheet region's cells travel to the API as they were read (the current API's ss_* fields).
    sheet: segment.sheet,
    fineType: segment.fineType,
  };
  output.embed = segmentEmbed(output, config.embedSources);
  return output;
}
