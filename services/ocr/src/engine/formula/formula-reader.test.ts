import { encodePng, type RgbImage } from '@folio/imaging';
import type { Segment } from '@folio/proto/documents/v1';
import { describe, expect, it } from 'vitest';
import type { FormulaEngine } from './formula-engine.js';
import { pageTextHeight, readPageFormulas } from './formula-reader.js';

/** A 300 x 100 page with a formula on two lines: rows 20-43 and 56-79, columns 20-279. */
function twoLinePage(): RgbImage {
  const width = 300;
  const height = 100;
  const rgb = new Uint8Array(width * height * 3).fill(255);
  for (const top of [20, 56])
    for (let y = top; y < top + 24; y += 1) rgb.fill(0, (y * width + 20) * 3, (y * width + 280) * 3);
  return { width, height, rgb };
}

/** Answers the whole crop (taller than 60 px) with `whole`, a line's crop with `line <n>`. */
function fakeEngine(whole: string): FormulaEngine & { heights: number[] } {
  const heights: number[] = [];
  return {
    name: 'fake',
    heights,
    read(crop) {
      heights.push(crop.height);
      return Promise.resolve(crop.height > 60 ? whole : `line${heights.length - 1}`);
    },
    close: () => Promise.resolve(),
  };
}

describe('readPageFormulas', () => {
  const page = (image: RgbImage) => ({
    pageIndex: 0,
    image: encodePng(image.rgb, image.width, image.height),
    boxes: [{ left: 10, top: 10, width: 280, height: 80 }],
  });

  it('keeps the reading of the whole formula when it has a row for each line of the crop', async () => {
    const engine = fakeEngine('a = b \\\\ = c');
    expect(await readPageFormulas(engine, page(twoLinePage()))).toEqual(['a = b \\\\ = c']);
    expect(engine.heights).toHaveLength(1);
  });

  it('reads each line alone when the whole reading nests arrays and adds rows', async () => {
    const engine = fakeEngine('\\begin{array}{c}{{a=\\begin{array}{l}b\\end{array}}}\\\\ {{}}\\\\ {{=c}}\\end{array}');
    expect(await readPageFormulas(engine, page(twoLinePage()))).toEqual([
      '\\begin{gathered} line1 \\\\ line2 \\end{gathered}',
    ]);
    expect(engine.heights).toHaveLength(3);
  });
});

describe('pageTextHeight', () => {
  const segment = (segmentType: string, heights: number[]) =>
    ({
      segmentType,
      words: heights.map((height, index) => ({ text: `w${index}`, bbox: { left: 0, top: 0, width: 10, height } })),
    }) as unknown as Segment;

  it("is the median height of the words of the page's text and list items, not of headings or formulas", () => {
    const segments = [
      segment('Text', [50, 56, 57]),
      segment('ListItem', [58, 60]),
      segment('Title', [120, 120, 120]),
      segment('Formula', [90, 90, 90, 90]),
    ];
    expect(pageTextHeight(segments)).toBe(57);
  });

  it('is undefined when the page has fewer than five words of text', () => {
    expect(pageTextHeight([segment('Text', [50, 56, 57, 58]), segment('Formula', [90])])).toBeUndefined();
  });
});
