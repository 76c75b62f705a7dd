import type { BBox } from '@folio/proto/common/v1';
import type { Word } from '@folio/proto/documents/v1';
import { EMPTY_BOX } from './geometry.js';

/**
 * Orders boxes top-to-bottom in rows, left-to-right within a row. A row is the first box not yet
 * placed plus every later box that starts above its bottom edge, so side-by-side columns read
 * column by column: the left one first, then the boxes beside it from top to bottom.
 */
export function orderByPosition<T>(items: T[], boxOf: (item: T) => BBox): T[] {
  const byTop = [...items].sort((a, b) => boxOf(a).top - boxOf(b).top || boxOf(a).left - boxOf(b).left);
  const ordered: T[] = [];
  let index = 0;
  while (index < byTop.length) {
    const anchor = boxOf(byTop[index]!);
    const bottom = anchor.top + anchor.height;
    let end = index + 1;
    while (end < byTop.length && boxOf(byTop[end]!).top < bottom) end += 1;
    // A stable sort keeps top-to-bottom order among boxes with the same left edge.
    ordered.push(...byTop.slice(index, end).sort((a, b) => boxOf(a).left - boxOf(b).left));
    index = end;
  }
  return ordered;
}

/**
 * Puts words in reading order: lines (by `lineIndex`) top to bottom, words left to right within
 * each line.
 */
export function orderWords(words: Word[]): Word[] {
  const lines = new Map<number, Word[]>();
  for (const word of words) lines.set(word.lineIndex, [...(lines.get(word.lineIndex) ?? []), word]);
  const top = (line: Word[]): number => Math.min(...line.map((w) => (w.bbox ?? EMPTY_BOX).top));
  return [...lines.entries()]
    .sort(([indexA, a], [indexB, b]) => top(a) - top(b) || indexA - indexB)
    .flatMap(([, line]) => [...line].sort((a, b) => (a.bbox ?? EMPTY_BOX).left - (b.bbox ?? EMPTY_BOX).left));
}
