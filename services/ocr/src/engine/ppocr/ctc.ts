/** One decoded character with the time step it was read at and its probability. */
export interface CtcChar {
  text: string;
  /** Index of the output time step (each covers `inputWidth / steps` input pixels). */
  step: number;
  probability: number;
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

/**
 * Greedy CTC decoding of one line: the best class per time step, repeats merged, blanks dropped.
 * `probabilities` holds `steps * classes` softmax outputs starting at `offset`.
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
    for (let c = 1; c < classCount; c += 1) {
      const p = probabilities[base + c]!;
      if (p > bestProbability) {
        best = c;
        bestProbability = p;
      }
    }
    if (best !== 0 && best !== previous)
      chars.push({ text: alphabet.classes[best]!, step, probability: bestProbability });
    previous = best;
  }
  return chars;
}
