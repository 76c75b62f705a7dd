import type { SegmentExtra } from '@folio/proto/chunk/v1';
import { describe, expect, it } from 'vitest';
import { makePage, makeSegment, seededRandom } from '../testing/segments.js';
import { chunkPages, type ChunkOptions } from './chunk-pages.js';
import { resolveTypeConfigs } from './segment-types.js';
import { createTokenizerRegistry, wordTokenizer } from './tokenizer.js';

function options(overrides: Partial<ChunkOptions> = {}): ChunkOptions {
  let id = 0;
  return {
    typeConfigs: resolveTypeConfigs([]),
    targetLength: 512,
    ignoreHeadersAndFooters: true,
    tokenizer: wordTokenizer,
    extras: new Map(),
    newId: () => `chunk-${++id}`,
    ...overrides,
  };
}

const config = (segmentType: string, fields: { format?: string; strategy?: string; embedSources?: string[] }) => ({
  segmentType,
  format: fields.format ?? 'Markdown',
  strategy: fields.strategy ?? 'Auto',
  cropImage: 'Auto',
  embedSources: fields.embedSources ?? ['Content'],
  extendedContext: false,
  // Unset: the strings above are read (a worker from before the typed fields).
  formatValue: 0,
  strategyValue: 0,
  cropImageValue: 0,
  embedSourceValues: [],
});

