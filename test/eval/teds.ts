// Tree-Edit-Distance-based Similarity (TEDS) of two HTML tables, as defined with PubTabNet:
//
//   TEDS(Ta, Tb) = 1 - EditDist(Ta, Tb) / max(|Ta|, |Tb|)
//
// where |T| is the number of nodes (table, tr, td) and EditDist is the tree edit distance with
// insertion and deletion cost 1 and substitution cost 1 when the tags differ or when two cells
// differ in colspan or rowspan; two cells with equal spans cost the normalized Levenshtein
// distance of their contents (0 in the structure-only variant). Zhong, ShafieiBavani and Jimeno
// Yepes, "Image-based table recognition: data, model, and evaluation", ECCV 2020, eq. 3; reference
// code in ibm-aur-nlp/PubTabNet src/metric.py (there computed with APTED; the optimal distance
// is the same whichever exact algorithm computes it, here Zhang-Shasha).
import { normalizedEditDistance } from '@folio/runtime';
import { normalizeText } from './normalize-text.js';
import { findAll, parseMarkup, textContent, type MarkupNode } from './markup.js';

/** A node of a table tree: `table`, `tr` or `td` (a `th` reads as `td`). */
export interface TableNode {
  tag: string;
  colspan: number;
  rowspan: number;
  /** Whitespace-normalized cell text (empty for table and tr). */
  content: string;
  children: TableNode[];
}

function span(value: string | undefined): number {
  const parsed = Number.parseInt(value ?? '1', 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : 1;
}

/**
 * The rows of a `<table>` element, in order: `thead`, `tbody` and `tfoot` are looked through, so
 * a header row counts the same inside or outside `thead` (the reference structure has no such
 * sections); captions and column groups are not part of the structure.
 */
function collectRows(node: MarkupNode): MarkupNode[] {
  return node.children.flatMap((child) => {
    if (child.tag === 'tr') return [child];
    if (child.tag === 'thead' || child.tag === 'tbody' || child.tag === 'tfoot') return collectRows(child);
    return [];
  });
}

/** The table tree of the first `<table>` in `html`, or null when there is none. */
export function tableTreeFromHtml(html: string): TableNode | null {
  const table = findAll(parseMarkup(html), 'table')[0];
  if (!table) return null;
  return {
    tag: 'table',
    colspan: 1,
    rowspan: 1,
    content: '',
    children: collectRows(table).map((row) => ({
      tag: 'tr',
      colspan: 1,
      rowspan: 1,
      content: '',
      children: row.children
        .filter((cell) => cell.tag === 'td' || cell.tag === 'th')
        .map((cell) => ({
          tag: 'td',
          colspan: span(cell.attributes.colspan),
          rowspan: span(cell.attributes.rowspan),
          content: normalizeText(textContent(cell)),
          children: [],
        })),
    })),
  };
}

/** A tree in postorder with each node's leftmost leaf, as Zhang-Shasha needs. */
interface Postorder {
  nodes: TableNode[];
  /** Postorder index of the leftmost leaf under each node. */
  leftmost: number[];
  /** Nodes whose leftmost leaf no later (higher) node shares, in increasing order. */
  keyroots: number[];
}

function toPostorder(root: TableNode): Postorder {
  const nodes: TableNode[] = [];
  const leftmost: number[] = [];
  const visit = (node: TableNode): number => {
    let first = -1;
    for (const child of node.children) {
      const childLeftmost = visit(child);
      if (first < 0) first = childLeftmost;
    }
    nodes.push(node);
    leftmost.push(first < 0 ? nodes.length - 1 : first);
    return leftmost[leftmost.length - 1]!;
  };
  visit(root);
  const lastWithLeftmost = new Map<number, number>();
  leftmost.forEach((leaf, index) => lastWithLeftmost.set(leaf, index));
  return { nodes, leftmost, keyroots: [...lastWithLeftmost.values()].sort((a, b) => a - b) };
}

/** The TEDS substitution cost of `a` by `b` (see the formula at the top of this file). */
export function renameCost(a: TableNode, b: TableNode, structureOnly = false): number {
  if (a.tag !== b.tag) return 1;
  if (a.tag !== 'td') return 0;
  if (a.colspan !== b.colspan || a.rowspan !== b.rowspan) return 1;
  return structureOnly ? 0 : normalizedEditDistance(a.content, b.content);
}

/**
 * Zhang-Shasha tree edit distance with unit insertion and deletion and `rename` substitution.
 * K. Zhang and D. Shasha, "Simple fast algorithms for the editing distance between trees and
 * related problems", SIAM J. Computing 18(6), 1989. O(|A|·|B|·depth²) for these shallow trees.
 */
export function treeEditDistance(a: TableNode, b: TableNode, rename: (x: TableNode, y: TableNode) => number): number {
  const A = toPostorder(a);
  const B = toPostorder(b);
  const columns = B.nodes.length;
  const treeDistance = new Float64Array(A.nodes.length * columns);
  const renameCache = new Float64Array(A.nodes.length * columns).fill(-1);
  const renameAt = (i: number, j: number): number => {
    const key = i * columns + j;
    if (renameCache[key]! < 0) renameCache[key] = rename(A.nodes[i]!, B.nodes[j]!);
    return renameCache[key]!;
  };
  for (const i of A.keyroots) {
    for (const j of B.keyroots) {
      const li = A.leftmost[i]!;
      const lj = B.leftmost[j]!;
      const rows = i - li + 2;
      const cols = j - lj + 2;
      // forest[x][y]: distance between the forests A[li .. li+x-1] and B[lj .. lj+y-1].
      const forest = new Float64Array(rows * cols);
      for (let x = 1; x < rows; x++) forest[x * cols] = forest[(x - 1) * cols]! + 1;
      for (let y = 1; y < cols; y++) forest[y] = forest[y - 1]! + 1;
      for (let x = 1; x < rows; x++) {
        for (let y = 1; y < cols; y++) {
          const ii = li + x - 1;
          const jj = lj + y - 1;
          const remove = forest[(x - 1) * cols + y]! + 1;
          const insert = forest[x * cols + y - 1]! + 1;
          if (A.leftmost[ii] === li && B.leftmost[jj] === lj) {
            const value = Math.min(remove, insert, forest[(x - 1) * cols + y - 1]! + renameAt(ii, jj));
            forest[x * cols + y] = value;
            treeDistance[ii * columns + jj] = value;
          } else {
            const p = A.leftmost[ii]! - li;
            const q = B.leftmost[jj]! - lj;
            forest[x * cols + y] = Math.min(remove, insert, forest[p * cols + q]! + treeDistance[ii * columns + jj]!);
          }
        }
      }
    }
  }
  return treeDistance[(A.nodes.length - 1) * columns + columns - 1]!;
}

function countNodes(node: TableNode): number {
  return 1 + node.children.reduce((sum, child) => sum + countNodes(child), 0);
}

/** TEDS in [0, 1] of a predicted table tree against a reference one; a missing prediction scores 0. */
export function teds(
  prediction: TableNode | null,
  reference: TableNode,
  options: { structureOnly?: boolean } = {},
): number {
  if (!prediction) return 0;
  const distance = treeEditDistance(prediction, reference, (x, y) => renameCost(x, y, options.structureOnly));
  return 1 - distance / Math.max(countNodes(prediction), countNodes(reference));
}
