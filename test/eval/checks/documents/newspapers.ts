// Checks set, newspapers: newspapers, magazines and newsletters.
// Sources and licences in ../sources.md.
import type { CheckDocument } from '../documents.js';

export const documents: readonly CheckDocument[] = [
  {
    file: 'loc-digital-preservation-newsletter.pdf',
    about: 'Library of Congress newsletter, two pages: masthead, sidebar, two-column stories, photos with captions',
    checks: [
      { kind: 'present', text: 'Ian MacKaye and Citizen Archiving' },
      {
        kind: 'order',
        before: 'culture, even while the material may have',
        after: 'long demonstrated cultural and economic merit',
      },
      {
        kind: 'segment-type',
        segmentType: 'Caption',
        contains: 'Ian MacKaye of Dischord Records speaking at the Library of Congress',
      },
      {
        kind: 'present',
        text: 'Late in April, in Ljubljana, Slovenia, the International Internet Preservation Consortium gathered for its annual General Assembly.',
      },
      { kind: 'order', before: 'IIPC @ 10', after: 'Late in April, in Ljubljana' },
      { kind: 'order', before: 'exchange and international relations.', after: 'original vision included collections' },
      { kind: 'absent', text: '2 Digital Preservation Newsletter' },
      {
        kind: 'present',
        text: 'Lynch is a soft-spoken man whose work, for more than thirty years, has had an impact',
      },
      {
        kind: 'order',
        before: 'monitors the global information ecosystem for',
        after: 'cultural trends and technological developments',
      },
      { kind: 'present', text: 'Fifty Digital Preservation Activities You Can Do' },
      { kind: 'segment-type', segmentType: 'Caption', contains: 'Photo courtesy of Cecilia Preston' },
    ],
  },
  {
    file: 'national-tribune-1898-11-10-top.pdf',
    about: 'public-domain newspaper scan (top of the front page) with its hidden OCR text layer: blackletter masthead',
    checks: [
      { kind: 'present', text: 'National Tribune' },
      { kind: 'present', text: 'WASHINGTON, D. C., THURSDAY, NOVEMBER 10, 1898.' },
      { kind: 'present', text: 'ESTABLISHED 1877—NEW SERIES.' },
      { kind: 'present', text: 'Career of These Veterans from Cold Harbor to Appomattox.' },
      { kind: 'present', text: 'For an important offer strictly limited to subscribers see Eighth Page.' },
      { kind: 'present', text: 'THE UNITED STATES CAPITOL' },
      {
        kind: 'present',
        text: 'The destructive and wholly unexpected fire which broke out in the Capitol of the United States',
      },
      { kind: 'order', before: 'WHAT THE BUILDING IS.', after: 'In the opinion of many competent observers' },
    ],
  },
  {
    file: 'english-illustrated-magazine-1884-12-p1-scan.pdf',
    about:
      'scanned magazine page (1884) with its hidden OCR text layer: blackletter masthead, drop cap, two columns, issue number and signature mark at the foot, show-through',
    checks: [
      { kind: 'present', text: 'The English Illustrated Magazine' },
      { kind: 'present', text: 'December, 1884.' },
      { kind: 'present', text: 'Thomas Gainsborough, R.A.' },
      { kind: 'absent', text: 'No. 15' },
      { kind: 'present', text: 'is strange how often in matters of art the accident of time forces a' },
      { kind: 'present', text: 'Vanity Fair without being instantly' },
      {
        kind: 'order',
        before: 'painters of their day. At that time, indeed,',
        after: 'it was difficult for a painter to hope for success in any other branch of art',
      },
      {
        kind: 'order',
        before: 'to admire.',
        after: 'Gainsborough too must have had his regrets, but how different in kind.',
      },
      { kind: 'present', text: 'not to the achievements of an earlier time' },
      { kind: 'present', text: 'stood ranged in long lines from his hall to his painting room' },
    ],
  },
];
