// Checks set, blank: blank and near-blank pages: nothing must come out.
// Sources and licences in ../sources.md.
import type { CheckDocument } from '../documents.js';

export const documents: readonly CheckDocument[] = [
  {
    file: 'nist-sd19-blank-scan.pdf',
    about: 'blank part of a scanned report page: nothing but the page number "17"',
    checks: [
      { kind: 'max-chars', max: 10 },
      { kind: 'no-segment-type', segmentType: 'Picture' },
    ],
  },
  {
    file: 'illustrator-blank.pdf',
    about: 'blank page saved by a drawing program',
    checks: [
      { kind: 'max-chars', max: 10 },
      { kind: 'no-segment-type', segmentType: 'Picture' },
    ],
  },
];
