import { spawn } from 'node:child_process';
import { parsePageDetection, parseTsvWords, type PageDetection, type TesseractWord } from './tesseract-output.js';

/**
 * The scripts, by Tesseract's names, that the PaddleOCR models here were trained on: PP-OCRv6's
 * alphabet (18,708 characters: Latin, Han, kana, bare Greek letters; no Cyrillic, Hangul, Arabic,
 * Hebrew, Devanagari or Thai, nor Greek with accents) and the PULC page-orientation classifier
 * (Chinese and English text, which reads a Hebrew page as upside down). Pages in other scripts
 * are Tesseract's to read and to turn.
 */
export const PADDLE_SCRIPTS: ReadonlySet<string> = new Set([
  'Latin',
  'Han',
  'Japanese',
  'Hiragana',
  'Katakana',
  'Common',
]);

/** Options of createTesseract. */
export interface TesseractOptions {
  /** The `tesseract` executable (default: found on PATH). */
  command?: string;
  /** Folder of the `.traineddata` files (default: Tesseract's own, as `--list-langs` prints it). */
  tessdataDir?: string;
  /** A run longer than this is killed and counts as no reading (default 60 s). */
  timeoutMs?: number;
}

/** Tesseract 5 run as a child process on one page image at a time. */
export interface Tesseract {
  /** The script models installed (`Arabic`, `Hebrew`, ...: Debian's tesseract-ocr-script-* packages). */
  readonly scripts: ReadonlySet<string>;
  /** The page's orientation and script (`--psm 0`); undefined when it has too little text to tell. */
  detect(image: Uint8Array, signal?: AbortSignal): Promise<PageDetection | undefined>;
  /** The page's words read with one model: a script's (`Arabic`) or a language's (`eng`, always there). */
  read(image: Uint8Array, model: string, signal?: AbortSignal): Promise<TesseractWord[]>;
}

const DEFAULT_TIMEOUT_MS = 60_000;
/** What script detection says, failing, on a page with too little text to tell. */
const TOO_FEW_CHARACTERS = 'Too few characters';

/**
 * Runs tesseract with the image on stdin and resolves with its stdout. One thread per run
 * (OMP_THREAD_LIMIT=1): the OCR stage already runs a page per core, and Tesseract's OpenMP threads
 * spin on a busy machine (twice the CPU for the same reading here).
 */
function run(
  command: string,
  args: string[],
  input: Uint8Array | undefined,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
      signal,
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, killedBy) => {
      clearTimeout(timer);
      const out = Buffer.concat(stdout).toString('utf8');
      if (code === 0) resolve(out);
      else {
        const reason = killedBy ? `killed by ${killedBy} (timeout ${timeoutMs} ms)` : `exit code ${code}`;
        reject(new Error(`tesseract ${args.join(' ')}: ${reason}: ${Buffer.concat(stderr).toString('utf8').trim()}`));
      }
    });
    child.stdin.on('error', () => {}); // a run that fails early closes its stdin; the exit code tells
    child.stdin.end(input);
  });
}

/**
 * Finds tesseract and its script models; rejects with what to install when the command, its
 * orientation and script detection model (osd) or its English model (eng) is missing.
 */
export async function createTesseract(options: TesseractOptions = {}): Promise<Tesseract> {
  const command = options.command ?? 'tesseract';
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const dirArgs = options.tessdataDir ? ['--tessdata-dir', options.tessdataDir] : [];
  let listed: string;
  try {
    listed = await run(command, [...dirArgs, '--list-langs'], undefined, timeoutMs);
  } catch (error) {
    throw new Error(
      `Tesseract (${command}) cannot be run: install Debian's tesseract-ocr and tesseract-ocr-script-* (npm run setup does)`,
      { cause: error },
    );
  }
  const models = listed
    .split('\n')
    .slice(1)
    .map((line) => line.trim())
    .filter(Boolean);
  for (const needed of ['osd', 'eng']) {
    if (!models.includes(needed)) {
      throw new Error(
        `Tesseract has no ${needed} model (${models.join(', ')}): install Debian's tesseract-ocr-${needed}`,
      );
    }
  }
  // Script models are the capitalized names (`Arabic`, or `script/Arabic` in tessdata's own
  // layout); language models are lower case (`eng`).
  const scripts = new Set(
    models.map((model) => model.replace(/^script\//u, '')).filter((name) => /^\p{Lu}/u.test(name)),
  );
  const stdinArgs = ['stdin', 'stdout', ...dirArgs];
  return {
    scripts,
    detect: async (image, signal) => {
      try {
        return parsePageDetection(await run(command, [...stdinArgs, '--psm', '0'], image, timeoutMs, signal));
      } catch (error) {
        // A page with too little text for the detection is no error of the page's.
        if (error instanceof Error && error.message.includes(TOO_FEW_CHARACTERS)) return undefined;
        throw error;
      }
    },
    read: async (image, model, signal) => {
      const name = models.includes(model) ? model : `script/${model}`;
      return parseTsvWords(
        await run(command, [...stdinArgs, '-l', name, '--psm', '3', 'tsv'], image, timeoutMs, signal),
      );
    },
  };
}
