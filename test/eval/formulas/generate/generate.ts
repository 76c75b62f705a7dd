// Makes (or finds in the cache) one engine's benchmark pages: typesets all pages, finds the items
// on them, writes each page as a one-page PDF and its two scans, then the manifest. The cache
// folder is keyed by a hash of everything that shapes the pages (the formulas, the font setups,
// this folder's code but its tests, and the engine's name); a folder counts only once its
// manifest is written.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FORMULA_SET_PATH, loadFormulaSet } from '../formula-set.js';
import { LATEX_FONTS_PATH, typeset, type FormulaEngine } from './engines.js';
import type { LocatedItem } from './locate.js';
import { locatePages } from './locate.js';
import { planPages } from './page-plan.js';
import { scanPage } from './scan.js';

/** The three ways each page is sent: as typeset, and scanned at 300 and 150 dpi. */
export const FORMULA_VARIANTS = ['born-digital', 'scan-300dpi', 'scan-150dpi'] as const;
export type FormulaVariant = (typeof FORMULA_VARIANTS)[number];
const SCAN_DPI: Record<Exclude<FormulaVariant, 'born-digital'>, number> = { 'scan-300dpi': 300, 'scan-150dpi': 150 };

export interface ManifestPage {
  name: string;
  widthPt: number;
  heightPt: number;
  items: LocatedItem[];
}

export interface EngineManifest {
  engine: FormulaEngine;
  /** Seconds the generation took when the folder was made. */
  seconds: number;
  pages: ManifestPage[];
}

export interface GeneratedEngine {
  manifest: EngineManifest;
  dir: string;
  cached: boolean;
  /** Seconds spent now (near 0 when cached). */
  seconds: number;
}

/** The default cache root: `.data/formula-bench` at the repository root (git-ignored). */
export const DEFAULT_CACHE_ROOT = join(import.meta.dirname, '..', '..', '..', '..', '.data', 'formula-bench');

function inputsHash(engine: FormulaEngine): string {
  const hash = createHash('sha256');
  hash.update(engine);
  hash.update(readFileSync(FORMULA_SET_PATH));
  hash.update(readFileSync(LATEX_FONTS_PATH));
  for (const file of readdirSync(import.meta.dirname).sort()) {
    if (file.endsWith('.ts') && !file.endsWith('.test.ts')) hash.update(readFileSync(join(import.meta.dirname, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The path of a page's PDF in one variant. */
export function pagePath(dir: string, variant: FormulaVariant, name: string): string {
  return join(dir, variant, `${name}.pdf`);
}

/** Generates the engine's pages under `cacheRoot`, or returns the cached ones. */
export async function generateEngine(engine: FormulaEngine, cacheRoot: string): Promise<GeneratedEngine> {
  const startedAt = performance.now();
  const dir = join(cacheRoot, `${engine}-${inputsHash(engine)}`);
  const manifestPath = join(dir, 'manifest.json');
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as EngineManifest;
    return { manifest, dir, cached: true, seconds: (performance.now() - startedAt) / 1000 };
  }
  rmSync(dir, { recursive: true, force: true });
  const workDir = join(dir, 'work');
  mkdirSync(workDir, { recursive: true });
  for (const variant of FORMULA_VARIANTS) mkdirSync(join(dir, variant), { recursive: true });
  const pdfs = await typeset(engine, planPages(loadFormulaSet()), workDir);
  const pages: ManifestPage[] = [];
  for (const pdf of pdfs) {
    for (const located of locatePages(readFileSync(pdf))) {
      const name = `p${String(pages.length + 1).padStart(3, '0')}`;
      writeFileSync(pagePath(dir, 'born-digital', name), located.pdf);
      for (const [variant, dpi] of Object.entries(SCAN_DPI) as [FormulaVariant, number][]) {
        writeFileSync(pagePath(dir, variant, name), scanPage(located.pdf, dpi, pages.length * 1000 + dpi));
      }
      pages.push({ name, widthPt: located.widthPt, heightPt: located.heightPt, items: located.items });
    }
  }
  const seconds = (performance.now() - startedAt) / 1000;
  const manifest: EngineManifest = { engine, seconds, pages };
  writeFileSync(manifestPath, `${JSON.stringify(manifest)}\n`);
  return { manifest, dir, cached: false, seconds };
}
