import { decodePng, luma } from '@folio/imaging';
import { PADDLE_SCRIPTS, type Tesseract } from '@folio/runtime';
import type { Word } from '@folio/proto/documents/v1';
import { modernFraktur } from './fraktur.js';
import type { WordCheck } from './fraktur-words.js';
import type { OcrEngine, OcrPageImage } from './ocr-engine.js';

/** A page read with fewer words than this is asked its script: a script the recognizer lacks leaves few lines above its confidence floor. */
const FEW_WORDS = 10;
/** Words read with less confidence than this are doubtful. */
const DOUBTFUL_WORD = 0.9;
/**
 * A page with more than this share of doubtful words is asked its script. Printed Latin pages of
 * the checks set leave 0-8% of their words doubtful (an 1856 newspaper 8%), Fraktur 13-19%, a
 * Marathi page 65%, Hebrew 91%, handwriting 48-79% (which the detection then finds Latin or
 * cannot tell, and PP-OCR's reading stays).
 */
const DOUBTFUL_SHARE = 0.1;
/**
 * Tesseract's English model: the yardstick a script model's reading must beat. The detection
 * misnames scripts at low confidence (a printed English page "Cyrillic" at 2-5, a Marathi page
 * "Latin" at 1-4, by the scale of the image), so it only proposes: on the checks set's pages the
 * right model reads with 0.15-0.57 more confidence per character than the English one (Fraktur
 * 0.64-0.86 against 0.49-0.65, Devanagari 0.85 against 0.29, Hebrew 0.87 against 0.30), and on
 * printed English pages every other model reads with less (Fraktur and Devanagari 0.85-0.91
 * against 0.91-0.93).
 */
const BASELINE_MODEL = 'eng';
/** ...by at least this much confidence per character. */
const MIN_GAIN = 0.05;
/**
 * The two models are compared on a band of the page this share of its height, centred: on a page
 * the detection misnamed, two readings of the band cost half of one reading of the page.
 */
const SAMPLE_HEIGHT = 0.3;
/** Tesseract's reading is kept only when its confidence per character is at least this. */
const MIN_OTHER_CONFIDENCE = 0.6;
/** ...and it holds at least this share of the characters PP-OCR read (no column or block lost). */
const MIN_OTHER_CHARS = 0.5;

/** Tesseract's name of the Fraktur script and model, whose reading is put in today's letters (modernFraktur). */
const FRAKTUR = 'Fraktur';

/** How many characters some words hold. */
function charCount(words: readonly Word[]): number {
  return words.reduce((sum, word) => sum + word.text.length, 0);
}

/** Mean confidence per character of some words (0 for none). */
function charConfidence(words: readonly Word[]): number {
  const chars = charCount(words);
  return chars === 0 ? 0 : words.reduce((sum, word) => sum + word.confidence * word.text.length, 0) / chars;
}

/** The band of the page the models are compared on (SAMPLE_HEIGHT), as a binary greyscale PGM, which Tesseract reads. */
export function sampleBand(png: Uint8Array): Uint8Array {
  const { width, height, rgb } = decodePng(png);
  const rows = Math.max(1, Math.round(height * SAMPLE_HEIGHT));
  const top = Math.floor((height - rows) / 2);
  const header = Buffer.from(`P5 ${width} ${rows} 255\n`);
  const band = new Uint8Array(header.length + width * rows);
  band.set(header);
  for (let y = 0; y < rows; y += 1)
    for (let x = 0; x < width; x += 1)
      band[header.length + y * width + x] = Math.round(luma(rgb, ((top + y) * width + x) * 3));
  return band;
}

/** Whether the recognizer's reading of a whole page looks like a script it does not read. */
export function looksUnread(words: readonly Word[]): boolean {
  if (words.length < FEW_WORDS) return true;
  return words.filter((word) => word.confidence < DOUBTFUL_WORD).length / words.length > DOUBTFUL_SHARE;
}

/**
 * The OCR engine for pages in any script: `engine` (PP-OCR) reads every page; where it read a whole
 * page poorly (looksUnread), Tesseract's detection names the page's script, and a script PP-OCR
 * lacks (Fraktur included: its letters are Latin, its long s and ligatures not) for which a
 * Tesseract model is installed has the page read by that model instead, when Tesseract reads a
 * band of the page with fair confidence, clearly surer than with its English model, and the
 * page's reading loses no block PP-OCR read (a Fraktur page's in today's letters, its misread
 * words mended by `frakturWords`, a German word list: modernFraktur). Lines the text layer lacks (`known` given) stay
 * PP-OCR's: a born-digital page states its own script. Its name tells that the words are either's.
 */
export function withOtherScripts(engine: OcrEngine, tesseract: Tesseract, frakturWords?: WordCheck): OcrEngine {
  return {
    name: `${engine.name}+tesseract`,
    async recognize(page: OcrPageImage, signal?: AbortSignal): Promise<Word[]> {
      const words = await engine.recognize(page, signal);
      if (page.known || !looksUnread(words)) return words;
      const detected = await tesseract.detect(page.image, signal);
      if (!detected || PADDLE_SCRIPTS.has(detected.script) || !tesseract.scripts.has(detected.script)) return words;
      // PP-OCR's confidence is no yardstick: it reads Fraktur's long s as f, sure of it (0.95 a
      // character against Tesseract's 0.64-0.86 for a much better reading). Tesseract's own is.
      const band = sampleBand(page.image);
      const sampled = charConfidence(await tesseract.read(band, detected.script, signal));
      const baseline = charConfidence(await tesseract.read(band, BASELINE_MODEL, signal));
      if (sampled < MIN_OTHER_CONFIDENCE || sampled < baseline + MIN_GAIN) return words;
      const other = await tesseract.read(page.image, detected.script, signal);
      const kept =
        charConfidence(other) >= MIN_OTHER_CONFIDENCE && charCount(other) >= MIN_OTHER_CHARS * charCount(words);
      if (!kept) return words;
      return detected.script === FRAKTUR ? modernFraktur(other, frakturWords) : other;
    },
  };
}
