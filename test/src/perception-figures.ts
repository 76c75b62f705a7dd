/**
 * A page of figures for the perception tests: a vector bar chart and a raster photograph, each
 * with a "Figure N:" caption below it, between paragraphs of text. The figures' extents are
 * exported so the tests can check the Picture boxes against them.
 */
import { justified, makePlacedPdf, PAGE_HEIGHT_PT, type PlacedImage, type PlacedText } from './perception-fixtures.js';

/** A figure of the page: its caption and where its drawing lies, in PDF points from the top left. */
export interface Figure {
  caption: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The bar chart's axes, PDF points from the bottom left; tick labels sit left of and below them. */
const CHART = { x0: 150, y0: 560, x1: 460, y1: 720 };
/** The photograph: 300 x 180 pt at (156, 270) in PDF space, 400 x 240 pixels. */
const PHOTO = { x: 156, y: 270, width: 300, height: 180, pixelWidth: 400, pixelHeight: 240 };

export const FIGURES: Figure[] = [
  {
    caption: 'Figure 1: Wheat yield of the twelve fields in tonnes per hectare',
    // From the y-axis labels (x 140) to the axis end, from its top to the x-axis labels (baseline 548).
    left: 140,
    top: PAGE_HEIGHT_PT - CHART.y1,
    right: CHART.x1,
    bottom: PAGE_HEIGHT_PT - 548,
  },
  {
    caption: 'Figure 2: Field seven in early June, seen from the northern edge',
    left: PHOTO.x,
    top: PAGE_HEIGHT_PT - PHOTO.y - PHOTO.height,
    right: PHOTO.x + PHOTO.width,
    bottom: PAGE_HEIGHT_PT - PHOTO.y,
  },
];

/**
 * A bar chart of twelve fields' yields: light grid lines, filled bars, the two axes on top, the
 * yield (0-6) left of the y axis and the field numbers (1-12) under the bars.
 */
function barChart(): { drawing: string[]; labels: PlacedText[] } {
  const { x0, y0, x1, y1 } = CHART;
  const drawing = ['0.75 0.75 0.75 RG 0.5 w'];
  for (let y = y0 + 40; y <= y1; y += 40) drawing.push(`${x0} ${y} m ${x1} ${y} l S`);
  const yields = [6.8, 5.1, 3.2, 6.1, 4.4, 2.9, 6.9, 5.6, 3.8, 4.9, 6.3, 3.1];
  const labels: PlacedText[] = [0, 2, 4, 6].map((value) => ({
    text: String(value),
    x: 140,
    y: 557 + value * 22,
    size: 8,
  }));
  yields.forEach((value, index) => {
    const shade = index % 2 === 0 ? '0.18 0.42 0.72' : '0.35 0.62 0.85';
    drawing.push(`${shade} rg`, `${x0 + 8 + index * 25} ${y0} 17 ${(value / 7) * (y1 - y0 - 4)} re f`);
    labels.push({ text: String(index + 1), x: x0 + 11 + index * 25, y: 548, size: 8 });
  });
  drawing.push('0 0 0 RG 1 w', `${x0} ${y1} m ${x0} ${y0} l ${x1} ${y0} l S`);
  return { drawing, labels };
}

/**
 * A landscape photograph, deterministic: a sky shading to the horizon, a sun, rolling green hills
 * and a striped field in front, with seeded grain so it has the texture of a photo.
 */
function photo(): PlacedImage {
  const { pixelWidth: width, pixelHeight: height } = PHOTO;
  const rgb = new Uint8Array(width * height * 3);
  let seed = 7;
  const grain = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return (seed / 2147483648 - 0.5) * 24;
  };
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const hill = 110 + 18 * Math.sin(x / 37) + 9 * Math.sin(x / 13 + 1);
      let color: [number, number, number];
      if (Math.hypot(x - 300, y - 50) < 22) color = [250, 232, 150];
      else if (y < hill) color = [110 + y * 0.6, 160 + y * 0.4, 225];
      else if (y < 170) color = [60 + (y - hill) * 0.3, 120 + 25 * Math.sin(x / 9), 50];
      else color = Math.floor((x + (y - 170) * (x / width - 0.5) * 3) / 12) % 2 === 0 ? [150, 120, 70] : [120, 150, 60];
      const offset = (y * width + x) * 3;
      const noise = grain();
      color.forEach((channel, index) => (rgb[offset + index] = Math.max(0, Math.min(255, channel + noise))));
    }
  }
  return { rgb, ...PHOTO };
}

/** The page: a heading, the chart and its caption, a paragraph, the photo and its caption, a paragraph. */
export function makeFiguresPdf(): Buffer {
  const chart = barChart();
  const texts: PlacedText[] = [
    { text: 'Field Observations', x: 72, y: 740, size: 18, bold: true },
    ...chart.labels,
    { text: FIGURES[0]!.caption, x: 150, y: 525, size: 10 },
    ...justified(
      'Yields differed widely between the fields, although all of them were sown with the same variety within ' +
        'ten days of each other. The fields on the lower part of the plain kept their moisture longest.',
      72,
      495,
      468,
    ).lines,
    { text: FIGURES[1]!.caption, x: 156, y: 250, size: 10 },
    ...justified(
      'The photograph shows the field a week before the driest spell of the season began. The crop still looks ' +
        'even, but the lighter rows near the track were the first to wilt.',
      72,
      215,
      468,
    ).lines,
  ];
  return makePlacedPdf(texts, chart.drawing, [photo()]);
}
