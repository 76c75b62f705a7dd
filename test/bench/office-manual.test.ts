import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { joinedManualHtml, nodeApiManualDocx } from './office-manual.js';

describe('the docx-manual case', () => {
  it("joins the modules' page bodies in order into one page", () => {
    const html = joinedManualHtml([
      '<html><head><title>fs</title></head><body class="api"><h1>File system</h1></body></html>',
      '<html><body>\n<h1>Crypto</h1>\n</body></html>',
    ]);
    expect(html).toMatch(/<body>\n<h1>File system<\/h1>\n\n<h1>Crypto<\/h1>\n\n<\/body>/);
    expect(html).not.toContain('<title>fs</title>');
  });

  it('says what is missing when the reference is not where it looks', () => {
    const empty = mkdtempSync(join(tmpdir(), 'folio-no-docs-'));
    try {
      expect(() => nodeApiManualDocx(empty)).toThrow(
        /needs Node\.js's API reference \(.*fs\.html.* not found\).*BENCH_NODE_DOCS/,
      );
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
