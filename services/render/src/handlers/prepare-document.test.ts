import exceljs from 'exceljs';
import * as mupdf from 'mupdf';
import { PageSegments } from '@folio/proto/documents/v1';
import { createLogger, InvalidDocumentError, sha256Hex, type AppError } from '@folio/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { createPng, createTextPdf } from '../testing/fixtures.js';
import { createTestDeps } from '../testing/deps.js';
import { createSofficeConverter } from '../engine/office-converter.js';
import { createPrepareDocumentHandler } from './prepare-document.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let cleanup: (() => Promise<void>) | undefined;
afterEach(() => cleanup?.());

async function setup(officeConverter?: Parameters<typeof createTestDeps>[0]) {
  const deps = await createTestDeps(officeConverter);
  cleanup = deps.cleanup;
  return { deps, prepare: createPrepareDocumentHandler(deps) };
}

describe('PrepareDocument', () => {
  it('copies a PDF input to pdf_key and counts its pages', async () => {
    const { deps, prepare } = await setup();
    const pdf = createTextPdf([{ texts: [] }, { texts: [] }, { texts: [] }]);
    const source = await deps.store.put('in/doc.pdf', Buffer.from(pdf));
    const response = await prepare({ source, mimeType: 'application/pdf', pdfKey: 'out/document.pdf' });
    expect(response.pageCount).toBe(3);
    expect(response.pdf).toEqual({
      key: 'out/document.pdf',
      sha256: sha256Hex(Buffer.from(pdf)),
      byteSize: pdf.length,
    });
    expect(await deps.store.stat('out/document.pdf')).toEqual({ byteSize: pdf.length });
  });

  it('leaves a PDF that already is at pdf_key where it is', async () => {
    const { deps, prepare } = await setup();
    const source = await deps.store.put('doc.pdf', Buffer.from(createTextPdf([{ texts: [] }])));
    const response = await prepare({ source, mimeType: 'application/pdf', pdfKey: 'doc.pdf' });
    expect(response).toEqual({ pdf: source, pageCount: 1, sheetPages: [] });
  });

  it('turns an image into a PDF page of the image size', async () => {
    const { deps, prepare } = await setup();
    const source = await deps.store.put('in/scan.png', Buffer.from(createPng(640, 480, { dpi: 150 })));
    const response = await prepare({ source, mimeType: 'image/png', pdfKey: 'out/document.pdf' });
    expect(response.pageCount).toBe(1);
    const doc = mupdf.Document.openDocument(await deps.store.get('out/document.pdf'), 'application/pdf');
    expect(doc.loadPage(0).getBounds()).toEqual([0, 0, 640, 480]);
  });

  it('detects the type from the bytes when the MIME type is missing', async () => {
    const { deps, prepare } = await setup();
    const source = await deps.store.put('in/upload', Buffer.from(createPng(10, 10)));
    expect((await prepare({ source, mimeType: '', pdfKey: 'out/document.pdf' })).pageCount).toBe(1);
  });

  it('rejects corrupt and unsupported inputs as invalid documents', async () => {
    const { deps, prepare } = await setup();
    const corrupt = await deps.store.put('in/bad.pdf', Buffer.from('%PDF-1.4\nthis is not a pdf'));
    await expect(prepare({ source: corrupt, mimeType: 'application/pdf', pdfKey: 'out/a.pdf' })).rejects.toBeInstanceOf(
      InvalidDocumentError,
    );
    const text = await deps.store.put('in/notes.txt', Buffer.from('just text'));
    await expect(prepare({ source: text, mimeType: 'text/plain', pdfKey: 'out/b.pdf' })).rejects.toThrow(
      'Unsupported file type: text/plain',
    );
  });

  it('converts office documents through the office converter', async () => {
    const converted = createTextPdf([{ texts: [{ text: 'From Word', x: 72, y: 72 }] }]);
    const seen: string[] = [];
    const { deps, prepare } = await setup({
      convertToPdf: ({ extension }) => {
        seen.push(extension);
        return Promise.resolve(converted);
      },
    });
    const source = await deps.store.put('in/letter.docx', Buffer.from('PK\u0003\u0004 word/document.xml'));
    const mimeType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    const response = await prepare({ source, mimeType, pdfKey: 'out/document.pdf' });
    expect(seen).toEqual(['docx']);
    expect(response.pageCount).toBe(1);
    expect(response.pdf?.byteSize).toBe(converted.length);
  });

  it('refuses a request without keys', async () => {
    const { prepare } = await setup();
    const error = await prepare({ source: undefined, mimeType: 'application/pdf', pdfKey: 'x.pdf' }).catch(
      (e: unknown) => e,
    );
    expect((error as AppError).code).toBe('INVALID_ARGUMENT');
    expect((error as AppError).message).toBe('source.key is required');
  });

  // Needs LibreOffice (setup installs it): without it this fails, as CI must.
  it('reads a spreadsheet from its cells: one page per sheet, a Table per region stored under sheets_prefix', async () => {
    const { deps, prepare } = await setup(
      createSofficeConverter({
        sofficePath: 'soffice',
        timeoutMs: 60_000,
        logger: createLogger({ name: 't', level: 'silent' }),
      }),
    );
    const workbook = new exceljs.Workbook();
    const first = workbook.addWorksheet('Budget');
    first.addRow(['Item', 'Cost']);
    first.addRow(['Paper', 12]);
    first.getCell('D5').value = 'apart';
    workbook.addWorksheet('Other').getCell('A1').value = 'only';
    const source = await deps.store.put('in/book.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    const response = await prepare({ source, mimeType: XLSX, pdfKey: 'out/document.pdf', sheetsPrefix: 'out/sheets/' });
    expect(response.pageCount).toBe(2);
    expect(response.sheetPages.map((ref) => ref.key)).toEqual(['out/sheets/page-0.json', 'out/sheets/page-1.json']);
    const page = PageSegments.fromJSON(JSON.parse((await deps.store.get('out/sheets/page-0.json')).toString('utf8')));
    expect(page.sheetName).toBe('Budget');
    expect(page.segments.map((segment) => [segment.segmentType, segment.sheet?.range])).toEqual([
      ['Table', 'A1:B2'],
      ['Table', 'D5'],
    ]);
    // Without the prefix the same file is converted as before, with no sheet pages.
    const plain = await prepare({ source, mimeType: XLSX, pdfKey: 'out/plain.pdf' });
    expect(plain.sheetPages).toEqual([]);
  }, 60_000);
});
