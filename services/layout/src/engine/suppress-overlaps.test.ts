import type { SegmentType } from '@folio/proto/segment-types';
import { describe, expect, it } from 'vitest';
import type { DetectedRegion } from './layout-engine.js';
import { suppressOverlaps } from './suppress-overlaps.js';

function region(
  segmentType: SegmentType,
  confidence: number,
  left: number,
  top: number,
  width: number,
  height: number,
): DetectedRegion {
  return { segmentType, confidence, bbox: { left, top, width, height } };
}

const summary = (regions: DetectedRegion[]): string[] =>
  regions.map((r) => `${r.segmentType}@${r.bbox.left},${r.bbox.top}`);

describe('suppressOverlaps', () => {
  it('keeps the bigger box of a formula boxed twice (with and without its equation number), with the better score', () => {
    const kept = suppressOverlaps([
      region('Formula', 0.37, 194, 336, 309, 55),
      region('Formula', 0.29, 127, 339, 1261, 37),
      region('Text', 0.9, 120, 400, 1260, 100),
    ]);
    expect(kept.map((r) => [r.segmentType, r.bbox.width, r.confidence])).toEqual([
      ['Text', 1260, 0.9],
      ['Formula', 1261, 0.37],
    ]);
  });

  it('keeps a Caption the Picture box reached over at its foot as its own region, and ends the Picture at it', () => {
    // A book illustration whose box holds its caption line and reaches past it (Huckleberry Finn, p. 22).
    const kept = suppressOverlaps([
      region('Picture', 0.477, 11, 60, 798, 1720),
      region('Caption', 0.381, 297, 1665, 303, 25),
      region('Caption', 0.3, 300, 900, 200, 25),
    ]);
    expect(kept.map((r) => [r.segmentType, r.bbox.top, r.bbox.height])).toEqual([
      ['Picture', 60, 1605],
      ['Caption', 1665, 25],
    ]);
  });

  it('drops a Text box that duplicates a typed one, keeping the more specific class when its score is close', () => {
    const kept = suppressOverlaps([region('Text', 0.7, 100, 100, 400, 30), region('ListItem', 0.5, 102, 101, 398, 29)]);
    expect(summary(kept)).toEqual(['ListItem@102,101']);
    const confident = suppressOverlaps([
      region('Text', 0.9, 100, 100, 400, 30),
      region('ListItem', 0.3, 102, 101, 398, 29),
    ]);
    expect(summary(confident)).toEqual(['Text@100,100']);
  });

  it('lets a table or picture swallow the text regions inside it', () => {
    const kept = suppressOverlaps([
      region('Text', 0.8, 120, 120, 100, 20),
      region('Table', 0.7, 100, 100, 500, 300),
      region('Text', 0.6, 300, 200, 100, 20),
      region('Caption', 0.9, 100, 410, 500, 20),
    ]);
    expect(summary(kept)).toEqual(['Caption@100,410', 'Table@100,100']);
  });

  it('keeps a small formula inside a big paragraph and side-by-side regions that merely touch', () => {
    const kept = suppressOverlaps([
      region('Text', 0.9, 100, 100, 800, 200),
      region('Formula', 0.5, 300, 150, 100, 20),
      region('Text', 0.8, 100, 305, 800, 100),
    ]);
    expect(kept).toHaveLength(3);
  });

  it('drops specks', () => {
    expect(suppressOverlaps([region('Text', 0.9, 0, 0, 3, 3)])).toEqual([]);
  });
});
