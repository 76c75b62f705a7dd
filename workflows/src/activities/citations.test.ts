import type { OutputSegment } from '@folio/proto/chunk/v1';
import { describe, expect, it } from 'vitest';
import { MAX_CITATIONS_PER_LEAF, citeLeaves, leafMetrics } from './citations.js';

function segment(segmentId: string, text: string, pageNumber = 1): OutputSegment {
  return {
    segmentId,
    segmentType: 'Text',
    bbox: { left: 10, top: 20, width: 100, height: 18 },
    pageNumber,
    pageWidth: 612,
    pageHeight: 792,
    content: text,
    html: '',
    markdown: text,
    text,
    llm: undefined,
    imageKey: '',
    confidence: undefined,
    ocr: [],
    description: undefined,
    embed: text,
  };
}

const segments = [
  segment('s1', 'Invoice   NUMBER A-17'),
  segment('s2', 'Total due: 1,250.00 EUR', 2),
  segment('s3', 'Items: bolts, nuts'),
];

describe('citeLeaves', () => {
  it('mirrors the results, citing the segments whose text holds each leaf value', () => {
    const citations = citeLeaves(
      {
        invoice: { number: 'number a-17', total: 1250 },
        items: ['bolts', 'nuts'],
        lines: [{ item: 'nuts' }],
        paid: false,
        due: null,
      },
      segments,
    ) as Record<string, unknown>;
    expect(citations).toEqual({
      invoice: {
        number: [expect.objectContaining({ segment_id: 's1' })],
        total: [expect.objectContaining({ segment_id: 's2', page_number: 2 })],
      },
      items: [expect.objectContaining({ segment_id: 's3' })],
      lines: [{ item: [expect.objectContaining({ segment_id: 's3' })] }],
      paid: [],
      due: [],
    });
    const invoice = citations.invoice as { number: unknown[] };
    expect(invoice.number[0]).toEqual({
      citation_id: 'cit_1',
      citation_type: 'Segment',
      bboxes: [{ left: 10, top: 20, width: 100, height: 18 }],
      content: 'Invoice   NUMBER A-17',
      segment_id: 's1',
      segment_type: 'Text',
      page_number: 1,
      page_width: 612,
      page_height: 792,
      ss_ranges: null,
      ss_sheet_name: null,
    });
  });

  it('cites nothing for a value the document does not contain literally, or a single character', () => {
    expect(citeLeaves({ total: 1249.99, currency: 'E', name: 'ACME' }, segments)).toEqual({
      total: [],
      currency: [],
      name: [],
    });
    expect(citeLeaves('bolts', segments)).toEqual([expect.objectContaining({ segment_id: 's3' })]);
  });

  it('cites a number only where it stands as a number of its own', () => {
    const figures = [
      segment('f1', 'Filed in 2024, 12 items at 1.25 each, 2,000 in all'),
      segment('f2', 'Total: 2 boxes, 3.00 EUR'),
    ];
    expect(citeLeaves({ count: 2, price: 1.25, year: 202, total: 3, all: 2000 }, figures)).toEqual({
      count: [expect.objectContaining({ segment_id: 'f2' })],
      price: [expect.objectContaining({ segment_id: 'f1' })],
      year: [],
      total: [expect.objectContaining({ segment_id: 'f2' })],
      all: [expect.objectContaining({ segment_id: 'f1' })],
    });
  });

  it('keeps at most a bounded number of citations per leaf', () => {
    const many = Array.from({ length: 9 }, (_, index) => segment(`m${index}`, 'repeated line'));
    expect(citeLeaves({ line: 'repeated line' }, many)).toEqual({ line: expect.any(Array) as unknown });
    expect((citeLeaves({ line: 'repeated line' }, many) as { line: unknown[] }).line).toHaveLength(
      MAX_CITATIONS_PER_LEAF,
    );
  });
});

describe('leafMetrics', () => {
  it("mirrors the results with each leaf's confidence: High where a citation backs the value, Low elsewhere", () => {
    const results = {
      invoice: { number: 'number a-17', total: 1249.99 },
      items: ['bolts', 'nuts'],
      lines: [{ item: 'nuts' }, { item: 'washers' }],
      paid: false,
      due: null,
    };
    expect(leafMetrics(results, citeLeaves(results, segments))).toEqual({
      invoice: { number: { confidence: 'High' }, total: { confidence: 'Low' } },
      items: { confidence: 'High' },
      lines: [{ item: { confidence: 'High' } }, { item: { confidence: 'Low' } }],
      paid: { confidence: 'Low' },
      due: { confidence: 'Low' },
    });
  });
});
