import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTesseract, type Tesseract } from './tesseract-cli.js';

// A grey scan of a Hebrew type catalogue's introduction from the checks set (sources in
// test/eval/checks/sources.md). Tesseract and its script models come from Debian (npm run setup):
// without them this fails, as the service would refuse to start.
const hebrewScan = readFileSync(
  fileURLToPath(new URL('../../../../test/eval/checks/docs/hebrew-type-catalogue-scan.jpg', import.meta.url)),
);

describe('Tesseract on a real scan', () => {
  let tesseract: Tesseract;
  beforeAll(async () => {
    tesseract = await createTesseract();
  });

  it('has the script models setup installs', () => {
    for (const script of ['Arabic', 'Hebrew', 'Cyrillic', 'Devanagari', 'Fraktur', 'Hangul', 'Thai', 'Greek'])
      expect(tesseract.scripts, script).toContain(script);
  });

  it("guesses a Hebrew page's script and reads its first line right to left", async () => {
    expect(await tesseract.detect(hebrewScan)).toMatchObject({ script: 'Hebrew', uprightTurn: 0 });
    const words = await tesseract.read(hebrewScan, 'Hebrew');
    const first = words.filter((word) => word.lineIndex === 0);
    expect(first.map((word) => word.text).join(' ')).toBe('שני ציוני דרך חשובים השפיעו על התפתחות האות');
    // Reading order: each word stands left of the one before it.
    first.slice(1).forEach((word, index) => expect(word.bbox.left).toBeLessThan(first[index]!.bbox.left));
  }, 60_000);

  it('has no guess for a page without text, and says what to install when tesseract is missing', async () => {
    // A white 300 x 200 greyscale image (binary PGM, which Tesseract reads as well as PNG).
    const blank = Buffer.concat([Buffer.from('P5 300 200 255\n'), Buffer.alloc(300 * 200, 255)]);
    expect(await tesseract.detect(blank)).toBeUndefined();
    await expect(createTesseract({ command: '/nonexistent/tesseract' })).rejects.toThrow(/tesseract-ocr/);
  });
});
