import { describe, expect, it } from 'vitest';
import { textEvidenceOf } from './furniture-evidence.js';

describe('textEvidenceOf', () => {
  it('finds revision, version, part and document numbers, confidentiality lines and chapter marks', () => {
    for (const line of [
      'Revision: 2.4',
      'Rev. A',
      'REV 1.3',
      'Version 2.0',
      'P/N 119-036',
      'Part No. AB-1234',
      'Doc. No. 2020-17221',
      'Document ID: X7-2231',
      'CONFIDENTIAL',
      'Company Confidential',
      'Proprietary and Confidential',
      'For internal use only',
      '[Ch. XIX.',
      'Chap. 3',
      'Preprint submitted to Elsevier',
      'Submitted to Phys. Rev. B',
      "Author's accepted manuscript",
    ])
      expect(textEvidenceOf(line).strong, line).toBeGreaterThanOrEqual(0.5);
  });

  it('leaves words that only look like them', () => {
    for (const line of [
      'Review of the literature',
      'Reverse osmosis',
      'Versions of the model',
      'Partners in the project',
      'Documents received',
      'Chapter summary',
      'Choose the right tool',
      'The confidential interview',
      'The forms were submitted to the board by each of the members in turn',
    ])
      expect(textEvidenceOf(line).strong, line).toBeLessThan(0.5);
  });

  it('counts "last updated" and printing dates as weak evidence', () => {
    expect(textEvidenceOf('Last updated: 3 May 2021')).toMatchObject({ weak: true });
    expect(textEvidenceOf('Printed on recycled paper')).toMatchObject({ weak: true, strong: 0 });
  });
});

describe('isPageNumberText and page words in other languages', () => {
  it('reads "Seite 3 von 12", "Página 4", "стр. 5" and a signature mark as furniture', () => {
    for (const line of ['Seite 3 von 12', 'Página 4', 'стр. 5', 'Page 2 sur 7', '11*', '(484 )', '[12]'])
      expect(textEvidenceOf(line).strong, line).toBeGreaterThanOrEqual(0.5);
    expect(textEvidenceOf('Seitenwind 12 km/h').strong).toBeLessThan(0.5);
  });
});
