import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { sourceTables, tablesOnPage } from './source-tables.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

async function zipOf(parts: Record<string, string>): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const [name, xml] of Object.entries(parts)) zip.file(name, xml);
  return zip.generateAsync({ type: 'uint8array' });
}

const wordCell = (text: string, properties = ''): string =>
  `<w:tc><w:tcPr>${properties}</w:tcPr><w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p></w:tc>`;

describe('sourceTables', () => {
  it("reads a Word table's cells, its header row, and its spans across and down", async () => {
    const xml =
      '<w:document xmlns:w="w"><w:body><w:p><w:r><w:t>Before</w:t></w:r></w:p><w:tbl>' +
      `<w:tr><w:trPr><w:tblHeader/></w:trPr>${wordCell('Cases &amp; deaths', '<w:gridSpan w:val="2"/>')}</w:tr>` +
      `<w:tr>${wordCell('Region', '<w:vMerge w:val="restart"/>')}${wordCell('1,204')}</w:tr>` +
      `<w:tr>${wordCell('', '<w:vMerge/>')}${wordCell('1,377')}</w:tr>` +
      '</w:tbl></w:body></w:document>';
    const tables = await sourceTables(await zipOf({ 'word/document.xml': xml }), DOCX);
    expect(tables).toEqual([
      '<table><thead><tr><th colspan="2">Cases &amp; deaths</th></tr></thead><tbody>' +
        '<tr><td rowspan="2">Region</td><td>1,204</td></tr><tr><td>1,377</td></tr></tbody></table>',
    ]);
  });

  it("reads a slide's table as typed, its paragraphs one cell's text, slides in order", async () => {
    const cell = (text: string, attributes = ''): string =>
      `<a:tc${attributes}><a:txBody><a:p><a:r><a:rPr cap="all"/><a:t>${text}</a:t></a:r></a:p></a:txBody></a:tc>`;
    const slide = (title: string): string =>
      `<p:sld xmlns:a="a" xmlns:p="p"><a:tbl><a:tblPr firstRow="1"/>` +
      `<a:tr>${cell(title, ' gridSpan="2"')}${cell('', ' hMerge="1"')}</a:tr>` +
      `<a:tr>${cell('Strategy')}<a:tc><a:txBody><a:p><a:r><a:t>first-genera\u00adtion</a:t></a:r></a:p>` +
      `<a:p><a:r><a:t>students</a:t></a:r></a:p></a:txBody></a:tc></a:tr></a:tbl></p:sld>`;
    const bytes = await zipOf({ 'ppt/slides/slide10.xml': slide('Ten'), 'ppt/slides/slide2.xml': slide('Two') });
    const tables = await sourceTables(bytes, PPTX);
    expect(tables).toHaveLength(2);
    expect(tables[0]).toBe(
      '<table><thead><tr><th colspan="2">Two</th></tr></thead><tbody>' +
        '<tr><td>Strategy</td><td>first-generation students</td></tr></tbody></table>',
    );
    expect(tables[1]).toContain('<th colspan="2">Ten</th>');
  });

  it("reads a table set in another's cell as a table of its own, its text in the outer cell too", async () => {
    const nested = `<w:tbl><w:tr>${wordCell('inner')}${wordCell('cell')}</w:tr><w:tr>${wordCell('x')}${wordCell('y')}</w:tr></w:tbl>`;
    const xml =
      `<w:document xmlns:w="w"><w:body><w:tbl><w:tr>${wordCell('a')}<w:tc>${nested}</w:tc></w:tr>` +
      `<w:tr>${wordCell('b')}${wordCell('c')}</w:tr></w:tbl></w:body></w:document>`;
    const tables = await sourceTables(await zipOf({ 'word/document.xml': xml }), DOCX);
    expect(tables).toEqual([
      '<table><tbody><tr><td>a</td><td>inner cell x y</td></tr><tr><td>b</td><td>c</td></tr></tbody></table>',
      '<table><tbody><tr><td>inner</td><td>cell</td></tr><tr><td>x</td><td>y</td></tr></tbody></table>',
    ]);
    expect(await sourceTables(new TextEncoder().encode('not a zip'), DOCX)).toEqual([]);
    // Parts that would inflate past the bound are not read.
    expect(await sourceTables(await zipOf({ 'word/document.xml': xml }), DOCX, 100)).toEqual([]);
    expect(await sourceTables(await zipOf({ 'word/document.xml': xml }), 'application/pdf')).toEqual([]);
  });
});

describe('tablesOnPage', () => {
  it('gives a page the tables half of whose words it shows, whatever their case', () => {
    const table = '<table><tr><td>Strategy</td><td>How</td><td>Result</td></tr></table>';
    expect(tablesOnPage([table], ['STRATEGY', 'HOW', 'RESULT', '13'])).toEqual([table]);
    expect(tablesOnPage([table], ['Strategy', 'elsewhere'])).toEqual([]);
  });
});
