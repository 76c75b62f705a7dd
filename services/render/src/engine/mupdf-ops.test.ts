import { decodePng, encodePng } from '@folio/imaging';
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { createPng, createTextPdf } from '../testing/fixtures.js';
import { clipToImage, mupdfOps } from './mupdf-ops.js';
import { RenderFailure } from './render-failure.js';

function failureKind(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof RenderFailure ? error.kind : `unexpected: ${String(error)}`;
  }
}

const letter = createTextPdf([
  {
    texts: [
      { text: 'Big Title', x: 72, y: 72, size: 20, bold: true },
      { text: 'Hello brave world', x: 72, y: 200 },
      { text: 'Far away block', x: 300, y: 500 },
    ],
  },
  { texts: [] },
]);

describe('prepare', () => {
  it('counts the pages of a PDF and keeps it as is', () => {
    const result = mupdfOps.prepare({ bytes: letter, mimeType: 'application/pdf', family: 'pdf' });
    expect(result).toMatchObject({ pdf: null, pageCount: 2 });
  });

  it('turns an image into a one-page PDF of its pixel size, whatever its dpi', () => {
    const png = createPng(200, 100, { dpi: 300 });
    const result = mupdfOps.prepare({ bytes: png, mimeType: 'image/png', family: 'image' });
    expect(result.pageCount).toBe(1);
    const doc = mupdf.Document.openDocument(result.pdf!, 'application/pdf');
    expect(doc.loadPage(0).getBounds()).toEqual([0, 0, 200, 100]);
  });

  it('rejects garbage and password-protected PDFs with a reason', () => {
    const garbage = new TextEncoder().encode('%PDF-1.7\nnot really a pdf\n%%EOF');
    expect(failureKind(() => mupdfOps.prepare({ bytes: garbage, mimeType: 'application/pdf', family: 'pdf' }))).toBe(
      'unreadable',
    );

    const doc = new mupdf.PDFDocument();
    doc.insertPage(-1, doc.addPage([0, 0, 100, 100], 0, {}, ''));
    const encrypted = doc
      .saveToBuffer('encrypt=aes-256,user-password=secret,owner-password=owner')
      .asUint8Array()
      .slice();
    expect(failureKind(() => mupdfOps.prepare({ bytes: encrypted, mimeType: 'application/pdf', family: 'pdf' }))).toBe(
      'encrypted',
    );
  });
});

