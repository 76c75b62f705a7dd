import { describe, expect, it } from 'vitest';
import { answerSpec, extractFencedBlock, toSegmentContent } from './prompts.js';

describe('prompts and answers', () => {
  it('asks tables for HTML, formulas for LaTeX and pages for Markdown, with the OCR text as a hint', () => {
    expect(answerSpec({ segmentType: 'Table', format: 'Html', customPrompt: '', text: '' })).toMatchObject({
      language: 'html',
      fenceRequired: true,
    });
    expect(answerSpec({ segmentType: 'Formula', format: 'Markdown', customPrompt: '', text: '' }).language).toBe(
      'latex',
    );
    const page = answerSpec({ segmentType: 'Page', format: 'Markdown', customPrompt: '', text: 'Hello' });
    expect(page.language).toBe('markdown');
    expect(page.prompt).toMatch(/```markdown fenced code block[\s\S]*Hello$/);
  });

  it('gives the model the page around the segment with extended context: the page image second and the page text, for context only', () => {
    const withPage = answerSpec({
      segmentType: 'Picture',
      format: 'Markdown',
      customPrompt: '',
      text: 'Q1 Q2',
      pageImage: true,
      pageText: 'Figure 2 shows revenue by quarter.',
    });
    expect(withPage.prompt).toContain('the second is the whole page it comes from, for context only');
    expect(withPage.prompt).toMatch(/Q1 Q2[\s\S]*The text of that page[^\n]*\nFigure 2 shows revenue by quarter\.$/);
    // A custom prompt (a description) gets the same context.
    const described = answerSpec({
      segmentType: 'Picture',
      format: 'Markdown',
      customPrompt: 'Describe it.',
      text: '',
      pageImage: false,
      pageText: 'Page words',
    });
    expect(described.prompt).toBe(
      'Describe it.\n\nThe image is the segment. Answer about the segment alone.\nThe text of that page, for context only (it may contain OCR errors):\nPage words',
    );
    // Without extended context nothing is added, and a GraphicalItem (a logo) is described like a Picture.
    const plain = answerSpec({ segmentType: 'GraphicalItem', format: 'Markdown', customPrompt: '', text: '' });
    expect(plain.prompt).toBe(
      answerSpec({ segmentType: 'Picture', format: 'Markdown', customPrompt: '', text: '' }).prompt,
    );
    expect(plain.prompt).not.toContain('context');
  });

  it('uses a custom prompt as given and does not require a fence', () => {
    expect(answerSpec({ segmentType: 'Text', format: 'Markdown', customPrompt: 'Summarise.', text: '' })).toEqual({
      prompt: 'Summarise.',
      language: 'markdown',
      fenceRequired: false,
    });
  });

  it('keeps the fenced block in the asked language, else the first one, else nothing', () => {
    expect(extractFencedBlock('Sure:\n```html\n<table></table>\n```\nDone', 'html')).toBe('<table></table>');
    expect(extractFencedBlock('```\nplain\n```\n```html\n<b>x</b>\n```', 'html')).toBe('<b>x</b>');
    expect(extractFencedBlock('```text\nfirst\n```', 'html')).toBe('first');
    expect(extractFencedBlock('```html\n<table>cut off', 'html')).toBeNull();
    expect(extractFencedBlock('no fence', 'html')).toBeNull();
  });

  it('wraps formulas the way the Auto rules do', () => {
    expect(toSegmentContent('Formula', 'Markdown', '$$E=mc^2$$', false)).toBe('$E=mc^2$');
    expect(toSegmentContent('Formula', 'Html', 'a<b', false)).toBe('<span class="formula">a&lt;b</span>');
    expect(toSegmentContent('Table', 'Html', '<table></table>', false)).toBe('<table></table>');
  });
});
