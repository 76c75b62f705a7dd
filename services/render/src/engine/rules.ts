import type { BBox } from '@folio/proto/common/v1';
import * as mupdf from 'mupdf';
import { dropKept } from './mupdf-wrappers.js';
import type { PixelMapping } from './text-layer.js';

/** Lines thicker than this (points) are shapes, not rules. */
const MAX_THICKNESS = 3;
/** Lines shorter than this (points) are ticks, underlines of a letter or dots of a leader. */
const MIN_LENGTH = 6;
/**
 * A thin horizontal bar this long (points) is kept: fraction bars and radicals' bars over a digit
 * or a letter (\frac12, \sqrt{y}; pdfTeX strokes them, others fill thin rectangles), which the
 * formula reader needs.
 */
const MIN_BAR_LENGTH = 2;
/** A bar is thinner than this (points): TeX's default rule is 0.4 pt; a 1 pt tick is no bar. */
const BAR_THICKNESS = 0.8;
/** A page with more straight lines than this is a drawing (a map, a chart): its rules are not kept. */
const MAX_RULES = 3000;

type Point = [number, number];

function transform([x, y]: Point, m: mupdf.Matrix): Point {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/**
 * The straight segments of a path in page points, per subpath (each moveTo starts one: a path of
 * many rectangles is many subpaths); curves are left out.
 */
function subpathsOf(path: mupdf.Path, ctm: mupdf.Matrix): [Point, Point][][] {
  const subpaths: [Point, Point][][] = [];
  let segments: [Point, Point][] = [];
  let start: Point | null = null;
  let current: Point | null = null;
  path.walk({
    moveTo(x, y) {
      if (segments.length > 0) subpaths.push(segments);
      segments = [];
      current = transform([x, y], ctm);
      start = current;
    },
    lineTo(x, y) {
      const next = transform([x, y], ctm);
      if (current) segments.push([current, next]);
      current = next;
    },
    curveTo(_x1, _y1, _x2, _y2, x3, y3) {
      current = transform([x3, y3], ctm);
    },
    closePath() {
      if (current && start) segments.push([current, start]);
      current = start;
    },
  });
  if (segments.length > 0) subpaths.push(segments);
  return subpaths;
}

/** A segment as a rule box when it is horizontal or vertical and long enough, `width` thick. */
function ruleOfSegment([a, b]: [Point, Point], width: number): [number, number, number, number] | null {
  const half = Math.max(width, 0.1) / 2;
  const minLength = width <= BAR_THICKNESS ? MIN_BAR_LENGTH : MIN_LENGTH;
  if (Math.abs(a[1] - b[1]) < 0.5 && Math.abs(a[0] - b[0]) >= minLength) {
    return [Math.min(a[0], b[0]), a[1] - half, Math.max(a[0], b[0]), a[1] + half];
  }
  if (Math.abs(a[0] - b[0]) < 0.5 && Math.abs(a[1] - b[1]) >= MIN_LENGTH) {
    return [a[0] - half, Math.min(a[1], b[1]), a[0] + half, Math.max(a[1], b[1])];
  }
  return null;
}

/** A filled path as a rule box when it is an axis-aligned rectangle thin in one direction. */
function ruleOfFill(segments: [Point, Point][]): [number, number, number, number] | null {
  if (segments.length < 3 || segments.length > 5) return null;
  if (!segments.every(([a, b]) => Math.abs(a[0] - b[0]) < 0.5 || Math.abs(a[1] - b[1]) < 0.5)) return null;
  const xs = segments.flatMap(([a, b]) => [a[0], b[0]]);
  const ys = segments.flatMap(([a, b]) => [a[1], b[1]]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const thin = Math.min(x1 - x0, y1 - y0);
  const long = Math.max(x1 - x0, y1 - y0);
  const bar = y1 - y0 <= BAR_THICKNESS && x1 - x0 >= MIN_BAR_LENGTH;
  return thin <= MAX_THICKNESS && (long >= MIN_LENGTH || bar) ? [x0, y0, x1, y1] : null;
}

/**
 * The straight horizontal and vertical lines a page draws (stroked lines, the sides of stroked
 * rectangles, thin filled rectangles), as boxes in page pixels: what table rules are made of.
 * A page drawing more than MAX_RULES of them gets none.
 */
export function extractRules(page: mupdf.Page, map: PixelMapping): BBox[] {
  const rules: [number, number, number, number][] = [];
  const device = new mupdf.Device({
    strokePath(path, stroke, ctm, colorspace) {
      try {
        // The line width scales with the matrix; its mean scale is close enough for thin lines.
        const width = stroke.getLineWidth() * Math.sqrt(Math.abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]));
        if (width > MAX_THICKNESS || rules.length > MAX_RULES) return;
        for (const segment of subpathsOf(path, ctm).flat()) {
          const rule = ruleOfSegment(segment, width);
          if (rule) rules.push(rule);
        }
      } finally {
        dropKept(path, stroke, colorspace);
      }
    },
    fillPath(path, _evenOdd, ctm, colorspace) {
      try {
        if (rules.length > MAX_RULES) return;
        // Each subpath on its own: a table's grid is often one path of many thin rectangles.
        for (const subpath of subpathsOf(path, ctm)) {
          const rule = ruleOfFill(subpath);
          if (rule) rules.push(rule);
        }
      } finally {
        dropKept(path, colorspace);
      }
    },
  });
  try {
    page.run(device, mupdf.Matrix.identity);
  } finally {
    device.close();
    device.destroy();
  }
  if (rules.length > MAX_RULES) return [];
  const round = (value: number): number => Math.round(value * 100) / 100;
  return rules.map(([x0, y0, x1, y1]) => ({
    left: round(x0 * map.scale - map.originX),
    top: round(y0 * map.scale - map.originY),
    width: round((x1 - x0) * map.scale),
    height: round((y1 - y0) * map.scale),
  }));
}
