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
  {
    file: 'weekly-journal-chicopee-1856-05-24-top-scan.pdf',
    about:
      'bilevel newspaper scan (1856, top of the front page, six columns, no text layer): blackletter masthead, dateline, a poem, columns of stories',
    frozen: true,
    checks: [
      { kind: 'present', text: 'The Weekly Journal' },
      { kind: 'present', text: 'CHICOPEE, MASS., SATURDAY, MAY 24, 1856.' },
      { kind: 'present', text: 'The Earthly and Heavenly.' },
      { kind: 'present', text: 'O, there is music on the hills,' },
      { kind: 'order', before: 'O, there is music on the hills,', after: 'They toil on mountains bleak and cold,' },
      { kind: 'order', before: 'That seraph never sung.', after: 'The witch was pretty, and strove to' },
      { kind: 'present', text: 'Let her go to the convention, and trust in Providence.' },
      { kind: 'present', text: 'almost sick, hoping to get the prize.' },
      { kind: 'present', text: 'A FEARFUL ADVENTURE.' },
      {
        kind: 'order',
        before: 'A FEARFUL ADVENTURE.',
        after: 'The Missouri Republican, in a letter from a Kansas correspondent',
      },
    ],
  },
  {
    file: 'deseret-news-1850-06-15-p1-scan.pdf',
    about:
      'newspaper front page scan (1850, three columns) with a noisy hidden OCR text layer: masthead, dateline, prospectus, news items',
    checks: [
      { kind: 'present', text: 'DESERET NEWS' },
      { kind: 'present', text: 'G. S. L. CITY, DESERET, JUNE 15, 1850.' },
      { kind: 'present', text: 'We propose to publish a small weekly sheet, as large as our' },
      {
        kind: 'present',
        text: 'We hold ourselves responsible to the highest Court of truth for our intentions',
      },
      { kind: 'present', text: 'Single copy, 15 cents.' },
      { kind: 'order', before: 'time of arrival and leaving.', after: 'Companies of 20, and upwards' },
      { kind: 'present', text: 'A paper that is worth printing, is worth preserving;' },
      { kind: 'order', before: 'forgotten; ages to come.', after: 'U. S. SENATE.' },
      { kind: 'present', text: 'Let our Union remain forever, peacefully!' },
      { kind: 'order', before: 'Union remain forever, peacefully!', after: 'TERRIBLE FIRE IN SAN FRANCISCO.' },
      // Paragraphs of the three columns side by side, which a detector boxes as one.
      { kind: 'present', text: 'The first number may be expected as early in June' },
      { kind: 'present', text: 'vent the increase of slavery by the non-admission of new States into the Union' },
    ],
  },
  {
    file: 'deseret-news-1850-06-15-p3-scan.pdf',
    about:
      'faint newspaper inside page scan (1850, four columns) with a noisy hidden OCR text layer: letters and a Senate report',
    frozen: true,
    checks: [
      { kind: 'present', text: 'THE MORMONS.' },
      { kind: 'present', text: 'Washington City, Jan. 21, 1850.' },
      { kind: 'present', text: 'JOHN M. BERNHISEL.' },
      { kind: 'order', before: 'JOHN M. BERNHISEL.', after: 'Dear Sir: In conformity with' },
      { kind: 'present', text: 'Mr. Foote moved that the bill' },
      { kind: 'order', before: 'Connecticut."', after: 'Mr. Foote moved that the bill' },
      { kind: 'present', text: 'He is a blackguard!' },
      { kind: 'present', text: 'Mr. Dickerson moved to lay the pending motion on the table,' },
      { kind: 'order', before: 'when the Senate adjourned.', after: 'Washington, March 27.' },
    ],
  },
  {
    file: 'deseret-news-1850-06-15-p8-scan.pdf',
    about:
      'newspaper back page scan (1850) with a noisy hidden OCR text layer: a dialect letter, a poem, local notices, an almanac table for June, a list of emigrants',
    checks: [
      { kind: 'order', before: 'the postage to pay.', after: 'Let all who would have a good paper,' },
      { kind: 'present', text: 'I am at a lost to tell you what his death was ackasioned at, but I' },
      { kind: 'present', text: 'Is, pay in advance for the "News."' },
      { kind: 'present', text: 'This is the first poetic offering we have received' },
      {
        kind: 'present',
        text: 'We are informed that Oliver Cowdery, Esq., died at Richmond, Ray County, Missouri',
      },
      { kind: 'present', text: 'Last Q 2d, 10h 31m eve.' },
      { kind: 'table', cell: 'signs', relation: 'above', other: 'Feet' },
      { kind: 'table', cell: 'Head', relation: 'above', other: 'Knees' },
      { kind: 'present', text: 'Emigrants began to arrive from the States, bound for the gold' },
      { kind: 'order', before: 'Emigrants began to arrive from the States', after: 'From all the emigrants we were' },
    ],
  },
  {
    file: 'weekly-journal-chicopee-1856-05-10-p2-scan.pdf',
    about:
      'bilevel newspaper scan (1856, editorial page, top left quarter, three columns, no text layer): masthead inside a column, editor line, articles running across columns, a blackletter local-news heading',
    checks: [
      { kind: 'present', text: 'CHICOPEE, SATURDAY, May 10' },
      { kind: 'present', text: 'WILLIAM G. BROWN, Editor.' },
      { kind: 'present', text: 'To the People of Massachusetts.' },
      {
        kind: 'present',
        text: 'the fourth day of June next, for the purpose of appointing the six delegates at',
      },
      { kind: 'order', before: 'be fully represented.', after: 'The most cruel taskmaster on the' },
      {
        kind: 'order',
        before: 'The most cruel taskmaster on the',
        after: 'when he has almost made them believe that slavery is a thing of beauty',
      },
      { kind: 'order', before: 'Shall liberty or slavery triumph', after: 'Freedom for Kansas.' },
      { kind: 'present', text: 'Cabot Hall was well filled on Tuesday evening,' },
      { kind: 'present', text: 'Chicopee News.' },
      {
        kind: 'present',
        text: 'annual meeting of the Chicopee Central Fire District was held in Atlantic Hall,',
      },
    ],
  },
  {
    file: 'national-tribune-1898-11-10-middle-scan.pdf',
    about:
      'public-domain newspaper scan (middle band of a front page, six columns) with its hidden OCR text layer: caption of a picture across columns, stories running down columns, a subheading, the top of a floor plan',
    frozen: true,
    checks: [
      {
        kind: 'present',
        text: 'On June 13 they skirmished near White Oak Swamp, with a loss of two killed, 10 wounded, one officer and six men missing.',
      },
      { kind: 'order', before: 'and awaited developments.', after: 'DOING THEIR DUTY.' },
      { kind: 'present', text: 'The Veteran Reserves had their part in these events.' },
      { kind: 'present', text: 'Wrecking Parts of the Building and Injuring Valuable Records.' },
      { kind: 'present', text: 'Lincoln, 272; McClellan, 125. Total, 397.' },
      {
        kind: 'present',
        text: 'At 12:15 p. m. on the 6th Warren received orders to make a reconnoissance to the south',
      },
      {
        kind: 'order',
        before: 'life of Columbus.',
        after: 'On this portico stand the Presidents of the United States',
      },
      {
        kind: 'present',
        text: 'Over all rises the magnificent dome of the Capitol, which has no equal in the world for classic beauty.',
      },
    ],
  },
];
