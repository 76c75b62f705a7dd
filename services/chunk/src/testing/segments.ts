import type { PageSegments, Segment, Word } from '@folio/proto/documents/v1';

/** A seeded PRNG (mulberry32): property tests must be reproducible. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Words laid out left to right, one line per `\n` in `text`, 10 px per character. */
export function makeWords(text: string, origin = { left: 100, top: 200 }): Word[] {
  const words: Word[] = [];
  text.split('\n').forEach((line, lineIndex) => {
    let left = origin.left;
    for (const part of line.split(' ').filter(Boolean)) {
      words.push({
        text: part,
        bbox: { left, top: origin.top + lineIndex * 20, width: part.length * 10, height: 16 },
        confidence: 0.9,
        blockIndex: 0,
        lineIndex,
      });
      left += part.length * 10 + 5;
    }
  });
  return words;
}

let counter = 0;

/** A segment of `type` holding `text`, its box around the words. */
export function makeSegment(type: string, text: string, extra: Partial<Segment> = {}): Segment {
  counter++;
  return {
    segmentId: `seg-${counter}`,
    segmentType: type,
    bbox: { left: 100, top: 200, width: 400, height: 100 },
    confidence: 0.8,
    words: makeWords(text),
    tableHtml: '',
    latex: '',
    ...extra,
  };
}

/** One page of segments. */
export function makePage(pageIndex: number, segments: Segment[]): PageSegments {
  return {
    pageIndex,
    width: 1000,
    height: 1400,
    segments,
    image: { key: `pages/${pageIndex}.png`, sha256: '', byteSize: 0 },
  };
}
