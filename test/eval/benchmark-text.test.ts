import { describe, expect, it } from 'vitest';
import { benchmarkForm } from './benchmark-text.js';

describe("OmniDocBench's text form", () => {
  it('keeps letters, digits and underscores of any script and drops the rest', () => {
    expect(benchmarkForm('Hopf’s lemma: u(x⁰) > 0, “比较文学” — 44.')).toBe('Hopfslemmaux⁰0比较文学44');
    expect(benchmarkForm('snake_case\tand\nlines')).toBe('snake_caseandlines');
  });

  it('drops written escape sequences as the benchmark does', () => {
    expect(benchmarkForm(String.raw`first\nsecond\tthird`)).toBe('firstsecondthird');
    expect(benchmarkForm('and/not')).toBe('andot');
  });
});