describe('chunkPages', () => {
  it('fills text, both renderings, content per format, OCR boxes relative to the segment, and page data', () => {
    const title = makeSegment('Title', 'Annual report');
    const table = makeSegment('Table', 'a b', { tableHtml: '<table><tr><td>a</td><td>b</td></tr></table>' });
    const { chunks } = chunkPages([makePage(0, []), makePage(1, [title, table])], options());
    const [first, second] = chunks[0]!.segments;
    expect(first).toMatchObject({
      segmentType: 'Title',
      text: 'Annual report',
      html: '<h1>Annual report</h1>',
      markdown: '# Annual report',
      content: '# Annual report',
      pageNumber: 2,
      pageWidth: 1000,
      pageHeight: 1400,
      confidence: 0.8,
      embed: '# Annual report',
    });
    expect(first!.ocr[0]).toEqual({
      text: 'Annual',
      bbox: { left: 0, top: 0, width: 60, height: 16 },
      confidence: 0.9,
    });
    // Tables default to Html.
    expect(second!.content).toBe('<table><tr><td>a</td><td>b</td></tr></table>');
    expect(second!.markdown).toBe('| a | b |\n| --- | --- |');
  });

  it("lowers a segment's layout confidence to its words' mean recognition confidence where they read unsure", () => {
    const handwritten = makeSegment('Text', 'My dear Margaret');
    for (const word of handwritten.words) word.confidence = 0.7;
    const printed = makeSegment('Text', 'Annual report');
    for (const word of printed.words) word.confidence = 0.97;
    const { chunks } = chunkPages([makePage(0, [handwritten, printed])], options());
    const [unsure, sure] = chunks.flatMap((chunk) => chunk.segments).map((segment) => segment.confidence);
    expect(unsure).toBeCloseTo(0.7, 9);
    expect(sure).toBe(0.8);
  });

  it("processes a segment by its finer type's config when the request has one, else by its v1 type's, and keeps the finer type", () => {
    const pageNumber = makeSegment('PageFooter', '12', { fineType: 'PageNumber' });
    const footer = makeSegment('PageFooter', 'Confidential');
    const legend = makeSegment('Text', 'Revenue Costs', { fineType: 'Legend' });
    const pages = [makePage(0, [legend, footer, pageNumber])];
    // A current-API task that ignores page numbers only, and keeps headers and footers.
    const current = resolveTypeConfigs([
      config('PageNumber', { strategy: 'Ignore' }),
      config('Legend', { format: 'Html' }),
    ]);
    const kept = chunkPages(pages, options({ typeConfigs: current, ignoreHeadersAndFooters: false })).chunks.flatMap(
      (chunk) => chunk.segments,
    );
    expect(kept.map((segment) => [segment.segmentType, segment.fineType, segment.content])).toEqual([
      ['Text', 'Legend', '<p>Revenue Costs</p>'],
      ['PageFooter', undefined, 'Confidential'],
    ]);
    // A v1 task has no finer types: the page number is the PageFooter v1 shows, dropped with the footers.
    const v1 = chunkPages(
      pages,
      options({ typeConfigs: resolveTypeConfigs([config('PageFooter', { strategy: 'Auto' })]) }),
    );
    expect(v1.chunks.flatMap((chunk) => chunk.segments).map((segment) => segment.text)).toEqual(['Revenue Costs']);
    const v1Kept = chunkPages(pages, options({ ignoreHeadersAndFooters: false })).chunks.flatMap(
      (chunk) => chunk.segments,
    );
    expect(v1Kept.map((segment) => [segment.segmentType, segment.content])).toEqual([
      ['Text', 'Revenue Costs'],
      ['PageFooter', 'Confidential'],
      ['PageFooter', '12'],
    ]);
  });

  it('uses the language model answer for the chosen format and Auto for the other', () => {
    const table = makeSegment('Table', 'x', { tableHtml: '<table><tr><td>x</td></tr></table>' });
    const formula = makeSegment('Formula', 'E = mc2');
    const extras = new Map<string, SegmentExtra>([
      [
        table.segmentId,
        {
          segmentId: table.segmentId,
          imageKey: 'crops/t.png',
          llmContent: '<table><tr><th>h</th></tr><tr><td>v</td></tr></table>',
          llm: 'custom answer',
        },
      ],
    ]);
    const typeConfigs = resolveTypeConfigs([
      config('Table', { format: 'Html', strategy: 'LLM', embedSources: ['Markdown', 'LLM'] }),
      config('Formula', { strategy: 'LLM' }),
    ]);
    const { chunks } = chunkPages([makePage(0, [table, formula])], options({ typeConfigs, extras }));
    const [tableOut, formulaOut] = chunks[0]!.segments;
    expect(tableOut).toMatchObject({
      content: '<table><tr><th>h</th></tr><tr><td>v</td></tr></table>',
      // The other format follows the Auto rules: the layout stage's table structure.
      markdown: '| x |\n| --- |',
      llm: 'custom answer',
      imageKey: 'crops/t.png',
      embed: '| x |\n| --- |\ncustom answer',
    });
    // No answer for the formula: Auto keeps it.
    expect(formulaOut!.content).toBe('$E = mc2$');
  });

  it('puts a language model HTML answer into html and content only through the allow-list', () => {
    const table = makeSegment('Table', 'x', { tableHtml: '<table><tr><td>x</td></tr></table>' });
    const picture = makeSegment('Picture', 'chart');
    const extras = new Map<string, SegmentExtra>([
      [
        table.segmentId,
        {
          segmentId: table.segmentId,
          imageKey: 'crops/t.png',
          llmContent:
            '<table onmouseover="alert(1)"><tr><td colspan="2" style="x">v<script>alert(2)</script></td></tr></table><iframe src="javascript:alert(3)"></iframe>',
        },
      ],
      [
        picture.segmentId,
        { segmentId: picture.segmentId, imageKey: 'crops/p.png', llmContent: `<p>${'<b>'.repeat(30_000)}</p>` },
      ],
    ]);
    const typeConfigs = resolveTypeConfigs([
      config('Table', { format: 'Html', strategy: 'LLM', embedSources: ['HTML'] }),
      config('Picture', { format: 'Html', strategy: 'LLM' }),
    ]);
    const { chunks } = chunkPages([makePage(0, [table, picture])], options({ typeConfigs, extras, targetLength: 0 }));
    const [tableOut, pictureOut] = chunks.flatMap((chunk) => chunk.segments);
    const clean = '<table><tr><td colspan="2">v</td></tr></table>';
    expect(tableOut).toMatchObject({ html: clean, content: clean, embed: clean });
    // An answer with more tags than any segment holds is not parsed: the segment keeps Auto.
    expect(pictureOut!.html).toMatch(/^<img/);
  });

  it('gives a Formula read as LaTeX the LaTeX as content, $$ ... $$ as Markdown and an escaped span as HTML', () => {
    const formula = { ...makeSegment('Formula', 'E = mc2'), latex: 'E=mc^{2}<\\infty' };
    const typeConfigs = resolveTypeConfigs([config('Formula', { format: 'Html', strategy: 'LLM' })]);
    const [out] = chunkPages([makePage(0, [formula])], options({ typeConfigs })).chunks[0]!.segments;
    expect(out).toMatchObject({
      content: 'E=mc^{2}<\\infty',
      markdown: '$$ E=mc^{2}<\\infty $$',
      html: '<span class="formula">E=mc^{2}&lt;\\infty</span>',
      // `text` stays the words the page holds.
      text: 'E = mc2',
    });
  });

  it('builds a segment embed from its embed_sources in order, skipping empty parts (HTML, Content, LLM, description kept)', () => {
    const text = makeSegment('Text', 'a < b');
    const extras = new Map<string, SegmentExtra>([
      [text.segmentId, { segmentId: text.segmentId, imageKey: '', description: 'A comparison.' }],
    ]);
    const typeConfigs = resolveTypeConfigs([
      config('Text', { format: 'Html', embedSources: ['HTML', 'LLM', 'Content', 'Markdown'] }),
    ]);
    const [segment] = chunkPages([makePage(0, [text])], options({ typeConfigs, extras })).chunks[0]!.segments;
    // No `llm` answer: that part is empty and skipped.
    expect(segment).toMatchObject({
      content: '<p>a &lt; b</p>',
      embed: '<p>a &lt; b</p>\n<p>a &lt; b</p>\na < b',
      description: 'A comparison.',
    });
    expect(segment!.llm).toBeUndefined();
  });

  it('drops Ignore types and, when asked, page headers and footers', () => {
    const page = makePage(0, [
      makeSegment('PageHeader', 'Head'),
      makeSegment('Text', 'Body'),
      makeSegment('Footnote', 'Note'),
      makeSegment('PageFooter', 'Foot'),
    ]);
    const typeConfigs = resolveTypeConfigs([config('Footnote', { strategy: 'Ignore' })]);
    const types = (ignoreHeadersAndFooters: boolean): string[] =>
      chunkPages([page], options({ typeConfigs, ignoreHeadersAndFooters })).chunks.flatMap((chunk) =>
        chunk.segments.map((s) => s.segmentType),
      );
    expect(types(true)).toEqual(['Text']);
    expect(types(false)).toEqual(['PageHeader', 'Text', 'PageFooter']);
  });

  it('builds chunk embeds and lengths from the segments embeds, skipping empty ones', () => {
    const page = makePage(0, [
      makeSegment('SectionHeader', 'Intro'),
      makeSegment('Text', ''),
      makeSegment('Text', 'one two three'),
    ]);
    const [chunk] = chunkPages([page], options()).chunks;
    expect(chunk).toMatchObject({ chunkId: 'chunk-1', embed: '## Intro\none two three', chunkLength: 5 });
  });

  // Its speed is measured by `npm run bench` (case chunk-10k), not asserted here: a timed test fails
  // on a busy machine and proves nothing on a fast one.
  it('chunks 10 000 segments with Cl100kBase, keeping every segment', async () => {
    const tokenizer = await createTokenizerRegistry().load('Cl100kBase');
    const random = seededRandom(42);
    const vocabulary = [
      'revenue',
      'grew',
      'by',
      '12%',
      'in',
      'the',
      'third',
      'quarter',
      'Zürich',
      'naïve',
      'data',
      '2024',
    ];
    const pages = Array.from({ length: 500 }, (_, pageIndex) =>
      makePage(
        pageIndex,
        Array.from({ length: 20 }, (_, index) => {
          const words = Array.from(
            { length: 5 + Math.floor(random() * 60) },
            () => vocabulary[Math.floor(random() * vocabulary.length)],
          );
          return makeSegment(index === 0 ? 'SectionHeader' : 'Text', words.join(' '));
        }),
      ),
    );
    const output = chunkPages(pages, options({ tokenizer }));
    expect(output.chunks.flatMap((chunk) => chunk.segments)).toHaveLength(10_000);
  });
});
