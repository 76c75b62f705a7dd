import { describe, expect, it } from 'vitest';
import { createTextPdf, type FixturePage } from '../testing/fixtures.js';
import { mupdfOps } from './mupdf-ops.js';

const sentence = 'The farm was kept in good order through the long winter and the animals were fed twice a day';

function qualityOf(page: FixturePage): { scanned: boolean; usable: boolean } {
  const pdf = createTextPdf([page]);
  return mupdfOps.render({ pdf, pageIndexes: [0], scale: 1, ocrLongSide: 0 }).pages[0]!.textLayer.quality!;
}

describe('scan or born-digital page over a picture', () => {
  const texts = (invisible: boolean) => [1, 2, 3].map((n) => ({ text: sentence, x: 40, y: 100 * n, invisible }));

  it('calls a page a scan when its text is an invisible layer over the page image', () => {
    expect(qualityOf({ texts: texts(true), pageImage: 'under-text' })).toMatchObject({ scanned: true, usable: true });
  });

  it('calls a page a scan when the page image covers the text painted before it', () => {
    expect(qualityOf({ texts: texts(false), pageImage: 'over-text' })).toMatchObject({ scanned: true });
    expect(qualityOf({ texts: texts(false), pageImage: 'mask-over-text' })).toMatchObject({ scanned: true });
  });

  it('keeps born-digital text painted on a background picture as a text layer, not a scan', () => {
    expect(qualityOf({ texts: texts(false), pageImage: 'under-text' })).toMatchObject({ scanned: false, usable: true });
  });

  it('goes by the most text: a visible title on a scan under an invisible layer is still a scan', () => {
    const page = { texts: [{ text: 'Archive copy', x: 40, y: 40 }, ...texts(true)], pageImage: 'under-text' as const };
    expect(qualityOf(page)).toMatchObject({ scanned: true });
  });
});
