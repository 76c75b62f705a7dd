import { encodePng } from '@folio/imaging';
import type { Word } from '@folio/proto/documents/v1';
import { describe, expect, it } from 'vitest';
import { word } from '../testing/fixtures.js';
import type { OcrEngine, OcrPageImage } from './ocr-engine.js';
import { looksUnread, sampleBand, withOtherScripts } from './other-scripts.js';
import type { PageDetection, Tesseract } from '@folio/runtime';

/** What the fake's detection says of the script. */
type Guess = Pick<PageDetection, 'script'> & { confidence: number };

const page: OcrPageImage = {
  pageIndex: 0,
  image: encodePng(new Uint8Array(100 * 100 * 3).fill(255), 100, 100),
  width: 100,
  height: 100,
};

/** `count` words read with `confidence`, one line each. */
function read(text: string, count: number, confidence: number): Word[] {
  return Array.from({ length: count }, (_, index) => ({ ...word(text, 10, 20 * index, 0, index), confidence }));
}

function engineReading(words: Word[]): OcrEngine {
  return { name: 'pp', recognize: () => Promise.resolve(words) };
}

/**
 * A Tesseract that guesses `guess`, reads `words` with any script model and `english` with its
 * English model, recording what it was asked.
 */
function fakeTesseract(
  guess: Guess | undefined,
  words: Word[],
  english: Word[] = read('NLLU', 40, 0.3),
): Tesseract & { asked: string[]; scripts: Set<string> } {
  const asked: string[] = [];
  return {
    asked,
    scripts: new Set(['Arabic', 'Hebrew', 'Cyrillic']),
    detect: () => {
      asked.push('guess');
      return Promise.resolve(
        guess && {
          uprightTurn: 0,
          orientationConfidence: 10,
          script: guess.script,
          scriptConfidence: guess.confidence,
        },
      );
    },
    read: (_image, model) => {
      asked.push(model);
      return Promise.resolve(model === 'eng' ? english : words);
    },
  };
}

const hebrew = read('שלום', 30, 0.92);

describe('looksUnread', () => {
  it('doubts a page with more than a tenth of its words read unsurely, or with few words', () => {
    expect(looksUnread([...read('word', 30, 0.98), ...read('w0rd', 2, 0.7)])).toBe(false);
    expect(looksUnread([...read('word', 26, 0.98), ...read('fehr', 4, 0.8)])).toBe(true);
    expect(looksUnread(read('45', 1, 0.99))).toBe(true);
  });
});

