// Levenshtein distance over strings (by code point) or any sequences.

/** Edit distance (insert, delete, substitute, each cost 1) between two sequences; O(n·m) time, O(m) memory. */
export function levenshtein<T>(a: readonly T[], b: readonly T[]): number {
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  let current = new Array<number>(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}

/**
 * Edit distance divided by the longer length: 0 for equal inputs, 1 for nothing in common, and 0
 * when both are empty. Strings compare by code point, so a CJK character or an emoji counts once.
 */
export function normalizedEditDistance<T>(a: readonly T[] | string, b: readonly T[] | string): number {
  const left = typeof a === 'string' ? Array.from(a) : a;
  const right = typeof b === 'string' ? Array.from(b) : b;
  const longer = Math.max(left.length, right.length);
  return longer === 0 ? 0 : levenshtein<unknown>(left, right) / longer;
}