describe('render', () => {
  it('renders at 72 dpi for scale 1 and 144 dpi for scale 2', () => {
    const one = mupdfOps.render({ pdf: letter, pageIndexes: [0], scale: 1, ocrLongSide: 0 }).pages[0]!;
    const two = mupdfOps.render({ pdf: letter, pageIndexes: [0], scale: 2, ocrLongSide: 0 }).pages[0]!;
    expect([one.width, one.height]).toEqual([612, 792]);
    expect([two.width, two.height]).toEqual([1224, 1584]);
    const image = new mupdf.Image(two.png);
    expect([image.getWidth(), image.getHeight()]).toEqual([1224, 1584]);
  });

  it('places word boxes in page pixels, split on whitespace, with blocks, lines and fonts', () => {
    const { pages } = mupdfOps.render({ pdf: letter, pageIndexes: [0], scale: 2, ocrLongSide: 2000 });
    const { textLayer, wordCount } = pages[0]!;
    const words = textLayer.blocks.flatMap((b) => b.lines.flatMap((l) => l.words));
    expect(words.map((w) => w.text)).toEqual(['Big', 'Title', 'Hello', 'brave', 'world', 'Far', 'away', 'block']);
    expect(wordCount).toBe(8);

    const hello = words.find((w) => w.text === 'Hello')!;
    // Baseline at 200 pt from the top, 12 pt text, scale 2: the box sits just above y = 400 px.
    expect(hello.bbox!.left).toBeCloseTo(144, 0);
    expect(hello.bbox!.top).toBeGreaterThan(400 - 12 * 2 * 1.2);
    expect(hello.bbox!.top + hello.bbox!.height).toBeGreaterThan(400);
    expect(hello.bbox!.top + hello.bbox!.height).toBeLessThan(410);
    expect(hello.confidence).toBe(1);

    expect(textLayer.blocks).toHaveLength(3);
    const title = textLayer.blocks[0]!.lines[0]!;
    expect(title).toMatchObject({ bold: true, fontSize: 40, fontName: 'Helvetica-Bold' });
    expect(textLayer.blocks[1]!.lines[0]).toMatchObject({ bold: false, fontSize: 24 });
    expect(words.filter((w) => w.text === 'Far').map((w) => [w.blockIndex, w.lineIndex])).toEqual([[2, 2]]);
  });

  it("lists a PDF form's fields in page pixels with their names, kinds and stored values, and none on a page without", () => {
    const form = createTextPdf([
      {
        texts: [
          { text: 'Name:', x: 72, y: 100 },
          { text: 'I agree', x: 72, y: 140 },
        ],
        fields: [
          { name: 'applicant', kind: 'text', value: 'Jane Doe', x: 120, y: 86, width: 180, height: 20 },
          { name: 'agree', kind: 'checkbox', value: 'Yes', x: 50, y: 128, width: 14, height: 14 },
        ],
      },
    ]);
    const { textLayer } = mupdfOps.render({ pdf: form, pageIndexes: [0], scale: 2, ocrLongSide: 0 }).pages[0]!;
    expect(textLayer.formFields).toEqual([
      { name: 'applicant', kind: 'text', value: 'Jane Doe', bbox: { left: 240, top: 172, width: 360, height: 40 } },
      { name: 'agree', kind: 'checkbox', value: 'Yes', bbox: { left: 100, top: 256, width: 28, height: 28 } },
    ]);
    expect(
      mupdfOps.render({ pdf: letter, pageIndexes: [0], scale: 2, ocrLongSide: 0 }).pages[0]!.textLayer.formFields,
    ).toEqual([]);
  });

  it('gives a page without text an empty text layer, rendered for OCR at the long side asked', () => {
    const { pages } = mupdfOps.render({ pdf: letter, pageIndexes: [1], scale: 1, ocrLongSide: 2000 });
    expect(pages[0]).toMatchObject({ pageIndex: 1, wordCount: 0, textLayer: { blocks: [], pageIndex: 1 } });
    expect(pages[0]).toMatchObject({ width: 1546, height: 2000, scale: 2000 / 792 });
    expect(pages[0]!.textLayer.quality).toMatchObject({ scanned: false, usable: false });
  });

  it('keeps the asked scale for a page whose text layer is kept', () => {
    const { pages } = mupdfOps.render({ pdf: letter, pageIndexes: [0], scale: 1, ocrLongSide: 2000 });
    expect(pages[0]).toMatchObject({ width: 612, height: 792, scale: 1 });
    expect(pages[0]!.textLayer.quality).toMatchObject({ scanned: false, usable: true, garbledShare: 0 });
  });

  it('refuses page indexes past the end', () => {
    expect(failureKind(() => mupdfOps.render({ pdf: letter, pageIndexes: [2], scale: 1, ocrLongSide: 0 }))).toBe(
      'page-out-of-range',
    );
  });
});

describe('crop', () => {
  it('cuts boxes out of a page image, rounding outwards and clipping to the image', () => {
    const png = createPng(300, 200);
    const { crops } = mupdfOps.crop({
      image: png,
      boxes: [
        { left: 10, top: 20, width: 50, height: 40 },
        { left: 10.5, top: 0.2, width: 5, height: 5 },
        { left: 280, top: 190, width: 100, height: 100 },
      ],
    });
    const sizes = crops.map((crop) => {
      const image = new mupdf.Image(crop);
      return [image.getWidth(), image.getHeight()];
    });
    expect(sizes).toEqual([
      [50, 40],
      [6, 6],
      [20, 10],
    ]);
  });

  it('keeps every pixel of the box', () => {
    const width = 40;
    const height = 30;
    const rgb = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) rgb.set([x * 6, y * 8, (x + y) % 256], (y * width + x) * 3);
    }
    const [fromRgb] = mupdfOps.crop({
      image: encodePng(rgb, width, height),
      boxes: [{ left: 7, top: 5, width: 9, height: 4 }],
    }).crops;
    const cut = decodePng(fromRgb!);
    expect([cut.width, cut.height]).toEqual([9, 4]);
    for (let y = 0; y < 4; y += 1) {
      for (let x = 0; x < 9; x += 1) {
        expect([...cut.rgb.subarray((y * 9 + x) * 3, (y * 9 + x) * 3 + 3)]).toEqual([
          (x + 7) * 6,
          (y + 5) * 8,
          (x + y + 12) % 256,
        ]);
      }
    }
  });

  it('refuses a box that lies outside the image', () => {
    expect(
      failureKind(() =>
        mupdfOps.crop({ image: createPng(10, 10), boxes: [{ left: 20, top: 0, width: 5, height: 5 }] }),
      ),
    ).toBe('bad-region');
    expect(clipToImage({ left: -5, top: -5, width: 10, height: 10 }, 100, 100)).toEqual({ x: 0, y: 0, w: 5, h: 5 });
  });
});
