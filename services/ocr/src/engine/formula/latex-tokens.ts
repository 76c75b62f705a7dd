// From the decoder's token ids to LaTeX: pix2tex's tokenizer is a byte-level BPE (Hugging Face
// `tokenizers` JSON) whose pieces carry spaces as `Ġ`; its output keeps a space between every
// token, which pix2tex's post-processing then removes wherever LaTeX does not need one.

/** Token ids with a fixed meaning in pix2tex's vocabulary. */
export const PAD_TOKEN = 0;
export const BOS_TOKEN = 1;
export const EOS_TOKEN = 2;

/** The vocabulary of a tokenizer.json: each id's piece, as stored (byte-level characters). */
export interface LatexVocabulary {
  pieces: string[];
  /** Ids of special tokens ([PAD], [BOS], [EOS]), never part of the text. */
  special: Set<number>;
}

/** Reads the pieces and special tokens of a Hugging Face tokenizer.json with a BPE model. */
export function parseVocabulary(json: string): LatexVocabulary {
  const parsed = JSON.parse(json) as {
    model?: { type?: string; vocab?: Record<string, number> };
    added_tokens?: { id: number; special?: boolean }[];
  };
  const vocab = parsed.model?.vocab;
  // Older tokenizers files (pix2tex's) leave out the model's `type`.
  if (vocab === undefined || (parsed.model?.type ?? 'BPE') !== 'BPE')
    throw new Error('tokenizer.json: not a BPE tokenizer');
  const pieces: string[] = [];
  for (const [piece, id] of Object.entries(vocab)) pieces[id] = piece;
  const special = new Set((parsed.added_tokens ?? []).filter((token) => token.special).map((token) => token.id));
  return { pieces, special };
}

/**
 * GPT-2's byte-level alphabet, reversed: the printable Latin-1 bytes stand for themselves and the
 * others (control characters, space, 127-160, the soft hyphen) were shifted to U+0100 and up in order.
 */
const BYTE_OF_CHAR: Map<string, number> = (() => {
  const map = new Map<string, number>();
  let shifted = 0;
  for (let byte = 0; byte < 256; byte += 1) {
    const printable = (byte >= 33 && byte <= 126) || (byte >= 161 && byte <= 172) || byte >= 174;
    map.set(String.fromCharCode(printable ? byte : 256 + shifted++), byte);
  }
  return map;
})();

/** The raw text of a token sequence: pieces joined, byte-level characters back to UTF-8 text. */
export function joinTokens(ids: readonly number[], vocabulary: LatexVocabulary): string {
  const bytes: number[] = [];
  for (const id of ids) {
    if (vocabulary.special.has(id)) continue;
    const piece = vocabulary.pieces[id];
    // Ids past the vocabulary (the output layer has 8,000, the vocabulary 1,175) carry no text.
    if (piece === undefined) continue;
    for (const char of piece) {
      const byte = BYTE_OF_CHAR.get(char);
      if (byte !== undefined) bytes.push(byte);
    }
  }
  return new TextDecoder().decode(Uint8Array.from(bytes)).trim();
}

/** Font and text commands whose argument pix2tex writes letter by letter: `\mathrm {m a x}`. */
const SPACED_GROUP = /\\(?:operatorname|mathrm|text|mathbf)\s?\*?\s?\{[^{}]*\}/g;
const NON_LETTER = String.raw`[\W_^\d]`;
const LETTER = '[a-zA-Z]';
// A space is kept after `\` (an explicit space, `\ `) and between two letters (`\alpha b`).
const SPACE_RULES = [
  new RegExp(String.raw`(?!\\ )(${NON_LETTER})\s+?(${NON_LETTER})`, 'g'),
  new RegExp(String.raw`(?!\\ )(${NON_LETTER})\s+?(${LETTER})`, 'g'),
  new RegExp(String.raw`(${LETTER})\s+?(${NON_LETTER})`, 'g'),
];

/**
 * pix2tex's post-processing of decoded LaTeX: spaces removed inside text and font groups, and
 * between any two characters unless both are letters (where the space separates a command from
 * what follows) or the first starts an explicit `\ ` space. Repeated until nothing changes, as one
 * pass leaves every other space of a run like `a - b - c`.
 */
export function tidyLatex(latex: string): string {
  let text = latex.replace(SPACED_GROUP, (group) => group.replace(/\s+/g, ''));
  for (;;) {
    let next = text;
    for (const rule of SPACE_RULES) next = next.replace(rule, '$1$2');
    if (next === text) return text;
    text = next;
  }
}

/** The LaTeX of a decoded token sequence (without [BOS] and [EOS]). */
export function decodeLatex(ids: readonly number[], vocabulary: LatexVocabulary): string {
  return tidyLatex(joinTokens(ids, vocabulary));
}
