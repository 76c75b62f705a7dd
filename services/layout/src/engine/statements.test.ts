import { describe, expect, it } from 'vitest';
import { isStatementNotHeading, opensStatement, readsAsSentence } from './statements.js';

describe('statements a detector took for headings', () => {
  it('reads theorem-like labels as the opening of a statement', () => {
    for (const text of [
      'Corollary 4.17. Suppose that g′ = ug with u ∈ R×. Then λg = λg′.',
      'Proof.',
      'Theorem 3',
      'Lemma 2.1 Let X be a metric space',
      'Definition (metric space)',
      'THEOREM 1.',
      'Beispiel 8 (Skalarprodukt erzeugt Metrik)',
      'Remark:',
    ])
      expect(opensStatement(text), text).toBe(true);
  });

  it('leaves section titles that start with such a word alone', () => {
    for (const text of [
      'Notation',
      'Examples',
      'Proofs of the main results',
      'Theorem proving in Lean',
      'Example-driven design',
    ])
      expect(opensStatement(text), text).toBe(false);
  });

  it('reads six words or more closed by a full stop as a sentence', () => {
    expect(readsAsSentence('The following corollary is simple yet important for our future work on this.')).toBe(true);
    expect(readsAsSentence('Then λg = λg′ for every g in G.')).toBe(true);
    expect(readsAsSentence('Conclusions and future work.')).toBe(false);
    expect(readsAsSentence('What happens when the limit does not exist?')).toBe(false);
    expect(readsAsSentence('And the story goes on and on...')).toBe(false);
  });

  it('never takes a numbered section title for a statement', () => {
    expect(isStatementNotHeading('4.2 Proof of the main theorem is given here in full.')).toBe(false);
    expect(isStatementNotHeading('A.1 Lemma 3 and its consequences for the sequel.')).toBe(false);
    expect(isStatementNotHeading('IV. Results obtained on the six benchmark sets.')).toBe(false);
    expect(isStatementNotHeading('二、会用')).toBe(false);
    expect(isStatementNotHeading('A short sentence that a detector boxed as a heading.')).toBe(true);
    expect(isStatementNotHeading('Corollary 4.17. Suppose that g′ = ug.')).toBe(true);
  });
});
