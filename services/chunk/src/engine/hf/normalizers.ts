import {
  UnsupportedTokenizerError,
  type JsonObject,
  asArray,
  asObject,
  optionalBoolean,
  optionalString,
} from './json.js';

/** A normalizer of a Hugging Face tokenizer: text in, normalized text out. */
export type Normalize = (text: string) => string;

const identity: Normalize = (text) => text;

/** Chinese, Japanese and Korean ideographs: BERT pads each with spaces so it becomes its own word. */
export function isCjk(code: number): boolean {
  return (
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x20000 && code <= 0x2a6df) ||
    (code >= 0x2a700 && code <= 0x2b73f) ||
    (code >= 0x2b740 && code <= 0x2b81f) ||
    (code >= 0x2b820 && code <= 0x2ceaf) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0x2f800 && code <= 0x2fa1f)
  );
}

const CONTROL = /^[\p{Cc}\p{Cf}]$/u;
const WHITESPACE = /^\s$/u;

/** Combining marks, removed after NFD to strip accents. */
const MARKS = /\p{Mn}/gu;

export function stripAccents(text: string): string {
  return text.normalize('NFD').replace(MARKS, '');
}

export interface BertNormalizerOptions {
  cleanText: boolean;
  handleChineseChars: boolean;
  /** Null follows `lowercase`, as in BERT. */
  stripAccents: boolean | null;
  lowercase: boolean;
}

/**
 * BERT's BasicTokenizer normalization (Hugging Face `BertNormalizer`): drop NUL, U+FFFD and control
 * characters, turn every whitespace into a space, pad CJK ideographs with spaces, strip accents
 * (NFD without combining marks) and lowercase.
 */
export function bertNormalizer(options: BertNormalizerOptions): Normalize {
  const strip = options.stripAccents ?? options.lowercase;
  return (text) => {
    let out = '';
    for (const char of text) {
      const code = char.codePointAt(0) ?? 0;
      if (options.cleanText) {
        if (code === 0 || code === 0xfffd) continue;
        // Tab, newline and carriage return are whitespace, not control characters, in BERT.
        if (char === '\t' || char === '\n' || char === '\r' || WHITESPACE.test(char)) {
          out += ' ';
          continue;
        }
        if (CONTROL.test(char)) continue;
      }
      out += options.handleChineseChars && isCjk(code) ? ` ${char} ` : char;
    }
    if (strip) out = stripAccents(out);
    return options.lowercase ? out.toLowerCase() : out;
  };
}

/**
 * Rewrites the inline case-insensitive groups of Oniguruma and Rust's regex, `(?i:...)`, which
 * JavaScript before ES2025 lacks (Llama 3's split pattern opens with `(?i:'s|'t|...)`): the group
 * becomes `(?:...)` with each ASCII letter outside a class written as `[xX]` and each letter of a
 * class given its other case. Escapes (`\\p{L}`, `\\r`) are left as they are.
 */
export function withoutInlineCaseFlag(source: string): string {
  let out = '';
  let depth = 0;
  /** The depths of the open `(?i:` groups, innermost last. */
  const caseless: number[] = [];
  let inClass = false;
  for (let index = 0; index < source.length; index++) {
    const char = source[index]!;
    if (char === '\\') {
      const braced = /^[pPu]\{[^}]*\}/u.exec(source.slice(index + 1));
      const escape = braced ? `\\${braced[0]}` : source.slice(index, index + 2);
      out += escape;
      index += escape.length - 1;
      continue;
    }
    const folding = caseless.length > 0;
    if (inClass) {
      if (char === ']') inClass = false;
      const range = folding ? /^[a-z]-[a-z]/iu.exec(source.slice(index)) : null;
      if (range) {
        // "a-c" is both "a-c" and "A-C": doubling each end would make "aA-cC", a range from A to c.
        out += `${range[0].toLowerCase()}${range[0].toUpperCase()}`;
        index += 2;
      } else out += folding && /[a-z]/iu.test(char) ? char.toLowerCase() + char.toUpperCase() : char;
      continue;
    }
    if (char === '[') {
      inClass = true;
      out += char;
      // A class's first ']' (or '^]') is a literal: copy it so it does not close the class.
      const literal = /^\^?\]/u.exec(source.slice(index + 1));
      if (literal) {
        out += literal[0];
        index += literal[0].length;
      }
      continue;
    }
    if (char === '(') {
      depth++;
      if (source.startsWith('(?i:', index)) {
        caseless.push(depth);
        out += '(?:';
        index += 3;
        continue;
      }
    } else if (char === ')') {
      if (caseless.at(-1) === depth) caseless.pop();
      depth--;
    }
    out += folding && /[a-z]/iu.test(char) ? `[${char.toLowerCase()}${char.toUpperCase()}]` : char;
  }
  return out;
}

/** A `{String}` or `{Regex}` pattern of tokenizer.json as a global JS regex. */
export function toPattern(value: unknown, where: string): RegExp {
  const pattern = asObject(value, where);
  if (typeof pattern.String === 'string') return new RegExp(escapeRegExp(pattern.String), 'gu');
  if (typeof pattern.Regex === 'string') {
    try {
      return new RegExp(withoutInlineCaseFlag(pattern.Regex), 'gu');
    } catch (error) {
      throw new UnsupportedTokenizerError(`${where}: regex not supported here (${pattern.Regex})`, { cause: error });
    }
  }
  throw new UnsupportedTokenizerError(`${where}: pattern must be String or Regex`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Builds the normalizer of a tokenizer.json `normalizer` entry (null means none). */
export function buildNormalizer(json: unknown): Normalize {
  if (json === null || json === undefined) return identity;
  const spec: JsonObject = asObject(json, 'normalizer');
  switch (spec.type) {
    case 'Sequence': {
      const steps = asArray(spec.normalizers, 'normalizer.normalizers').map(buildNormalizer);
      return (text) => steps.reduce((value, step) => step(value), text);
    }
    case 'BertNormalizer':
      return bertNormalizer({
        cleanText: optionalBoolean(spec.clean_text) ?? true,
        handleChineseChars: optionalBoolean(spec.handle_chinese_chars) ?? true,
        stripAccents: optionalBoolean(spec.strip_accents) ?? null,
        lowercase: optionalBoolean(spec.lowercase) ?? true,
      });
    case 'NFC':
    case 'NFD':
    case 'NFKC':
    case 'NFKD': {
      const form = spec.type;
      return (text) => text.normalize(form);
    }
    // SentencePiece's compiled character map: its rules are NFKC plus a few whitespace and control
    // folds. NFKC gives the same text for nearly all input; the few differences change a count by
    // a token at most.
    case 'Precompiled':
      return (text) => text.normalize('NFKC');
    case 'Lowercase':
      return (text) => text.toLowerCase();
    case 'StripAccents':
      return (text) => text.replace(MARKS, '');
    case 'Strip': {
      const left = optionalBoolean(spec.strip_left) ?? true;
      const right = optionalBoolean(spec.strip_right) ?? true;
      return (text) => (left && right ? text.trim() : left ? text.trimStart() : right ? text.trimEnd() : text);
    }
    case 'Replace': {
      const pattern = toPattern(spec.pattern, 'normalizer Replace');
      const content = optionalString(spec.content) ?? '';
      return (text) => text.replace(pattern, () => content);
    }
    case 'Prepend': {
      const prepend = optionalString(spec.prepend) ?? '';
      return (text) => (text.length > 0 ? prepend + text : text);
    }
    default:
      throw new UnsupportedTokenizerError(`normalizer type ${String(spec.type)} is not supported`);
  }
}
