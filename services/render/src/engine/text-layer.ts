import type { BBox } from '@folio/proto/common/v1';
import type { TextBlock, TextLayer, TextLine, Word } from '@folio/proto/documents/v1';
import type { Font, Quad, Rect, StructuredText } from 'mupdf';

/** Where page points land in the rendered image: pixel = point * scale - origin. */
export interface PixelMapping {
  scale: number;
  /** The pixmap's own origin in scaled space (non-zero when the page box does not start at 0). */
  originX: number;
  originY: number;
}

/** Two decimals are far below a pixel and keep the stored JSON small. */
function round(value: number): number {
  return Math.round(value * 100) / 100;
}

function toBBox(x0: number, y0: number, x1: number, y1: number, map: PixelMapping): BBox {
  const left = x0 * map.scale - map.originX;
  const top = y0 * map.scale - map.originY;
  return {
    left: round(left),
    top: round(top),
    width: round((x1 - x0) * map.scale),
    height: round((y1 - y0) * map.scale),
  };
}

function unionBBox(boxes: BBox[]): BBox {
  const left = Math.min(...boxes.map((b) => b.left));
  const top = Math.min(...boxes.map((b) => b.top));
  const right = Math.max(...boxes.map((b) => b.left + b.width));
  const bottom = Math.max(...boxes.map((b) => b.top + b.height));
  return { left: round(left), top: round(top), width: round(right - left), height: round(bottom - top) };
}

/** Subset fonts are named `ABCDEF+Real-Name`; the prefix means nothing to readers. */
function cleanFontName(font: Font): string {
  return font.getName().replace(/^[A-Z]{6}\+/, '');
}

function isBoldFont(font: Font, name: string): boolean {
  return font.isBold() || /bold|black|heavy|semibold|demi/i.test(name);
}

/** The value seen most often; ties keep the first seen. */
function mostCommon<T>(counts: Map<T, number>, fallback: T): T {
  let best = fallback;
  let bestCount = 0;
  for (const [value, count] of counts) {
    if (count > bestCount) {
      best = value;
      bestCount = count;
    }
  }
  return best;
}

interface WordInProgress {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

interface LineInProgress {
  words: Word[];
  sizes: Map<number, number>;
  fonts: Map<string, number>;
  boldChars: number;
  chars: number;
  word: WordInProgress | null;
}

/**
 * Turns MuPDF structured text into a TextLayer in page pixels. Lines are split into words on
 * whitespace, each word's box being the union of its characters' quads. Lines and blocks without
 * words are dropped, so `blockIndex` is the index in `blocks`; `lineIndex` counts kept lines
 * across the whole page, so (blockIndex, lineIndex) and lineIndex alone both identify a line.
 */
export function extractTextLayer(
  stext: StructuredText,
  page: { pageIndex: number; width: number; height: number },
  map: PixelMapping,
): { textLayer: TextLayer; wordCount: number } {
  const blocks: TextBlock[] = [];
  const images: BBox[] = [];
  let lines: TextLine[] = [];
  let line: LineInProgress | null = null;
  let lineIndex = 0;
  let wordCount = 0;

  const flushWord = (): void => {
    if (!line?.word) return;
    const { text, x0, y0, x1, y1 } = line.word;
    line.words.push({ text, bbox: toBBox(x0, y0, x1, y1, map), confidence: 1, blockIndex: blocks.length, lineIndex });
    line.word = null;
  };

  const addChar = (c: string, font: Font, size: number, quad: Quad): void => {
    if (!line) return;
    if (/^\s*$/.test(c)) {
      flushWord();
      return;
    }
    const xs = [quad[0], quad[2], quad[4], quad[6]];
    const ys = [quad[1], quad[3], quad[5], quad[7]];
    const word = line.word ?? { text: '', x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
    word.text += c;
    word.x0 = Math.min(word.x0, ...xs);
    word.y0 = Math.min(word.y0, ...ys);
    word.x1 = Math.max(word.x1, ...xs);
    word.y1 = Math.max(word.y1, ...ys);
    line.word = word;
    const name = cleanFontName(font);
    line.sizes.set(round(size), (line.sizes.get(round(size)) ?? 0) + 1);
    line.fonts.set(name, (line.fonts.get(name) ?? 0) + 1);
    line.chars += 1;
    if (isBoldFont(font, name)) line.boldChars += 1;
  };

  stext.walk({
    onImageBlock(bbox: Rect): void {
      images.push(toBBox(bbox[0], bbox[1], bbox[2], bbox[3], map));
    },
    beginTextBlock(): void {
      lines = [];
    },
    beginLine(): void {
      line = { words: [], sizes: new Map(), fonts: new Map(), boldChars: 0, chars: 0, word: null };
    },
    onChar(c: string, _origin, font: Font, size: number, quad: Quad): void {
      addChar(c, font, size, quad);
    },
    endLine(): void {
      flushWord();
      if (line && line.words.length > 0) {
        lines.push({
          words: line.words,
          bbox: unionBBox(line.words.map((w) => w.bbox ?? { left: 0, top: 0, width: 0, height: 0 })),
          fontSize: round(mostCommon(line.sizes, 0) * map.scale),
          // Bold when most of the line's characters are: one bold word does not make a heading.
          bold: line.boldChars * 2 > line.chars,
          fontName: mostCommon(line.fonts, ''),
        });
        wordCount += line.words.length;
        lineIndex += 1;
      }
      line = null;
    },
    endTextBlock(): void {
      if (lines.length === 0) return;
      blocks.push({ lines, bbox: unionBBox(lines.map((l) => l.bbox ?? { left: 0, top: 0, width: 0, height: 0 })) });
      lines = [];
    },
  });

  return {
    textLayer: { pageIndex: page.pageIndex, width: page.width, height: page.height, blocks, images, rules: [] },
    wordCount,
  };
}
