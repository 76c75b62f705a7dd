import { SEGMENT_TYPES, type SegmentType } from '@folio/proto/segment-types';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../testing/segments.js';
import { packChunks, type PackItem } from './pack.js';

function items(...spec: [SegmentType, number][]): PackItem[] {
  return spec.map(([type, tokens]) => ({ type, tokens }));
}

function total(chunk: number[], list: PackItem[]): number {
  return chunk.reduce((sum, index) => sum + (list[index]?.tokens ?? 0), 0);
}

function randomItems(random: () => number, count: number): PackItem[] {
  return Array.from({ length: count }, () => ({
    type: SEGMENT_TYPES[Math.floor(random() * SEGMENT_TYPES.length)] ?? 'Text',
    // Mostly small segments, some larger than any target, some empty.
    tokens: random() < 0.1 ? Math.floor(random() * 2000) : Math.floor(random() * 120),
  }));
}

/** Chunk holds one unit: one segment, or a Table/Picture with a Caption before and/or after it. */
function isSingleUnit(chunk: number[], list: PackItem[]): boolean {
  const shape = chunk
    .map((index) => list[index]?.type)
    .map((type) => (type === 'Caption' ? 'C' : type === 'Table' || type === 'Picture' ? 'V' : 'X'))
    .join('');
  return shape.length === 1 || ['VC', 'CV', 'CVC'].includes(shape);
}

describe('packing', () => {
  it('keeps order, loses and duplicates nothing, and respects the length bound (seeded random inputs)', () => {
    const random = seededRandom(20240611);
    for (let round = 0; round < 300; round++) {
      const list = randomItems(random, Math.floor(random() * 60));
      const target = 1 + Math.floor(random() * 600);
      const chunks = packChunks(list, target);
      expect(chunks.flat()).toEqual(list.map((_, index) => index));
      for (const chunk of chunks) {
        expect(chunk.length).toBeGreaterThan(0);
        if (total(chunk, list) > target) expect(isSingleUnit(chunk, list)).toBe(true);
      }
    }
  });

  it('never puts a heading after body text in the same chunk (seeded random inputs)', () => {
    const random = seededRandom(7);
    for (let round = 0; round < 300; round++) {
      const list = randomItems(random, 40);
      for (const chunk of packChunks(list, 1 + Math.floor(random() * 400))) {
        let seenBody = false;
        for (const index of chunk) {
          const type = list[index]?.type;
          const heading = type === 'Title' || type === 'SectionHeader';
          if (heading) expect(seenBody).toBe(false);
          else seenBody = true;
        }
      }
    }
  });

  it('fills chunks greedily up to the target', () => {
    expect(packChunks(items(['Text', 3], ['Text', 3], ['Text', 3], ['Text', 3]), 6)).toEqual([
      [0, 1],
      [2, 3],
    ]);
    expect(packChunks(items(['Text', 3], ['Text', 10], ['Text', 3]), 6)).toEqual([[0], [1], [2]]);
  });

  it('starts a chunk at a heading that follows body text, and keeps a heading with its text', () => {
    const list = items(['Title', 2], ['Text', 5], ['SectionHeader', 2], ['SectionHeader', 2], ['Text', 5]);
    expect(packChunks(list, 100)).toEqual([
      [0, 1],
      [2, 3, 4],
    ]);
  });

  it('keeps a Table or Picture with its Caption, on either side', () => {
    expect(packChunks(items(['Text', 5], ['Table', 5], ['Caption', 2]), 10)).toEqual([[0], [1, 2]]);
    expect(packChunks(items(['Text', 5], ['Caption', 2], ['Picture', 5]), 10)).toEqual([[0], [1, 2]]);
    // A caption between two visuals belongs to the one before it.
    expect(packChunks(items(['Picture', 1], ['Caption', 1], ['Picture', 1]), 2)).toEqual([[0, 1], [2]]);
    // An oversized pair is a chunk of its own.
    expect(packChunks(items(['Table', 50], ['Caption', 5], ['Text', 1]), 10)).toEqual([[0, 1], [2]]);
  });

  it('puts every segment in its own chunk when the target is 0', () => {
    expect(packChunks(items(['Title', 1], ['Table', 1], ['Caption', 1]), 0)).toEqual([[0], [1], [2]]);
  });
});
