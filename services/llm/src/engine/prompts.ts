import type { SegmentFormat } from '@folio/proto/vocabulary';

/** What a job's prompt depends on. */
export interface PromptInput {
  segmentType: string;
  format: SegmentFormat;
  /** Custom prompt; empty for the built-in one. */
  customPrompt: string;
  /** OCR text of the segment, a hint. */
  text: string;
  /** Extended context: the whole page is the second image. */
  pageImage?: boolean;
  /** Extended context: the page's text; empty for none. */
  pageText?: string;
}

/** How to read the answer: which fenced block language we asked for, and how to wrap it. */
export interface AnswerSpec {
  prompt: string;
  /** Language tag we asked the fenced block to carry. */
  language: 'html' | 'markdown' | 'latex';
  /** Custom prompts answer free text; a fenced block is used when present but not required. */
  fenceRequired: boolean;
}

function fence(language: string): string {
  return `Reply with the result only, inside one \`\`\`${language} fenced code block.`;
}

function builtInPrompt(segmentType: string, format: SegmentFormat): Pick<AnswerSpec, 'prompt' | 'language'> {
  const html = format === 'Html';
  switch (segmentType) {
    case 'Table':
      return html
        ? {
            language: 'html',
            prompt: `Convert the table in the image to HTML: one <table> with <tr>, <th> and <td>, colspan and rowspan for merged cells, no styling and no text outside the table. ${fence('html')}`,
          }
        : {
            language: 'markdown',
            prompt: `Convert the table in the image to a GitHub-flavoured Markdown pipe table, repeating the text of merged cells. ${fence('markdown')}`,
          };
    case 'Formula':
      return {
        language: 'latex',
        prompt: `Transcribe the formula in the image to LaTeX, without $ or \\[ delimiters around it. ${fence('latex')}`,
      };
    case 'Picture':
    case 'GraphicalItem':
      return html
        ? {
            language: 'html',
            prompt: `Describe the picture in the image in HTML; transcribe any text in it, and give chart data as a <table>. ${fence('html')}`,
          }
        : {
            language: 'markdown',
            prompt: `Describe the picture in the image in Markdown; transcribe any text in it, and give chart data as a pipe table. ${fence('markdown')}`,
          };
    default:
      // Page and any other type the operator sends to the model: a faithful transcription.
      return html
        ? {
            language: 'html',
            prompt: `Transcribe the document content in the image to semantic HTML (h1-h6, p, ul/ol, table), keeping the reading order. Do not describe images. ${fence('html')}`,
          }
        : {
            language: 'markdown',
            prompt: `Transcribe the document content in the image to Markdown (headings, paragraphs, lists, pipe tables, formulas as LaTeX in $...$), keeping the reading order. Do not describe images. ${fence('markdown')}`,
          };
  }
}

/**
 * The page around the segment (`extended_context`): the page image, sent second, and the page's
 * text, both to read the segment in context, neither to be transcribed.
 */
function contextNote(input: PromptInput): string {
  const pageText = input.pageText?.trim() ?? '';
  if (!input.pageImage && pageText === '') return '';
  const image = input.pageImage
    ? 'The first image is the segment; the second is the whole page it comes from, for context only.'
    : 'The image is the segment.';
  const text =
    pageText === '' ? '' : `\nThe text of that page, for context only (it may contain OCR errors):\n${pageText}`;
  return `\n\n${image} Answer about the segment alone.${text}`;
}

/** The prompt and answer rules of one segment job. */
export function answerSpec(input: PromptInput): AnswerSpec {
  const hint =
    (input.text.trim()
      ? `\n\nText recognised in the image by OCR (it may contain errors):\n${input.text.trim()}`
      : '') + contextNote(input);
  if (input.customPrompt.trim()) {
    return {
      prompt: `${input.customPrompt.trim()}${hint}`,
      language: input.format === 'Html' ? 'html' : 'markdown',
      fenceRequired: false,
    };
  }
  const { prompt, language } = builtInPrompt(input.segmentType, input.format);
  return { prompt: `${prompt}${hint}`, language, fenceRequired: true };
}

const FENCE = /```[ \t]*([\w+-]*)[^\n]*\n([\s\S]*?)\n?```/g;

/**
 * The body of the answer's fenced code block: the first block tagged `language`, else the first
 * block. Null when the answer has no complete block.
 */
export function extractFencedBlock(answer: string, language: string): string | null {
  let first: string | null = null;
  for (const match of answer.matchAll(FENCE)) {
    const body = (match[2] ?? '').trim();
    if ((match[1] ?? '').toLowerCase() === language) return body;
    first ??= body;
  }
  return first;
}

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Puts a formula's LaTeX into the requested format, the same way the chunk stage's Auto rules do
 * (`$...$` in Markdown, `<span class="formula">` in HTML); other answers are already in format.
 */
export function toSegmentContent(segmentType: string, format: SegmentFormat, body: string, custom: boolean): string {
  if (custom || segmentType !== 'Formula') return body;
  const latex = body.replace(/^\$+|\$+$/g, '').trim();
  return format === 'Html'
    ? `<span class="formula">${latex.replace(/[&<>"']/g, (char) => htmlEscapes[char] ?? char)}</span>`
    : `$${latex}$`;
}
