// Checks set, forms: forms, invoices and receipts.
// Sources and licences in ../sources.md.
import type { CheckDocument } from '../documents.js';

export const documents: readonly CheckDocument[] = [
  {
    file: 'irs-form-1040-2010-p1.pdf',
    about: 'IRS Form 1040 (2010), page 1: a dense government form with numbered lines and boxes',
    checks: [
      { kind: 'present', text: 'U.S. Individual Income Tax Return' },
      { kind: 'present', text: 'Wages, salaries, tips, etc. Attach Form(s) W-2' },
      { kind: 'present', text: 'Married filing jointly (even if only one had income)' },
      { kind: 'present', text: 'Subtract line 36 from line 22. This is your adjusted gross income' },
      { kind: 'order', before: 'Filing Status', after: 'Exemptions' },
      { kind: 'order', before: 'Wages, salaries, tips', after: 'Educator expenses' },
    ],
  },
  {
    file: 'nist-sd19-handwriting-form-scan.pdf',
    about:
      'scanned report page showing a filled-in handwriting sample form (hand-printed digits, letters, a paragraph)',
    checks: [
      { kind: 'present', text: 'HANDWRITING SAMPLE FORM' },
      { kind: 'present', text: 'Please print the following text in the box below:' },
      { kind: 'segment-type', segmentType: 'Caption', contains: 'Example HSF Image.' },
      // Handwritten only: the city, date and ZIP code the writer filled in.
      { kind: 'present', text: 'Minden City' },
      { kind: 'present', text: '8-3-89' },
      { kind: 'present', text: '48456' },
    ],
  },
];
