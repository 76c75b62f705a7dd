import { decodePng, type RgbImage } from '@folio/imaging';
import type { BBox } from '@folio/proto/common/v1';
import type { Segment } from '@folio/proto/documents/v1';
import type { FormulaEngine } from './formula-engine.js';
import { formulaLines, joinFormulaLines, rowsOf } from './formula-lines.js';
import { medianOf } from './preprocess.js';

/** A rendered page and the boxes of its Formula segments, handed to a formula reader. */
export interface FormulaPageImage {
  pageIndex: number;
  /** The encoded page image (PNG from the render stage). */
  image: Uint8Array;
  /** Formula boxes in page pixels. */
  boxes: BBox[];
  /** The median height of the page's words of text, in page pixels (absent when the page has too few). */
  textHeight?: number;
}

/**
 * Reads the LaTeX of the formulas of a page image, one string per box in order ('' for a box
 * without ink). Implementations know their model, not gRPC or storage.
 */
export interface FormulaReader {
  /** Recorded in the response, e.g. "pix2tex". */
  readonly name: string;
  /** `signal`: the caller gave up; a page still waiting for a worker is dropped. */
  readFormulas(page: FormulaPageImage, signal?: AbortSignal): Promise<string[]>;
}

/** Segments whose words are the page's running text, the type a formula is set in. */
const TEXT_TYPES = new Set(['Text', 'ListItem']);
/** Fewer words than this do not tell the page's type size. */
const MIN_TEXT_WORDS = 5;

/** The median height of the words of the page's text segments, or undefined when it has fewer than MIN_TEXT_WORDS. */
export function pageTextHeight(segments: readonly Segment[]): number | undefined {
  const heights = segments
    .filter((segment) => TEXT_TYPES.has(segment.segmentType))
    .flatMap((segment) => segment.words.map((word) => word.bbox?.height ?? 0))
    .filter((height) => height > 0);
  return heights.length < MIN_TEXT_WORDS ? undefined : medianOf(heights);
}

/** Pixels of ink that layout boxes cut off at their edges are kept by widening each box this much. */
const MARGIN_PX = 3;

/** The RGB pixels of a box (widened by MARGIN_PX, clipped to the image); null when nothing is left. */
export function cropRgb(image: RgbImage, box: BBox): RgbImage | null {
  const left = Math.max(0, Math.floor(box.left - MARGIN_PX));
  const top = Math.max(0, Math.floor(box.top - MARGIN_PX));
  const right = Math.min(image.width, Math.ceil(box.left + box.width + MARGIN_PX));
  const bottom = Math.min(image.height, Math.ceil(box.top + box.height + MARGIN_PX));
  if (right <= left || bottom <= top) return null;
  const width = right - left;
  const height = bottom - top;
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    const start = ((top + y) * image.width + left) * 3;
    rgb.set(image.rgb.subarray(start, start + width * 3), y * width * 3);
  }
  return { width, height, rgb };
}

/** Rows of a LaTeX formula: its line breaks, nested ones included, plus one. */
function rowCountOf(latex: string): number {
  return latex.split('\\\\').length;
}

/**
 * Decodes the page once and reads each box's crop with the engine, one after another; a formula
 * set on several lines that the whole reading gets wrong is read line by line (formulaLines).
 */
export async function readPageFormulas(engine: FormulaEngine, page: FormulaPageImage): Promise<string[]> {
  const image = decodePng(page.image);
  const latex: string[] = [];
  for (const box of page.boxes) {
    const crop = cropRgb(image, box);
    if (crop === null) {
      latex.push('');
      continue;
    }
    const whole = await engine.read(crop, page.textHeight);
    const lines = formulaLines(crop);
    // The whole crop's reading stands when it has as many rows as the crop has lines; a model
    // confused by the lines nests arrays and adds empty rows, and then each line is read alone.
    if (lines.length === 1 || rowCountOf(whole) === lines.length) latex.push(whole);
    else {
      const read: string[] = [];
      for (const rows of lines) read.push(await engine.read(rowsOf(crop, rows), page.textHeight));
      latex.push(joinFormulaLines(read));
    }
  }
  return latex;
}
