import type { RgbImage } from '@folio/imaging';
import type { BBox } from '@folio/proto/common/v1';

/** What a page image's ink is already known to be, in the image's pixels. */
export interface KnownInk {
  /** Boxes of the words the page's text layer holds. */
  text: readonly BBox[];
  /** Rules the page draws (table and separator lines): ink that is no text. */
  rules: readonly BBox[];
}

/** A pixel is ink when its luma is below this: text in any dark or saturated colour, not pale fills. */
const INK_LUMA = 170;
/** Cells per page long side: 400 makes a 4-pixel cell on a Letter page at scale 2 (2 points). */
const CELLS_PER_LONG_SIDE = 400;

/** The side in pixels of the cells a page of this size is looked at in (about 2 points, at least 2 pixels). */
export function inkCellSize(width: number, height: number): number {
  return Math.max(2, Math.round(Math.max(width, height) / CELLS_PER_LONG_SIDE));
}
/**
 * A word's ink may reach past its box (accents over capitals, descenders below the font's stated
 * descent, italic overhangs): boxes grow by these shares of their height above and below, and to
 * the sides (less: the next word may start a space away).
 */
const WORD_MARGIN_Y = 0.25;
const WORD_MARGIN_X = 0.1;
/**
 * Components at most this many cells on their longer side are specks (dust, a stray dot, the tip
 * of an overhang): about 6 points, less than a character of small print.
 */
const MAX_SPECK_CELLS = 3;
/**
 * A component at most MAX_LINE_THICKNESS cells thick and LINE_ELONGATION times as long is a line
 * (a rule, an underline, a border) the text layer does not list, not text.
 */
const MAX_LINE_THICKNESS = 2;
const LINE_ELONGATION = 4;

/**
 * The regions of a page image holding ink that neither the text layer's words nor its rules
 * account for: text in raster images, lettering drawn as outlines, text in a chart drawn as paths.
 * The page is cut into cells (about 2 points on a side); a cell is inked when any of its pixels is
 * dark; cells under a known word or rule are cleared; what stays inked is grouped into 8-connected
 * components, and specks and thin lines among them are dropped. An empty answer means the text
 * layer explains every mark on the page, so no text detector would find a line it lacks.
 */
export function unexplainedInk(image: RgbImage, known: KnownInk): BBox[] {
  const { width, height, rgb } = image;
  if (width <= 0 || height <= 0) return [];
  const cell = inkCellSize(width, height);
  const columns = Math.ceil(width / cell);
  const rows = Math.ceil(height / cell);
  const inked = inkedCells(rgb, width, height, cell, columns);
  const clear = (box: BBox, marginX: number, marginY: number): void => {
    const left = Math.max(0, Math.floor((box.left - marginX) / cell));
    const right = Math.min(columns - 1, Math.floor((box.left + box.width + marginX) / cell));
    const top = Math.max(0, Math.floor((box.top - marginY) / cell));
    const bottom = Math.min(rows - 1, Math.floor((box.top + box.height + marginY) / cell));
    for (let y = top; y <= bottom; y += 1) inked.fill(0, y * columns + left, y * columns + right + 1);
  };
  for (const word of known.text) {
    const height = Math.max(0, word.height);
    clear(word, WORD_MARGIN_X * height, WORD_MARGIN_Y * height);
  }
  for (const rule of known.rules) clear(rule, cell, cell);
  return components(inked, columns, rows)
    .filter((component) => !isSpeckOrLine(component))
    .map((component) => pixelBox(component, cell, width, height));
}

/** Cells `left..right` x `top..bottom` of side `cell` as a box in the pixels of a `width` x `height` image. */
export function pixelBox(cells: Component, cell: number, width: number, height: number): BBox {
  return {
    left: cells.left * cell,
    top: cells.top * cell,
    width: Math.min(width, (cells.right + 1) * cell) - cells.left * cell,
    height: Math.min(height, (cells.bottom + 1) * cell) - cells.top * cell,
  };
}

/** One cell per `cell` x `cell` pixels, 1 where any of its pixels is ink. */
function inkedCells(rgb: Uint8Array, width: number, height: number, cell: number, columns: number): Uint8Array {
  const inked = new Uint8Array(columns * Math.ceil(height / cell));
  // Luma (@folio/imaging's `luma`) scaled by 1,000 so this whole-page loop stays in integers.
  const threshold = INK_LUMA * 1000;
  for (let y = 0; y < height; y += 1) {
    const cellRow = Math.floor(y / cell) * columns;
    let offset = y * width * 3;
    for (let x = 0; x < width; x += 1, offset += 3) {
      if (299 * rgb[offset]! + 587 * rgb[offset + 1]! + 114 * rgb[offset + 2]! < threshold) {
        inked[cellRow + Math.floor(x / cell)] = 1;
      }
    }
  }
  return inked;
}

/** A group of touching inked cells: its bounds in cells. */
export interface Component {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

function isSpeckOrLine(component: Component): boolean {
  const across = component.right - component.left + 1;
  const down = component.bottom - component.top + 1;
  if (Math.max(across, down) <= MAX_SPECK_CELLS) return true;
  const thin = Math.min(across, down);
  return thin <= MAX_LINE_THICKNESS && Math.max(across, down) >= LINE_ELONGATION * thin;
}

/**
 * The 8-connected components of the inked cells (1 = inked; flood fill with an explicit stack).
 * Marks the cells it visits 2.
 */
export function components(inked: Uint8Array, columns: number, rows: number): Component[] {
  const found: Component[] = [];
  const stack: number[] = [];
  for (let start = 0; start < inked.length; start += 1) {
    if (inked[start] !== 1) continue;
    inked[start] = 2;
    stack.push(start);
    const component = { left: columns, top: rows, right: -1, bottom: -1 };
    while (stack.length > 0) {
      const index = stack.pop()!;
      const x = index % columns;
      const y = (index - x) / columns;
      component.left = Math.min(component.left, x);
      component.right = Math.max(component.right, x);
      component.top = Math.min(component.top, y);
      component.bottom = Math.max(component.bottom, y);
      for (let dy = -1; dy <= 1; dy += 1) {
        const ny = y + dy;
        if (ny < 0 || ny >= rows) continue;
        for (let dx = -1; dx <= 1; dx += 1) {
          const nx = x + dx;
          if (nx < 0 || nx >= columns) continue;
          const neighbour = ny * columns + nx;
          if (inked[neighbour] === 1) {
            inked[neighbour] = 2;
            stack.push(neighbour);
          }
        }
      }
    }
    found.push(component);
  }
  return found;
}
