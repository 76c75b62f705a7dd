import { darkestChannel, type RgbImage } from '@folio/imaging';
import type { LayoutDetection } from './doclaynet-engine.js';

/** A pixel whose darkest channel is at least this is paper. */
const PAPER = 215;
/** A column of the box is blank when at most this share of its pixels is ink (scanning noise). */
const NOISE = 0.01;
/** A gutter is at least this share of the page width. */
const GUTTER = 0.01;
/** Each part is at least this share of the box width, and its ink this share of the box height. */
const MIN_PART_WIDTH = 0.25;
const MIN_PART_HEIGHT = 0.6;

interface Part {
  from: number;
  to: number;
}

/** Per column of the box, whether it is blank, and per column the first and last inked row. */
function scanColumns(image: RgbImage, x0: number, x1: number, y0: number, y1: number) {
  const width = x1 - x0;
  const ink = new Uint32Array(width);
  const top = new Int32Array(width).fill(-1);
  const bottom = new Int32Array(width).fill(-1);
  for (let y = y0; y < y1; y += 1) {
    let index = (y * image.width + x0) * 3;
    for (let x = 0; x < width; x += 1, index += 3) {
      if (darkestChannel(image.rgb, index) >= PAPER) continue;
      ink[x]! += 1;
      if (top[x]! < 0) top[x] = y;
      bottom[x] = y;
    }
  }
  const limit = NOISE * (y1 - y0);
  return { blank: Array.from(ink, (count) => count <= limit), top, bottom };
}

/** The inked stretches of the columns, split where at least `minGutter` blank columns run. */
function inkedParts(blank: boolean[], minGutter: number): Part[] {
  const parts: Part[] = [];
  // The open part: its first inked column and one past its last; from < 0 when none is open.
  let from = -1;
  let to = -1;
  blank.forEach((isBlank, x) => {
    if (!isBlank) {
      if (from < 0) from = x;
      to = x + 1;
    } else if (from >= 0 && x + 1 - to >= minGutter) {
      parts.push({ from, to });
      from = -1;
    }
  });
  if (from >= 0) parts.push({ from, to });
  return parts;
}

/**
 * Splits Picture detections at gutters: the detector often boxes two images set side by side as
 * one Picture. A gutter is a run of blank columns from the box's top to its bottom, at least
 * GUTTER of the page wide, that leaves on each side a part at least MIN_PART_WIDTH of the box wide
 * whose ink reaches over MIN_PART_HEIGHT of the box's height (so the bars of a chart without axes
 * stay together). Each part keeps the detection's score. Other detections pass unchanged.
 */
export function splitAtGutters(detections: LayoutDetection[], image: RgbImage): LayoutDetection[] {
  return detections.flatMap((detection) => {
    if (detection.segmentType !== 'Picture') return [detection];
    const x0 = Math.max(0, Math.floor(detection.bbox.left));
    const x1 = Math.min(image.width, Math.ceil(detection.bbox.left + detection.bbox.width));
    const y0 = Math.max(0, Math.floor(detection.bbox.top));
    const y1 = Math.min(image.height, Math.ceil(detection.bbox.top + detection.bbox.height));
    if (x1 - x0 < 8 || y1 - y0 < 8) return [detection];
    const { blank, top, bottom } = scanColumns(image, x0, x1, y0, y1);
    const parts = inkedParts(blank, GUTTER * image.width);
    const boxWidth = x1 - x0;
    const boxHeight = y1 - y0;
    const substantial = parts.filter((part) => {
      if (part.to - part.from < MIN_PART_WIDTH * boxWidth) return false;
      let first = Infinity;
      let last = -Infinity;
      for (let x = part.from; x < part.to; x += 1) {
        if (top[x]! >= 0) first = Math.min(first, top[x]!);
        last = Math.max(last, bottom[x]!);
      }
      return last - first >= MIN_PART_HEIGHT * boxHeight;
    });
    // Split only when every inked part is a picture of its own.
    if (substantial.length < 2 || substantial.length !== parts.length) return [detection];
    return substantial.map((part) => ({
      ...detection,
      bbox: {
        left: x0 + part.from,
        top: detection.bbox.top,
        width: part.to - part.from,
        height: detection.bbox.height,
      },
    }));
  });
}