describe('withOtherScripts', () => {
  it('keeps a sure reading without asking Tesseract', async () => {
    const tesseract = fakeTesseract({ script: 'Hebrew', confidence: 30 }, hebrew);
    const words = read('print', 40, 0.99);
    expect(await withOtherScripts(engineReading(words), tesseract).recognize(page)).toBe(words);
    expect(tesseract.asked).toEqual([]);
  });

  it("reads a doubtful page in a script PP-OCR lacks with Tesseract's model for it", async () => {
    const tesseract = fakeTesseract({ script: 'Hebrew', confidence: 32 }, hebrew);
    const engine = withOtherScripts(engineReading(read('NLLU', 40, 0.6)), tesseract);
    expect(await engine.recognize(page)).toBe(hebrew);
    // The band compared with the English model's reading of it, then the page.
    expect(tesseract.asked).toEqual(['guess', 'Hebrew', 'eng', 'Hebrew']);
    expect(engine.name).toBe('pp+tesseract');
  });

  it('reads a Fraktur page with the Fraktur model, though PP-OCR is surer of its misreading', async () => {
    const misread = [...read('fehr', 34, 0.97), ...read('Gefchichte', 6, 0.8)];
    const fraktur = read('sehr', 40, 0.7);
    const tesseract = fakeTesseract({ script: 'Fraktur', confidence: 14 }, fraktur, read('fehr', 40, 0.55));
    tesseract.scripts.add('Fraktur');
    expect(await withOtherScripts(engineReading(misread), tesseract).recognize(page)).toEqual(fraktur);
  });

  it("gives a Fraktur reading in today's letters, a comma set apart joined to its word", async () => {
    const line = (texts: string[]): Word[] =>
      texts.map((text, index) => ({ ...word(text, 10 + 60 * index, 20, 0, 0), confidence: 0.8 }));
    const fraktur = [...line(['Saame', ',', 'ſondern', 'no<', 'dur<h', 'durc<']), ...read('Holz', 40, 0.8)];
    const tesseract = fakeTesseract({ script: 'Fraktur', confidence: 14 }, fraktur, read('fehr', 40, 0.55));
    tesseract.scripts.add('Fraktur');
    const words = await withOtherScripts(engineReading(read('Gefchichte', 20, 0.8)), tesseract).recognize(page);
    expect(words.slice(0, 5).map((w) => w.text)).toEqual(['Saame,', 'sondern', 'noch', 'durch', 'durch']);
    expect(words[0]!.bbox).toEqual({
      left: 10,
      top: 20,
      width: 60 + fraktur[1]!.bbox!.width,
      height: fraktur[0]!.bbox!.height,
    });
  });

  it("keeps PP-OCR's reading of an English page the detection misnamed: the English model reads it surer", async () => {
    const printed = [...read('word', 30, 0.98), ...read('w0rd', 5, 0.7)];
    const tesseract = fakeTesseract(
      { script: 'Cyrillic', confidence: 2.7 },
      read('word', 35, 0.86),
      read('word', 35, 0.92),
    );
    expect(await withOtherScripts(engineReading(printed), tesseract).recognize(page)).toBe(printed);
    expect(tesseract.asked).toEqual(['guess', 'Cyrillic', 'eng']);
  });

  it('compares the models on the middle band of the page, a greyscale PGM', () => {
    const rgb = new Uint8Array(4 * 10 * 3).fill(255);
    rgb.fill(0, 4 * 4 * 3, 4 * 5 * 3); // row 4 black: the band is rows 3-5
    const band = sampleBand(encodePng(rgb, 4, 10));
    expect(Buffer.from(band.subarray(0, 11)).toString()).toBe('P5 4 3 255\n');
    expect([...band.subarray(11)]).toEqual([255, 255, 255, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  });

  it("keeps PP-OCR's reading of handwriting, of scripts PP-OCR reads or the detection is unsure of, and of scripts with no model", async () => {
    const handwriting = read('Dou', 40, 0.7);
    for (const guess of [
      undefined,
      { script: 'Latin', confidence: 5 },
      { script: 'Japanese', confidence: 0.03 },
      { script: 'Thai', confidence: 20 },
    ]) {
      const tesseract = fakeTesseract(guess, hebrew);
      expect(await withOtherScripts(engineReading(handwriting), tesseract).recognize(page)).toBe(handwriting);
      expect(tesseract.asked).toEqual(['guess']);
    }
  });

  it("keeps PP-OCR's reading when Tesseract's is unsure or lost half of the text", async () => {
    const doubtful = read('NLLU', 40, 0.6);
    const unsure = read('שלום', 60, 0.5);
    expect(
      await withOtherScripts(
        engineReading(doubtful),
        fakeTesseract({ script: 'Hebrew', confidence: 30 }, unsure),
      ).recognize(page),
    ).toBe(doubtful);
    const little = read('שלום', 5, 0.9);
    expect(
      await withOtherScripts(
        engineReading(doubtful),
        fakeTesseract({ script: 'Hebrew', confidence: 30 }, little),
      ).recognize(page),
    ).toBe(doubtful);
  });

  it('reads only with PP-OCR the lines a text layer lacks', async () => {
    const tesseract = fakeTesseract({ script: 'Hebrew', confidence: 32 }, hebrew);
    const words = read('NLLU', 3, 0.6);
    const known = { text: [], rules: [] };
    expect(await withOtherScripts(engineReading(words), tesseract).recognize({ ...page, known })).toBe(words);
    expect(tesseract.asked).toEqual([]);
  });
});
