import { describe, expect, it } from 'vitest';
import {
  averagePrecision,
  confusion,
  predictionConfusion,
  matchBoxes,
  scoreClass,
  scoreDetections,
  type DetectionPage,
} from './detection.js';
import { levenshtein, normalizedEditDistance } from '@folio/runtime';
import { normalizeText } from './normalize-text.js';
import { fromApiBox, fromPdfRect, fromPoly, iou, type Box } from './geometry.js';

const box = (left: number, top: number, right: number, bottom: number): Box => ({ left, top, right, bottom });

describe('IoU and coordinate conversion', () => {
  it('is 1 for equal boxes, 0 for disjoint or touching ones, and area ratio otherwise', () => {
    expect(iou(box(0, 0, 10, 10), box(0, 0, 10, 10))).toBe(1);
    expect(iou(box(0, 0, 10, 10), box(10, 0, 20, 10))).toBe(0);
    expect(iou(box(0, 0, 10, 10), box(5, 0, 15, 10))).toBeCloseTo(50 / 150);
    expect(iou(box(0, 0, 10, 10), box(2, 2, 4, 4))).toBeCloseTo(4 / 100);
    expect(iou(box(0, 0, 0, 0), box(0, 0, 0, 0))).toBe(0);
  });

  it('scales an OmniDocBench polygon and flips an ICDAR rectangle from the bottom-left origin', () => {
    expect(fromPoly([10, 20, 30, 20, 30, 40, 10, 40], 0.5)).toEqual(box(5, 10, 15, 20));
    // A 792 pt high page rendered at 2 px per point: y 700..750 from the bottom is 84..184 px from the top.
    expect(fromPdfRect({ x1: 100, y1: 700, x2: 200, y2: 750 }, [1, 0, 0, -1, 0, 792], 2)).toEqual(
      box(200, 84, 400, 184),
    );
    // A transform that swaps the axes, as a rotated page's does: the corners are mapped, then boxed.
    expect(fromPdfRect({ x1: 100, y1: 700, x2: 200, y2: 750 }, [0, 1, 1, 0, 0, 0], 1)).toEqual(box(700, 100, 750, 200));
    expect(fromApiBox({ left: 1, top: 2, width: 3, height: 4 })).toEqual(box(1, 2, 4, 6));
  });
});

describe('edit distance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(levenshtein(Array.from('kitten'), Array.from('sitting'))).toBe(3);
    expect(levenshtein([], [1, 2])).toBe(2);
    expect(levenshtein([1, 2, 3], [1, 2, 3])).toBe(0);
  });

  it('normalizes by the longer input and counts code points', () => {
    expect(normalizedEditDistance('kitten', 'sitting')).toBeCloseTo(3 / 7);
    expect(normalizedEditDistance('', '')).toBe(0);
    expect(normalizedEditDistance('abc', '')).toBe(1);
    expect(normalizedEditDistance('中文𝑥', '中文x')).toBeCloseTo(1 / 3);
  });

  it('collapses whitespace and drops spaces between CJK characters only', () => {
    expect(normalizeText('  a \n\t b  ')).toBe('a b');
    expect(normalizeText('中 文 text 中文 x')).toBe('中文 text 中文 x');
  });
});

describe('average precision', () => {
  it('is 1 when every reference is found before any false positive', () => {
    expect(averagePrecision([true, true, false], 2)).toBeCloseTo(1);
  });

  it('samples the monotone precision at 101 recall levels', () => {
    // One FP ranked first: precision 0.5 at every recall level.
    expect(averagePrecision([false, true], 1)).toBeCloseTo(0.5);
    // Recall 1/3 at precision 1 (levels 0..0.33), 2/3 at 2/3 (0.34..0.66), never reaches 0.67.
    expect(averagePrecision([true, false, true], 3)).toBeCloseTo((34 + 33 * (2 / 3)) / 101);
    expect(averagePrecision([], 3)).toBe(0);
  });

  it('ranks by score across pages, matches each reference once and ignores boxes on abandoned regions', () => {
    const pages: DetectionPage[] = [
      {
        predictions: [
          { box: box(0, 0, 10, 10), label: 'Text', score: 0.9 },
          { box: box(0, 0, 10, 10), label: 'Text', score: 0.8 }, // duplicate: a false positive
          { box: box(50, 50, 60, 60), label: 'Text', score: 0.95 }, // on an ignored region
        ],
        references: [{ box: box(0, 0, 10, 11), label: 'Text' }],
        ignored: [box(50, 50, 60, 60)],
      },
      {
        predictions: [{ box: box(0, 0, 5, 5), label: 'Title', score: 0.5 }],
        references: [{ box: box(0, 0, 10, 10), label: 'Text' }],
        ignored: [],
      },
    ];
    const text = scoreClass(pages, 'Text');
    expect(text).toMatchObject({ references: 2, predictions: 2, truePositives: 1, precision: 0.5, recall: 0.5 });
    expect(text.averagePrecision).toBeCloseTo(51 / 101);
    const all = scoreDetections(pages, ['Text', 'Title', 'Table']);
    expect(all.classes.Title).toMatchObject({
      references: 0,
      predictions: 1,
      precision: 0,
      recall: null,
      averagePrecision: null,
    });
    expect(all.classes.Table).toMatchObject({ precision: null, recall: null });
    expect(all.meanAveragePrecision).toBeCloseTo(51 / 101);
  });

  it('matches boxes one to one, best overlap first', () => {
    const a = [box(0, 0, 10, 10), box(0, 0, 10, 12)];
    const b = [box(0, 0, 10, 12), box(100, 100, 110, 110)];
    expect(matchBoxes(a, b)).toEqual([-1, 0]);
  });
});

describe('confusion', () => {
  it('counts each reference under the class of its most overlapping prediction, or missed', () => {
    const page: DetectionPage = {
      references: [
        { box: box(0, 0, 100, 20), label: 'Caption' },
        { box: box(0, 50, 100, 90), label: 'Caption' },
        { box: box(0, 200, 100, 300), label: 'Picture' },
      ],
      predictions: [
        { box: box(0, 0, 100, 22), label: 'Text', score: 0.9 },
        { box: box(0, 0, 60, 20), label: 'Caption', score: 0.8 },
        { box: box(0, 200, 100, 300), label: 'Picture', score: 0.7 },
      ],
      ignored: [],
    };
    expect(confusion([page])).toEqual({ Caption: { Text: 1, missed: 1 }, Picture: { Picture: 1 } });
  });

  it('counts each prediction under the class of its most overlapping reference, ignored or unmatched', () => {
    const page: DetectionPage = {
      references: [{ box: box(0, 0, 100, 20), label: 'Caption' }],
      predictions: [
        { box: box(0, 0, 100, 22), label: 'Text', score: 0.9 },
        { box: box(0, 100, 100, 140), label: 'Text', score: 0.8 },
        { box: box(0, 200, 100, 300), label: 'Picture', score: 0.7 },
      ],
      ignored: [box(0, 195, 100, 300)],
    };
    expect(predictionConfusion([page])).toEqual({ Text: { Caption: 1, unmatched: 1 }, Picture: { ignored: 1 } });
  });
});
