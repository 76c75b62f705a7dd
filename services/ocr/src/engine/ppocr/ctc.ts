/** A character the recognizer gave as its second choice where it was unsure, with its probability. */
export interface CtcAlternative {
  text: string;
  probability: number;
}

/** One decoded character with the time step it was read at and its probability. */
export interface CtcChar {
  text: string;
  /** Index of the output time step (each covers `inputWidth / steps` input pixels). */
  step: number;
  probability: number;
  /**
   * Second choices over the character's steps where it was read with less than UNSURE_BELOW
   * (the likeliest other character, at least MIN_ALTERNATIVE): what a word list may choose instead.
   */
  alternatives?: CtcAlternative[];
}

/**
 * The recognizer's alphabet: class 0 is the CTC blank, classes 1..n are the dictionary lines,
 * and class n + 1 is a space (PaddleOCR's use_space_char).
 */
export interface CtcAlphabet {
  classes: readonly string[];
}

/** Builds the alphabet from a dictionary file's text (one character per line). */
export function createAlphabet(dictionary: string): CtcAlphabet {
  const lines = dictionary.split('\n');
  // A trailing newline ends the last line; it is not an empty character.
  if (lines[lines.length - 1] === '') lines.pop();
  return { classes: ['', ...lines.map((line) => line.replace(/\r$/, '')), ' '] };
}

/** A softmax output above this is the largest of its step. */
const SURE = 0.5;
/** A character read with less than this keeps its second choice (CtcChar.alternatives). */
const UNSURE_BELOW = 0.9;
/** A second choice under this is no real alternative. */
const MIN_ALTERNATIVE = 0.03;

/** The likeliest character of a step other than `best`, the blank and the space, when it reaches MIN_ALTERNATIVE. */
function secondChoice(
  probabilities: Float32Array,
  base: number,
  best: number,
  alphabet: CtcAlphabet,
): CtcAlternative | null {
  const space = alphabet.classes.length - 1;
  let second = -1;
  let secondProbability = MIN_ALTERNATIVE;
  for (let c = 1; c < space; c += 1) {
    const p = probabilities[base + c]!;
    if (c !== best && p >= secondProbability) {
      second = c;
      secondProbability = p;
    }
  }
  return second < 0 ? null : { text: alphabet.classes[second]!, probability: secondProbability };
}

/** Adds a second choice to a character's, keeping the likeliest reading of each other character. */
function addAlternative(char: CtcChar, alternative: CtcAlternative): void {
  const known = char.alternatives?.find((entry) => entry.text === alternative.text);
  if (known) known.probability = Math.max(known.probability, alternative.probability);
  else (char.alternatives ??= []).push(alternative);
}

/**
 * Greedy CTC decoding of one line: the best class per time step, repeats merged, blanks dropped.
 * `probabilities` holds `steps * classes` softmax outputs starting at `offset`. A step's outputs
 * sum to 1, so a class above one half is its best and the step's scan stops there: most steps are
 * a sure blank (class 0), and Latin letters come early in the dictionaries. A dense page's 4,300
 * steps over the tiny recognizer's 6,906 classes took 33-43 ms, now under 1 ms; the words of the
 * benchmark's 10 scanned pages are the same. Where a character is read with less than UNSURE_BELOW,
 * its step is scanned whole for the second choice (CtcChar.alternatives).
 */
export function decodeCtc(
  probabilities: Float32Array,
  offset: number,
  steps: number,
  alphabet: CtcAlphabet,
): CtcChar[] {
  const classCount = alphabet.classes.length;
  const chars: CtcChar[] = [];
  let previous = -1;
  for (let step = 0; step < steps; step += 1) {
    const base = offset + step * classCount;
    let best = 0;
    let bestProbability = probabilities[base]!;
    for (let c = 1; c < classCount && bestProbability <= SURE; c += 1) {
      const p = probabilities[base + c]!;
      if (p > bestProbability) {
        best = c;
        bestProbability = p;
      }
    }
    if (best !== 0 && best !== previous)
      chars.push({ text: alphabet.classes[best]!, step, probability: bestProbability });
    if (best !== 0 && best !== classCount - 1 && bestProbability < UNSURE_BELOW) {
      const alternative = secondChoice(probabilities, base, best, alphabet);
      if (alternative) addAlternative(chars[chars.length - 1]!, alternative);
    }
    previous = best;
  }
  return chars;
}
