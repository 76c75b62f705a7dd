/** Rank of merging two adjacent symbols (lower merges first); undefined: they never merge. */
export type RankOf = (left: string, right: string) => number | undefined;

/**
 * Byte-pair merging, counting the symbols left: repeatedly merge the adjacent pair of lowest rank,
 * the leftmost on ties, until no pair has a rank. `null` marks a symbol that never merges (an
 * unknown character); it is not counted. `join` builds the merged symbol.
 *
 * Candidate merges wait in a binary heap ordered by (rank, position), as Hugging Face tokenizers'
 * `merge_all` keeps them, so a piece of n symbols costs O(n log n). tiktoken's reference loop and
 * the earlier version here rescanned every pair after each merge, O(n^2) string joins per piece:
 * one 8,000-character "word" took 9 s and stalled the stage (issue 17). The order of merges, and
 * so the count, is the same as the quadratic loop's.
 */
export function countMerged(symbols: readonly (string | null)[], rankOf: RankOf, join: (left: string, right: string) => string): number {
  const n = symbols.length;
  if (n < 2) return symbols.filter((symbol) => symbol !== null).length;
  const values = symbols.slice();
  const next = new Int32Array(n);
  const previous = new Int32Array(n);
  // A heap entry is stale once the pair at its position changed; the version says which it saw.
  const versions = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    next[i] = i + 1 < n ? i + 1 : -1;
    previous[i] = i - 1;
  }
  const heap = new MergeHeap();
  const offer = (position: number): void => {
    const right = next[position] ?? -1;
    if (right < 0) return;
    const left = values[position];
    const rightValue = values[right];
    if (left === null || left === undefined || rightValue === null || rightValue === undefined) return;
    const rank = rankOf(left, rightValue);
    if (rank !== undefined) heap.push(rank, position, versions[position] ?? 0);
  };
  for (let i = 0; i + 1 < n; i++) offer(i);
  for (;;) {
    const top = heap.pop();
    if (top === undefined) break;
    const { position, version } = top;
    if (versions[position] !== version) continue;
    const right = next[position] ?? -1;
    // Offered pairs have a right neighbour and both symbols known; versions guard later changes.
    const merged = join(values[position] as string, values[right] as string);
    values[position] = merged;
    values[right] = null;
    const after = next[right] ?? -1;
    next[position] = after;
    if (after >= 0) previous[after] = position;
    versions[right] = -1;
    versions[position] = (versions[position] ?? 0) + 1;
    offer(position);
    const before = previous[position] ?? -1;
    if (before >= 0) {
      versions[before] = (versions[before] ?? 0) + 1;
      offer(before);
    }
  }
  // Merged-away symbols were set to null, so every non-null value is one symbol left.
  let count = 0;
  for (const value of values) if (value !== null) count++;
  return count;
}

/** A binary min-heap of (rank, position, version), ordered by rank then position. */
class MergeHeap {
  private readonly ranks: number[] = [];
  private readonly positions: number[] = [];
  private readonly versions: number[] = [];

  push(rank: number, position: number, version: number): void {
    let i = this.ranks.length;
    this.ranks.push(rank);
    this.positions.push(position);
    this.versions.push(version);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  pop(): { position: number; version: number } | undefined {
    const size = this.ranks.length;
    if (size === 0) return undefined;
    const top = { position: this.positions[0] ?? 0, version: this.versions[0] ?? 0 };
    this.swap(0, size - 1);
    this.ranks.pop();
    this.positions.pop();
    this.versions.pop();
    const last = size - 1;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < last && this.less(left, smallest)) smallest = left;
      if (right < last && this.less(right, smallest)) smallest = right;
      if (smallest === i) break;
      this.swap(i, smallest);
      i = smallest;
    }
    return top;
  }

  private less(a: number, b: number): boolean {
    const rankA = this.ranks[a] ?? 0;
    const rankB = this.ranks[b] ?? 0;
    return rankA < rankB || (rankA === rankB && (this.positions[a] ?? 0) < (this.positions[b] ?? 0));
  }

  private swap(a: number, b: number): void {
    swapIn(this.ranks, a, b);
    swapIn(this.positions, a, b);
    swapIn(this.versions, a, b);
  }
}

function swapIn(array: number[], a: number, b: number): void {
  const value = array[a] ?? 0;
  array[a] = array[b] ?? 0;
  array[b] = value;
}
