import { describe, expect, it } from 'vitest';
import { LINE_HEIGHT, type LineCrop } from './line-crops.js';
import { lineTokens } from './scripts.js';
import { WORD_CONTEXT, withWordReread, wordRereading, wordRereadings } from './word-rereads.js';
import type { RecognizedLine } from './words.js';

const quad: LineCrop['quad'] = [
  { x: 0, y: 0 },
  { x: 400, y: 0 },
  { x: 400, y: 48 },
  { x: 0, y: 48 },
];

/** A line read one character per time step of 8 pixels, so character n is centred at 8n + 4. */
function lineOf(text: string, pixelsPerStep = 8): RecognizedLine {
  return {
    chars: [...text].map((char, step) => ({ text: char, step, probability: 0.97 })),
    quad,
    cropWidth: text.length * pixelsPerStep,
    pixelsPerStep,
  };
}

/** A crop whose every pixel holds its column's index, to see which columns a window took. */
function cropOf(width: number): LineCrop {
  const data = new Float32Array(3 * LINE_HEIGHT * width);
  for (let index = 0; index < data.length; index += 1) data[index] = index % width;
  return { quad, width, data };
}

/** A long line, so that the word's window lies inside it. */
const TEXT =
  'the quick brown fox jumps over the lazy dog so we could a touehed it all the quick brown fox jumps over it';
const SUSPECT = TEXT.indexOf('touehed');

describe('wordRereading', () => {
  const line = lineOf(TEXT);
  const crop = cropOf(line.cropWidth);
  const token = lineTokens(line).find((candidate) => candidate.text === 'touehed')!;

  it("takes the word's extent and WORD_CONTEXT on each side", () => {
    const rereading = wordRereading(line, crop, token);
    // Character n is centred at 8n + 4; the pitch is 8, so the word reaches 6 past its end centres.
    expect(rereading.left).toBe(8 * SUSPECT + 4 - 6);
    expect(rereading.right).toBe(8 * (SUSPECT + 6) + 4 + 6);
    expect(rereading.start).toBe(rereading.left - WORD_CONTEXT);
    expect(rereading.window.width).toBe(rereading.right + WORD_CONTEXT - rereading.start);
    expect(rereading.window.data[0]).toBe(rereading.start);
    expect(rereading.window.data[rereading.window.width - 1]).toBe(rereading.start + rereading.window.width - 1);
  });

  it('stops the window at the ends of the crop', () => {
    const first = wordRereading(line, crop, lineTokens(line)[0]!);
    expect(first.start).toBe(0);
    const last = wordRereading(line, crop, lineTokens(line).at(-1)!);
    expect(last.start + last.window.width).toBe(crop.width);
  });
});

describe('wordRereadings', () => {
  const line = lineOf(TEXT);
  const crop = cropOf(line.cropWidth);

  it('gives a window per suspect word while they are narrower together than the line', () => {
    const rereadings = wordRereadings(line, crop, [lineTokens(line).find((token) => token.text === 'touehed')!]);
    expect(rereadings?.map((rereading) => rereading.token.text)).toEqual(['touehed']);
    expect(wordRereadings(line, crop, [])).toEqual([]);
  });

  it('reads the line whole when the windows would cover it', () => {
    expect(wordRereadings(line, crop, lineTokens(line).slice(0, 8))).toBeNull();
  });
});

describe('withWordReread', () => {
  const line = lineOf(TEXT);
  const rereading = wordRereading(
    line,
    cropOf(line.cropWidth),
    lineTokens(line).find((token) => token.text === 'touehed')!,
  );

  /** The second reader's reading of the window: `text` at the given window columns, 4 pixels a step. */
  function reread(chars: { text: string; column: number }[]): RecognizedLine {
    return {
      chars: chars.map(({ text, column }) => ({ text, step: column / 4 - 0.5, probability: 0.99 })),
      quad,
      cropWidth: rereading.window.width,
      pixelsPerStep: 4,
    };
  }

  it("replaces the word's characters with those read inside its extent, on the line's step scale", () => {
    const word = [...'touched'].map((text, n) => ({ text, column: 8 * (SUSPECT + n) + 4 - rereading.start }));
    // The neighbouring word's last letter and the space before the word: not the word's.
    const before = [
      { text: 'a', column: 8 * (SUSPECT - 2) + 4 - rereading.start },
      { text: ' ', column: 8 * (SUSPECT - 1) + 4 - rereading.start },
    ];
    const result = withWordReread(line, rereading, reread([...before, ...word]));
    expect(result.chars.map((char) => char.text).join('')).toBe(TEXT.replace('touehed', 'touched'));
    expect(result.chars.slice(SUSPECT, SUSPECT + 7).map((char) => char.step)).toEqual(
      Array.from({ length: 7 }, (_, n) => SUSPECT + n),
    );
    expect(result.chars[SUSPECT]!.probability).toBe(0.99);
  });

  it('keeps the line when nothing was read inside the word', () => {
    expect(withWordReread(line, rereading, reread([{ text: 'a', column: 2 }]))).toBe(line);
  });
});
