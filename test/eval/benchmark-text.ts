// OmniDocBench's own text normalization, for the text edit distance the target is stated
// in: inline formulas folded to Unicode by pylatexenc (python/fold_inline_latex.py, the library
// the benchmark uses), then only letters, digits and `_` compared. Our stricter figure
// (normalize-text.ts: whitespace only) is printed beside it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');
/** Where scripts/eval.mjs installs the pinned pylatexenc. */
export const EVAL_PYTHON_TOOLS = join(root, '.tools', 'eval');
const FOLD_SCRIPT = join(import.meta.dirname, 'python', 'fold_inline_latex.py');

/** Folds every text's inline LaTeX (`$...$`, `\(...\)`) to Unicode, in one Python process. */
export function foldInlineLatex(texts: readonly string[]): string[] {
  if (!existsSync(join(EVAL_PYTHON_TOOLS, 'pylatexenc')))
    throw new Error(`pylatexenc is not installed in ${EVAL_PYTHON_TOOLS}: run the evaluation with \`npm run eval\``);
  const result = spawnSync('python3', [FOLD_SCRIPT], {
    input: JSON.stringify(texts),
    encoding: 'utf8',
    env: { ...process.env, PYTHONPATH: EVAL_PYTHON_TOOLS, PYTHONWARNINGS: 'ignore' },
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`fold_inline_latex.py failed: ${result.stderr || result.error?.message}`);
  const folded = JSON.parse(result.stdout) as unknown;
  if (!Array.isArray(folded) || folded.length !== texts.length)
    throw new Error('fold_inline_latex.py returned a different number of texts');
  return folded as string[];
}

/**
 * The benchmark's `clean_string`: the escape sequences `\t`, `\n`, `/t`, `/n` and real tabs and
 * line breaks dropped, then everything but letters, digits and `_` (Python's `\w`).
 */
export function benchmarkForm(text: string): string {
  return text.replace(/\\t|\\n|\/t|\/n|[\t\n]/g, '').replace(/[^\p{L}\p{N}_]/gu, '');
}
