import { PADDLE_SCRIPTS, type Tesseract } from '@folio/runtime';
import type { Word } from '@folio/proto/documents/v1';
import type { OcrEngine, OcrPageImage } from './ocr-engine.js';

/** A page read with fewer words than this is asked its script: a script the recognizer lacks leaves few lines above its confidence floor. */
const FEW_WORDS = 10;
/** Words read with less confidence than this are doubtful. */
const DOUBTFUL_WORD = 0.9;
/**
 * A page with more than this share of doubtful words is asked its script. Print in a script the
 * recognizer reads leaves 3-17% of its words doubtful (an 1850 newspaper, a Fraktur page);
 * Hebrew 91%, Devanagari 65%, but handwriting 48-79% too, which the script guess then keeps.
 */
const DOUBTFUL_SHARE = 0.35;
/** Tesseract's reading is kept only when its confidence per character is at least this. */
const MIN_OTHER_CONFIDENCE = 0.6;

/** How much text some words hold, each character counted by the confidence it was read with. */
function confidentChars(words: readonly Word[]): number {
  return words.reduce((sum, word) => sum + word.confidence * word.text.length, 0);
}

/** Mean confidence per character of some words (0 for none). */
function charConfidence(words: readonly Word[]): number {
  const chars = words.reduce((sum, word) => sum + word.text.length, 0);
  return chars === 0 ? 0 : confidentChars(words) / chars;
}

/** Whether the recognizer's reading of a whole page looks like a script it does not read. */
export function looksUnread(words: readonly Word[]): boolean {
  if (words.length < FEW_WORDS) return true;
  return words.filter((word) => word.confidence < DOUBTFUL_WORD).length / words.length > DOUBTFUL_SHARE;
}

/**
 * The OCR engine for pages in any script: `engine` (PP-OCR) reads every page; where it read a whole
 * page poorly (looksUnread), Tesseract guesses the page's script, and a script PP-OCR lacks for
 * which a Tesseract script model is installed has the page read by that model instead, kept when
 * Tesseract is sure enough of it and its reading holds more confidently read text than PP-OCR's. Lines the text layer lacks (`known` given)
 * stay PP-OCR's: a born-digital page states its own script. Its name tells that the words are either's.
 */
export function withOtherScripts(engine: OcrEngine, tesseract: Tesseract): OcrEngine {
  return {
    name: `${engine.name}+tesseract`,
    async recognize(page: OcrPageImage, signal?: AbortSignal): Promise<Word[]> {
      const words = await engine.recognize(page, signal);
      if (page.known || !looksUnread(words)) return words;
      const detected = await tesseract.detect(page.image, signal);
      if (!detected || PADDLE_SCRIPTS.has(detected.script) || !tesseract.scripts.has(detected.script)) return words;
      const other = await tesseract.read(page.image, detected.script, signal);
      // PP-OCR drops lines it reads with little confidence, so its mean alone flatters it: what counts
      // is how much text each reading holds with confidence.
      const better = charConfidence(other) >= MIN_OTHER_CONFIDENCE && confidentChars(other) > confidentChars(words);
      return better ? other : words;
    },
  };
}
