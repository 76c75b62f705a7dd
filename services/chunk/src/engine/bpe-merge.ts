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
export function countMerged(
  symbols: readonly (string | null)[],
  rankOf: RankOf,
  join: (left: string, right: string) => string,
): number {
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
  const heap = new MergeHeap(n);
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
  while (heap.pop()) {
    const position = heap.position;
    if (versions[position] !== heap.version) continue;
    const right = next[position] ?? -1;
    // Offered pairs have a right neighbour and both symbols known; versions guard later changes.
    values[position] = join(values[position] as string, values[right] as string);
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

/** Positions below 2^32 and ranks below 2^21 pack exactly into one float64 key: rank, then position. */
const POSITION_RANGE = 2 ** 32;

/** Ranks `countMerged` can order exactly (cl100k has 100,256; hub BPE files a few hundred thousand). */
export const MAX_MERGE_RANKS = 2 ** 21;

/**
 * A binary min-heap of (rank, position, version) in typed arrays, ordered by rank then position.
 * `pop` leaves the entry in `position` and `version` instead of allocating an object per merge.
 */
class MergeHeap {
  private keys: Float64Array;
  private versions: Int32Array;
  private size = 0;
  position = 0;
  version = 0;

  constructor(capacity: number) {
    this.keys = new Float64Array(Math.max(16, capacity));
    this.versions = new Int32Array(Math.max(16, capacity));
  }

  push(rank: number, position: number, version: number): void {
    if (this.size === this.keys.length) this.grow();
    const key = rank * POSITION_RANGE + position;
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const parentKey = this.keys[parent] ?? 0;
      if (parentKey <= key) break;
      this.keys[i] = parentKey;
      this.versions[i] = this.versions[parent] ?? 0;
      i = parent;
    }
    this.keys[i] = key;
    this.versions[i] = version;
  }

  /** Takes the smallest entry into `position`/`version`; false when the heap is empty. */
  pop(): boolean {
    if (this.size === 0) return false;
    const top = this.keys[0] ?? 0;
    this.position = top % POSITION_RANGE;
    this.version = this.versions[0] ?? 0;
    const last = --this.size;
    const key = this.keys[last] ?? 0;
    const version = this.versions[last] ?? 0;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= last) break;
      if (child + 1 < last && (this.keys[child + 1] ?? 0) < (this.keys[child] ?? 0)) child++;
      if ((this.keys[child] ?? 0) >= key) break;
      this.keys[i] = this.keys[child] ?? 0;
      this.versions[i] = this.versions[child] ?? 0;
      i = child;
    }
    this.keys[i] = key;
    this.versions[i] = version;
    return true;
  }

  private grow(): void {
    const keys = new Float64Array(this.keys.length * 2);
    keys.set(this.keys);
    this.keys = keys;
    const versions = new Int32Array(this.versions.length * 2);
    versions.set(this.versions);
    this.versions = versions;
  }
}
