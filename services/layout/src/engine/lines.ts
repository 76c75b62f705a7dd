import type { BBox } from '@folio/proto/common/v1';
import type { Word } from '@folio/proto/documents/v1';
import { EMPTY_BOX, bottomOf, median, overlapLength, rightOf, unionBox } from './geometry.js';
import { inReadingOrder } from './direction.js';

/** A run of words on one line of text, in reading order (inReadingOrder). */
export interface TextLineGroup {
  words: Word[];
  bbox: BBox;
}

const boxOf = (word: Word): BBox => word.bbox ?? EMPTY_BOX;

/** Words by the line they came on (their `lineIndex`: the text layer's or the OCR detector's), lines in order of first word. */
export function wordsByLine(words: readonly Word[]): Word[][] {
  const byIndex = new Map<number, Word[]>();
  for (const word of words) {
    const line = byIndex.get(word.lineIndex);
    if (line) line.push(word);
    else byIndex.set(word.lineIndex, [word]);
  }
  return [...byIndex.values()];
}

function lineOf(words: Word[]): TextLineGroup {
  return { words: inReadingOrder(words), bbox: unionBox(words.map(boxOf)) };
}

/**
 * Groups words into lines: words that share a `lineIndex` (the text layer's or the OCR
 * detector's line) form a line, which is then split wherever two neighbours are more than
 * `maxGapFactor` line heights apart (a text-layer line may run across two columns or table
 * cells). Lines come top to bottom, then left to right.
 */
export function groupLines(words: Word[], maxGapFactor = 2.5): TextLineGroup[] {
  const lines: TextLineGroup[] = [];
  for (const lineWords of wordsByLine(words)) {
    const sorted = [...lineWords].sort((a, b) => boxOf(a).left - boxOf(b).left);
    const height = median(sorted.map((w) => boxOf(w).height));
    let run: Word[] = [];
    for (const word of sorted) {
      const previous = run[run.length - 1];
      if (previous && boxOf(word).left - rightOf(boxOf(previous)) > maxGapFactor * height) {
        lines.push(lineOf(run));
        run = [];
      }
      run.push(word);
    }
    if (run.length > 0) lines.push(lineOf(run));
  }
  return lines.sort((a, b) => a.bbox.top - b.bbox.top || a.bbox.left - b.bbox.left);
}

/** Options of groupBlocks. */
export interface BlockOptions {
  /** Largest vertical gap between lines of one block, in line heights. */
  maxGapFactor: number;
  /** Lines whose heights differ by more than this ratio are different blocks (a heading and its text). */
  maxHeightRatio: number;
  /** Whether a block may grow over this box; detected regions are obstacles. */
  isBlocked?: (box: BBox) => boolean;
}

const DEFAULT_BLOCK_OPTIONS: BlockOptions = { maxGapFactor: 0.9, maxHeightRatio: 1.4 };

/** A Chinese section heading's opening: "一、", "三．", "第二章", "第七单元". */
const NUMBERED_HEADING = /^(?:[一二三四五六七八九十]{1,3}[、．.]|第[一二三四五六七八九十百\d]{1,4}[章节篇部单课])/u;
/** Longest line a numbered heading may be, in characters. */
const NUMBERED_HEADING_LENGTH = 40;

/** Whether a line of text is a numbered Chinese section heading ("二、会用"), whatever its size. */
export function isNumberedHeading(text: string): boolean {
  return text.length <= NUMBERED_HEADING_LENGTH && NUMBERED_HEADING.test(text);
}

/**
 * The opening of a list item or numbered point: a bullet, "(1)", "（二）", "①", or "3." / "3)" /
 * "3、" not followed by another digit (so "2.5 mm" and "3.1 Methods" are not items), then text.
 */
const ITEM_OPENING =
  /^(?:[•·‣◦▪▫●○■□◆◇►▶➢➤✓✔]|[(（][\d一二三四五六七八九十]{1,3}[)）]|[\u2460-\u2473]|\d{1,3}[.)、．](?!\d))\s*\S/u;

/** Whether a line of text opens a list item or numbered point ("(1)含义：...", "• Scope", "2. Methods"). */
export function opensItem(text: string): boolean {
  return ITEM_OPENING.test(text);
}

const textOf = (line: TextLineGroup): string => line.words.map((w) => w.text).join(' ');

/**
 * Groups lines into paragraph-like blocks: a line joins the block whose last line is just above
 * it (gap at most `maxGapFactor` line heights), overlaps it horizontally and has a similar height,
 * unless the grown block would run into an obstacle. A numbered heading line ("二、会用") is a
 * block of its own; a line that opens a list item or numbered point starts a block, which the
 * lines after it may continue. Either ends the block it would have joined, so that no later line
 * joins that block over it. Blocks keep their lines top to bottom.
 */
export function groupBlocks(lines: TextLineGroup[], options: Partial<BlockOptions> = {}): TextLineGroup[][] {
  const { maxGapFactor, maxHeightRatio, isBlocked } = { ...DEFAULT_BLOCK_OPTIONS, ...options };
  const blocks: { lines: TextLineGroup[]; bbox: BBox; closed: boolean }[] = [];
  for (const line of lines) {
    const height = line.bbox.height;
    const text = textOf(line);
    const heading = isNumberedHeading(text);
    const startsBlock = heading || opensItem(text);
    const target = blocks.find((block) => {
      if (block.closed) return false;
      const last = block.lines[block.lines.length - 1]!;
      const gap = line.bbox.top - bottomOf(last.bbox);
      const ratio = Math.max(height, last.bbox.height) / Math.max(1, Math.min(height, last.bbox.height));
      if (gap > maxGapFactor * Math.max(height, last.bbox.height) || gap < -0.5 * height) return false;
      if (ratio > maxHeightRatio) return false;
      if (overlapLength(block.bbox.left, rightOf(block.bbox), line.bbox.left, rightOf(line.bbox)) <= 0) return false;
      return !isBlocked?.(unionBox([block.bbox, line.bbox]));
    });
    if (target && !startsBlock) {
      target.lines.push(line);
      target.bbox = unionBox([target.bbox, line.bbox]);
    } else {
      // The block above ends here: no later line may join it over this one.
      if (target) target.closed = true;
      blocks.push({ lines: [line], bbox: line.bbox, closed: heading });
    }
  }
  return blocks.map((block) => block.lines);
}
