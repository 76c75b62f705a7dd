// usage: node flatex.mjs TEXTJSON left top width height  -> LaTeX from the text layer in that box
import { readFileSync } from 'node:fs';
import { formulaFromGlyphs } from '../../services/layout/dist/engine/math-layout.js';
const [file, l, t, w, h] = process.argv.slice(2);
const d = JSON.parse(readFileSync(file, 'utf8'));
const box = { left: +l, top: +t, width: +w, height: +h };
const inside = (b) => { const cx = b.left + b.width / 2, cy = b.top + b.height / 2; return cx >= box.left && cx <= box.left + box.width && cy >= box.top && cy <= box.top + box.height; };
const glyphs = d.blocks.flatMap((b) => b.lines.flatMap((ln) => ln.glyphs ?? [])).filter((g) => inside(g.bbox));
const rules = (d.rules ?? []).filter((r) => inside(r));
if (process.env.SHOW) for (const g of glyphs) console.log(g.text, g.fontName, g.fontSize.toFixed(1), Math.round(g.bbox.left), Math.round(g.bbox.top), Math.round(g.bbox.width), Math.round(g.bbox.height), g.baseline.toFixed(1));
console.log('rules', rules.map((r) => [r.left, r.top, r.width, r.height].map(Math.round).join(',')).join(' '));
console.log(formulaFromGlyphs(glyphs, rules));
