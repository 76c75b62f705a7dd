// `npm run eval`: sets up, then scores the service's pipeline on the evaluation corpus
// (../shared/corpus: OmniDocBench demo pages and the ICDAR 2013 tables) and runs the checks on
// real documents (test/eval/checks) on a real stack with the model engines on, prints the figures
// and writes a JSON report; `--set formulas` runs the formula benchmark (test/eval/formulas), which
// `all` leaves out (it takes hours). The work is in test/eval/.
//
//   npm run eval -- [--set omnidoc|icdar|checks|formulas|tables|all] [--limit N] [--only TEXT] [--out FILE] [--draw DIR]
//                   [--resolution high|normal] [--corpus DIR] [--part tuned|frozen] [--variant NAME[,NAME]]
// --part: which part of the checks set to score: tuned (the default) or frozen, the part nobody
// looks at while tuning, scored only before a session stops.
// --resolution: the tasks' high_resolution setting; high (the API's default) unless told.
// --only: the checks documents whose file name contains TEXT or whose kind is TEXT (and no other set's pages); with
// --set formulas, the engines whose name contains TEXT; with --set tables, the documents whose name contains TEXT
// (several TEXTs comma-separated). --limit: with --set formulas, pages per
// engine and variant; --variant: with --set formulas, only these variants (born-digital, scan-300dpi,
// scan-150dpi).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { pip, run, step } from './lib/run.mjs';
import { setup } from './setup.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// npm runs scripts from the root; relative paths on the command line mean the caller's folder.
const callerDir = process.env.INIT_CWD ?? process.cwd();

const { values } = parseArgs({
  options: {
    set: { type: 'string', default: 'all' },
    limit: { type: 'string' },
    only: { type: 'string' },
    out: { type: 'string', default: 'eval-report.json' },
    draw: { type: 'string' },
    resolution: { type: 'string', default: 'high' },
    corpus: { type: 'string' },
    part: { type: 'string', default: 'tuned' },
    variant: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  process.stdout.write(
    'usage: npm run eval -- [--set omnidoc|icdar|checks|formulas|tables|all] [--limit N] [--only TEXT] [--out FILE] [--draw DIR] [--resolution high|normal] [--corpus DIR] [--part tuned|frozen] [--variant NAME[,NAME]]\n' +
      '  all = every set but formulas (the formula benchmark, hours for a full run), which runs only when named\n',
  );
  process.exit(0);
}
if (!['omnidoc', 'icdar', 'checks', 'formulas', 'tables', 'all'].includes(values.set)) {
  process.stderr.write(`--set must be omnidoc, icdar, checks, formulas, tables or all, not ${values.set}\n`);
  process.exit(2);
}
if (!['tuned', 'frozen'].includes(values.part)) {
  process.stderr.write(`--part must be tuned or frozen, not ${values.part}\n`);
  process.exit(2);
}
if (!['high', 'normal'].includes(values.resolution)) {
  process.stderr.write(`--resolution must be high or normal, not ${values.resolution}\n`);
  process.exit(2);
}
if (values.limit !== undefined && !/^[1-9]\d*$/.test(values.limit)) {
  process.stderr.write(`--limit must be a positive integer, not ${values.limit}\n`);
  process.exit(2);
}

const env = {
  ...process.env,
  FOLIO_EVAL_SET: values.set,
  FOLIO_EVAL_OUT: resolve(callerDir, values.out),
  FOLIO_EVAL_HIGH_RESOLUTION: values.resolution === 'high' ? '1' : '0',
  FOLIO_EVAL_PART: values.part,
  ...(values.limit ? { FOLIO_EVAL_LIMIT: values.limit } : {}),
  ...(values.only ? { FOLIO_EVAL_ONLY: values.only } : {}),
  ...(values.variant ? { FOLIO_EVAL_VARIANT: values.variant } : {}),
  ...(values.draw ? { FOLIO_EVAL_DRAW: resolve(callerDir, values.draw) } : {}),
  ...(values.corpus ? { FOLIO_EVAL_CORPUS: resolve(callerDir, values.corpus) } : {}),
};

/** The library OmniDocBench's text metric folds inline LaTeX with (test/eval/benchmark-text.ts); pinned. */
const PYLATEXENC = 'pylatexenc==2.10';
const evalTools = join(root, '.tools', 'eval');

await setup();
if (!existsSync(join(evalTools, 'pylatexenc'))) {
  step(`installing the text metric's LaTeX reader (${PYLATEXENC}) into .tools/eval`);
  await pip('install', ['--target', evalTools, PYLATEXENC], root);
}
/** The table set's comparison: PyMuPDF's table finder on the same pages (test/eval/tables); pinned. */
const PYMUPDF = 'pymupdf==1.26.3';
const tableTools = join(root, '.tools', 'tables');
if ((values.set === 'tables' || values.set === 'all') && !existsSync(join(tableTools, 'pymupdf'))) {
  step(`installing the table set's comparison (${PYMUPDF}) into .tools/tables`);
  await pip('install', ['--target', tableTools, PYMUPDF], root);
}
/**
 * What the formula benchmark typesets with, from Debian: pdflatex and the font packages (mathpazo
 * in -fonts-recommended; newtx, stix2-type1, libertine in -fonts-extra, which also ships the STIX
 * Two Math OpenType font the MathML pages use; -latex-extra and -plain-generic hold what newtx
 * loads), pandoc for the Word and LibreOffice documents, and LibreOffice's Math module (without
 * it soffice draws every formula object as a placeholder icon and drops Word's display equations;
 * the -nogui build, as `npm run setup` installs the rest). Only for `--set formulas`: neither
 * `npm run setup` nor CI installs TeX.
 */
const FORMULA_PACKAGES = [
  'texlive-latex-base',
  'texlive-latex-recommended',
  'texlive-latex-extra',
  'texlive-fonts-recommended',
  'texlive-fonts-extra',
  'texlive-plain-generic',
  'pandoc',
  'libreoffice-math-nogui',
];

function formulaToolsPresent() {
  const check = spawnSync(
    'sh',
    [
      '-c',
      'command -v pdflatex && command -v pandoc && kpsewhich newtxmath.sty stix2.sty libertine.sty mathpazo.sty && test -e /usr/lib/libreoffice/program/libsmlo.so',
    ],
    {
      encoding: 'utf8',
    },
  );
  return check.status === 0 && check.stdout.trim().split('\n').length === 6;
}

if (values.set === 'formulas' && !formulaToolsPresent()) {
  step(`installing the formula benchmark's typesetters: ${FORMULA_PACKAGES.join(' ')}`);
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update', '-qq'], { env: aptEnv });
  await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...FORMULA_PACKAGES], { env: aptEnv });
}
await run('npm', ['run', 'eval', '-w', 'test'], { cwd: root, env });
