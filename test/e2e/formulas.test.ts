import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTask, waitForTask } from '../src/api.js';

// A real page of lecture notes with display math (M. Thoma, GeoTopo, CC BY-SA 4.0; source in
// test/eval/checks/sources.md): its Formula segments come out as LaTeX from the built-in formula
// model, or from the PDF's glyphs where they tell it. Formula's default strategy is LLM, which this stack answers with a fake model, so the
// test asks for Auto: what a deployment without a language model gives.
const page = readFileSync(new URL('../eval/checks/docs/geotopo-metric-spaces.pdf', import.meta.url));

/** LaTeX with its spacing removed, for comparing what a formula says. */
const squeeze = (latex: string): string => latex.replace(/\s+/g, '');

describe('formulas', () => {
  it('turns display math into LaTeX: content the LaTeX, Markdown $$ ... $$, HTML a formula span', async () => {
    const created = await createTask(page, {
      chunk_processing: { target_length: 0 },
      segment_processing: { Formula: { strategy: 'Auto' } },
    });
    const task = await waitForTask(created.task_id);
    expect(task.status, task.message).toBe('Succeeded');
    const formulas = task.output.chunks.flatMap((chunk) => chunk.segments).filter((s) => s.segment_type === 'Formula');
    expect(formulas.length).toBeGreaterThanOrEqual(2);
    for (const formula of formulas) {
      expect(formula.content).toMatch(/\\[a-zA-Z]+|[_^]\{/);
      expect(formula.markdown.startsWith('$$') && formula.markdown.endsWith('$$')).toBe(true);
      expect(formula.html).toMatch(/^<span class="formula">[^<]*<\/span>$/);
    }
    // The isometry condition: for all x1, x2 in X, d_X(x1, x2) = d_Y(phi(x1), phi(x2)).
    const isometry = formulas.map((f) => squeeze(f.content)).find((latex) => latex.includes('\\forall'));
    expect(isometry).toBeDefined();
    // The notes' PDF maps TeX's loopy phi to U+03D5, which today's TeX and Unicode give the stroked \phi.
    expect(isometry).toMatch(/\\(?:var)?phi/);
    expect(isometry).toMatch(/d_\{?X\}?/);
    // The display the detector boxes as Text, read from the PDF's own glyphs (their fonts: Fraktur,
    // blackboard bold; a subscript and a superscript by size and baseline), letter for letter.
    expect(formulas.map((f) => squeeze(f.content))).toContain(
      squeeze('\\mathfrak{B}_{r}(x):=\\{y\\in X\\mid d(x,y)<r\\}\\text{ für }x\\in X,r\\in\\mathbb{R}^{+}'),
    );
  });
});
