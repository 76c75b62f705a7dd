import { describe, expect, it } from 'vitest';
import { createTask, waitForTask, type ApiSegment } from '../src/api.js';
import { makeScanWithTextLayer, makeSpacelessPdf, type PlacedLine } from '../src/fixtures.js';

// What a reader of the output trusts: the words of a PDF as its author or its archive wrote them,
// whatever the page size, with spaces and hyphenation as on the page. The API defaults throughout
// (ocr_strategy All), one segment per chunk.

async function segmentsOf(file: Buffer): Promise<ApiSegment[]> {
  const created = await createTask(file, { chunk_processing: { target_length: 0 } });
  const task = await waitForTask(created.task_id);
  expect(task.status, task.message).toBe('Succeeded');
  return task.output.chunks.flatMap((chunk) => chunk.segments);
}

const flow = (segments: ApiSegment[]): string =>
  segments
    .map((segment) => segment.text)
    .join(' ')
    .replace(/\s+/g, ' ');

/** A small (180 x 300 pt) book page, as old scanned books come out of an archive. */
const BOOK_LINES: PlacedLine[] = [
  { text: 'BRITISH HUSBANDRY', x: 30, y: 40, size: 11 },
  ...[
    'The farmer who keeps his fields',
    'in good heart will find that the',
    'rotation of crops serves him',
    'better than any purchased manure,',
    'and that his horses, kept at home',
    'through the winter, repay the',
    'trouble of their keeping many',
    'times over when the spring comes.',
  ].map((text, index) => ({ text, x: 18, y: 70 + index * 13, size: 9 })),
];

describe('text fidelity', () => {
  it("keeps a small scan's good hidden OCR layer word for word, on a page rendered at the OCR pixel target", async () => {
    const segments = await segmentsOf(makeScanWithTextLayer({ width: 180, height: 300, lines: BOOK_LINES }));
    expect(flow(segments)).toBe(BOOK_LINES.map((line) => line.text).join(' '));
    // Every word is the layer's (confidence 1), none an OCR reading of the pixels.
    const ocr = segments.flatMap((segment) => segment.ocr);
    expect(ocr.length).toBeGreaterThan(40);
    expect(ocr.every((word) => word.confidence === 1)).toBe(true);
    // A scan is rendered so its long side is 2000 pixels, not 300 (72 dpi).
    expect(segments[0]!.page_height).toBe(2000);
    expect(segments[0]!.page_width).toBe(1200);
  });

  it("reads a scan under an old OCR layer whole and keeps each line's better reading", async () => {
    // The archive's OCR misread two lines; the page prints them right.
    const misread = new Map([
      ['in good heart will find that the', 'in gond heart wi11 find tbat the'],
      ['rotation of crops serves him', 'rotatiou of crops serves hirn'],
    ]);
    const lines = BOOK_LINES.map((line) => ({ ...line, layerText: misread.get(line.text) }));
    const segments = await segmentsOf(makeScanWithTextLayer({ width: 180, height: 300, lines }));
    const text = flow(segments);
    expect(text).toContain('in good heart will find that the rotation of crops serves him');
    // Those two lines are the engine's reading, the others the layer's word for word.
    const words = segments.flatMap((segment) => segment.ocr);
    const fromEngine = words.filter((word) => word.confidence !== 1).map((word) => word.text);
    expect(fromEngine).toEqual(expect.arrayContaining(['good', 'heart', 'rotation', 'him']));
    expect(fromEngine.length).toBeLessThanOrEqual(12);
    expect(text).toContain('better than any purchased manure, and that his horses, kept at home');
  });

  it('spaces words a PDF placed without space characters and rejoins words hyphenated at line ends', async () => {
    const segments = await segmentsOf(
      makeSpacelessPdf([
        ['The', 'composition', 'of', 'the', 'board', 'reflects', 'the', 'organi-'],
        ['sations', 'that', 'founded', 'it,', 'each', 'a', 'self-'],
        ['aware', 'member', 'of', 'the', 'network.'],
      ]),
    );
    expect(flow(segments)).toBe(
      'The composition of the board reflects the organisations that founded it, each a self-aware member of the network.',
    );
  });
});
