import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { acceptRevisions, acceptTrackedChanges } from './tracked-changes.js';

const run = (text: string): string => `<w:r><w:t>${text}</w:t></w:r>`;
const deleted = (text: string): string => `<w:r><w:delText>${text}</w:delText></w:r>`;

/** A paragraph as Word writes it after review: kept, inserted, deleted and moved text, a changed format. */
const REVIEWED =
  '<w:p><w:pPr><w:rPr><w:ins w:id="9" w:author="A"/></w:rPr></w:pPr>' +
  run('The tika is worn ') +
  `<w:ins w:id="1" w:author="A" w:date="2024-01-01T00:00:00Z">${run('by many ')}</w:ins>` +
  `<w:del w:id="2" w:author="A">${deleted('only by priests ')}</w:del>` +
  `<w:moveFrom w:id="3" w:author="A">${run('at dawn ')}</w:moveFrom>` +
  '<w:r><w:rPr><w:b/><w:rPrChange w:id="4" w:author="A"><w:rPr><w:i/></w:rPr></w:rPrChange></w:rPr><w:t>today </w:t></w:r>' +
  `<w:moveTo w:id="5" w:author="A">${run('at dawn.')}</w:moveTo>` +
  '<w:tblPr><w:tblBorders><w:insideH w:val="single"/></w:tblBorders></w:tblPr>' +
  '</w:p>';

function textOf(xml: string): string {
  return [...xml.matchAll(/<w:(?:t|delText)>([^<]*)</gu)].map((match) => match[1]).join('');
}

describe('tracked changes', () => {
  it('are accepted: inserted and moved-to text kept, deleted and moved-away text gone, old formatting forgotten', () => {
    const accepted = acceptRevisions(REVIEWED);
    expect(textOf(accepted)).toBe('The tika is worn by many today at dawn.');
    expect(accepted).not.toMatch(/<w:(?:ins|del|moveFrom|moveTo|rPrChange)\b/u);
    // Elements whose names only begin like a revision's stay.
    expect(accepted).toContain('<w:insideH w:val="single"/>');
    expect(accepted).toContain('<w:b/>');
  });

  it('are accepted in a Word file, and a file without any is left to convert as it is', async () => {
    const zip = new JSZip();
    zip.file('[Content_Types].xml', '<Types/>');
    zip.file('word/document.xml', `<w:document><w:body>${REVIEWED}</w:body></w:document>`);
    zip.file(
      'word/footer1.xml',
      `<w:ftr><w:p>${run('Page ')}<w:del w:id="7">${deleted('draft')}</w:del></w:p></w:ftr>`,
    );
    const docx = await zip.generateAsync({ type: 'uint8array' });
    const accepted = await JSZip.loadAsync((await acceptTrackedChanges(docx))!);
    expect(textOf(await accepted.file('word/document.xml')!.async('string'))).toBe(
      'The tika is worn by many today at dawn.',
    );
    expect(textOf(await accepted.file('word/footer1.xml')!.async('string'))).toBe('Page ');

    const plain = new JSZip();
    plain.file('word/document.xml', `<w:document><w:body><w:p>${run('Nothing changed.')}</w:p></w:body></w:document>`);
    expect(await acceptTrackedChanges(await plain.generateAsync({ type: 'uint8array' }))).toBeNull();
    expect(await acceptTrackedChanges(new TextEncoder().encode('not a zip'))).toBeNull();
  });
});
