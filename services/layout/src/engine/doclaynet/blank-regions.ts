import { darkestChannel, sampledMedian, type Rect, type RgbImage } from '@folio/imaging';
import type { LayoutDetection } from './doclaynet-engine.js';
import { rectOf } from '../pixel-rect.js';

/** Detected types whose content may be a picture without ink (a pale photo), not only text. */
const VISUAL_TYPES: readonly string[] = ['Picture', 'Table', 'Formula'];
/** Strips along the page's edges, as a share of its width and height, where scanner borders and shadows sit. */
const PAGE_EDGE = 0.03;
/** A row or column of the box this much ink is a border or a rule along it, not content. */
const BORDER_INK = 0.5;
/** A pixel is ink when its darkest channel differs from the paper's by at least this (bleed-through stays below). */
const INK_DELTA = 64;
/** The box is looked at in square cells this share of the page's longer side... */
const CELL = 0.01;
const MIN_CELL_PX = 6;
/** ...and a cell holds a mark when this share of its pixels is ink: a stroke or a line crosses it, a speck does not. */
const MARKED_CELL = 0.06;
/** A box is blank when fewer than this share of its cells hold a mark... */
const MAX_MARKED = 0.01;
/** ...its cells' mean brightness varies this little (a faint photo or a gradient varies more)... */
const MAX_CELL_SPREAD = 6;
/** ...and its paper is this bright at least (a dark or coloured flat area is a picture, not paper). */
const MIN_PAPER = 150;

/** Darkest channel of each pixel of the image, the measure of ink on any paper colour. */
function darkestAt(image: RgbImage, x: number, y: number): number {
  return darkestChannel(image.rgb, (y * image.width + x) * 3);
}

type Box = { left: number; top: number; width: number; height: number };

/** The paper level of a rectangle: the median darkest channel of its pixels (sampledMedian). */
function paperOf(image: RgbImage, rect: Rect): number {
  return sampledMedian(rect, (x, y) => darkestAt(image, x, y));
}

/** Trims outer rows and columns that are mostly ink (a scanner border, a frame line); false when none are left. */
function trimBorders(image: RgbImage, rect: Rect, isInk: (x: number, y: number) => boolean): boolean {
  const rowInk = (y: number): number => {
    let ink = 0;
    for (let x = rect.x0; x < rect.x1; x += 1) if (isInk(x, y)) ink += 1;
    return ink / (rect.x1 - rect.x0);
  };
  const columnInk = (x: number): number => {
    let ink = 0;
    for (let y = rect.y0; y < rect.y1; y += 1) if (isInk(x, y)) ink += 1;
    return ink / (rect.y1 - rect.y0);
  };
  while (rect.y1 > rect.y0 && rowInk(rect.y0) >= BORDER_INK) rect.y0 += 1;
  while (rect.y1 > rect.y0 && rowInk(rect.y1 - 1) >= BORDER_INK) rect.y1 -= 1;
  while (rect.y1 > rect.y0 && rect.x1 > rect.x0 && columnInk(rect.x0) >= BORDER_INK) rect.x0 += 1;
  while (rect.y1 > rect.y0 && rect.x1 > rect.x0 && columnInk(rect.x1 - 1) >= BORDER_INK) rect.x1 -= 1;
  return rect.y1 > rect.y0 && rect.x1 > rect.x0;
}

/**
 * Whether a box of the page shows nothing. The box is looked at away from the page's edge strips
 * (scanner borders and shadows; a box lying wholly in them is looked at whole), on its paper level
 * (median darkest channel), with outer rows and columns that are mostly ink trimmed off. What is
 * left is cut into cells, each marked when enough of it is ink. Blank: bright paper, fewer than
 * MAX_MARKED of the cells marked and, when the box `mayBePhoto`, even brightness from cell to
 * cell (a pale photo has no ink but uneven tones; text shows as ink or not at all, so strong
 * show-through of big type does not keep a text box); a box that was all border is blank too.
 * Stops as soon as the answer is known, so text and pictures cost little.
 */
export function isBlankBox(image: RgbImage, box: Box, mayBePhoto = true): boolean {
  const rect =
    rectOf(image, box, Math.round(PAGE_EDGE * image.width), Math.round(PAGE_EDGE * image.height)) ??
    rectOf(image, box, 0, 0);
  if (!rect) return false;
  const paper = paperOf(image, rect);
  if (paper < MIN_PAPER) return false;
  const isInk = (x: number, y: number): boolean => Math.abs(darkestAt(image, x, y) - paper) >= INK_DELTA;
  if (!trimBorders(image, rect, isInk)) return true;
  const maxSpread = mayBePhoto ? MAX_CELL_SPREAD : Infinity;

  const cell = Math.max(MIN_CELL_PX, Math.round(CELL * Math.max(image.width, image.height)));
  const cellCount = Math.ceil((rect.x1 - rect.x0) / cell) * Math.ceil((rect.y1 - rect.y0) / cell);
  const maxMarked = MAX_MARKED * cellCount;
  let marked = 0;
  let sum = 0;
  let sumOfSquares = 0;
  for (let cy = rect.y0; cy < rect.y1; cy += cell) {
    for (let cx = rect.x0; cx < rect.x1; cx += cell) {
      const xEnd = Math.min(rect.x1, cx + cell);
      const yEnd = Math.min(rect.y1, cy + cell);
      let ink = 0;
      let brightness = 0;
      let area = 0;
      // Every other row: strokes and rules are two pixels thick or more at the render scales used.
      for (let y = cy; y < yEnd; y += 2) {
        for (let x = cx; x < xEnd; x += 1) {
          const value = darkestAt(image, x, y);
          brightness += value;
          if (Math.abs(value - paper) >= INK_DELTA) ink += 1;
        }
        area += xEnd - cx;
      }
      if (ink >= MARKED_CELL * area && (marked += 1) >= maxMarked) return false;
      const mean = brightness / area;
      sum += mean;
      sumOfSquares += mean * mean;
    }
  }
  const meanOfCells = sum / cellCount;
  return Math.sqrt(Math.max(0, sumOfSquares / cellCount - meanOfCells * meanOfCells)) <= maxSpread;
}

/**
 * Flags detections whose box shows nothing once the page's edges and border lines are set aside:
 * the detector boxes blank scanned paper, speckle, bleed-through and scanner borders as Pictures
 * (and sometimes as text). A chart, a photo or light line art has strokes in many cells or uneven
 * brightness and stays unflagged. The segmenter drops a flagged region that holds no words.
 */
export function markBlankRegions(detections: LayoutDetection[], image: RgbImage): LayoutDetection[] {
  return detections.map((detection) =>
    isBlankBox(image, detection.bbox, VISUAL_TYPES.includes(detection.segmentType))
      ? { ...detection, blank: true }
      : detection,
  );
}
