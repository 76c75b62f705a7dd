// Checks set, book-pages: book pages: textbooks, booklets, small-format and old scanned books.
// Sources and licences in ../sources.md.
import type { CheckDocument } from '../documents.js';

export const documents: readonly CheckDocument[] = [
  {
    file: 'closed-syllables-p1-2.pdf',
    about: 'teaching booklet, two pages: running head with page number, licence line as running foot, a list',
    checks: [
      { kind: 'absent', text: 'Closed syllable word lists' },
      { kind: 'absent', text: 'Phonics word lists by Susan Jones licensed under' },
      { kind: 'present', text: 'Drill Bits Phonics-oriented word lists for teachers' },
      { kind: 'present', text: 'This book does not attempt to be a reading program.' },
      { kind: 'present', text: 'Syllable type 2: Vowel consonant-e — long vowel sounds (BAKE, DRIVE, SCRAPE)' },
      { kind: 'order', before: 'HOW THE LISTS ARE ORGANIZED', after: 'Word lists are presented in the order' },
      {
        kind: 'order',
        before: 'because the t in NATION does not make the sound it makes',
        after: 'in TIN, the student can learn there are thousands of words',
      },
    ],
  },
  {
    file: 'grammar-matters-p2.pdf',
    about: 'open textbook page: chapter heading, numbered points, bullet list, block quote, page number',
    checks: [
      { kind: 'present', text: 'Why is Proper Grammar so Important?' },
      { kind: 'order', before: 'Chapter 1', after: 'Why is Proper Grammar so Important?' },
      { kind: 'present', text: 'Proper grammar ensures that your message is not lost.' },
      { kind: 'segment-type', segmentType: 'ListItem', contains: 'We sued Lowes for our carpet installation.' },
      { kind: 'order', before: 'We used Lowes', after: 'We sued Lowes' },
      { kind: 'present', text: 'I will pass on a great programmer who cannot write.' },
    ],
  },
  {
    file: 'huck-finn-p22-scan.pdf',
    about: 'public-domain book page scan (small page, no text layer): ornamental heading, drop cap, illustration',
    checks: [
      { kind: 'present', text: 'Chapter II' },
      { kind: 'present', text: 'We went tip-toeing along a path amongst the trees' },
      { kind: 'present', text: "the branches wouldn't scrape our heads" },
      { kind: 'present', text: "Seemed like I'd die if I couldn't scratch." },
      { kind: 'order', before: 'ankle that got to itching', after: "dasn't scratch it" },
      { kind: 'segment-type', segmentType: 'Caption', contains: 'THEY TIP-TOED ALONG' },
      { kind: 'segment-type', segmentType: 'Picture' },
    ],
  },
  {
    file: 'francais-small-scan.pdf',
    about: 'small scanned page (3 x 3 inches, no text layer) of French text with accents and ligatures',
    checks: [
      { kind: 'present', text: 'Portez ce vieux whisky au juge blond qui fume sur son île intérieure' },
      { kind: 'present', text: "à côté de l'alcôve ovoïde, où les bûches se consument dans l'âtre" },
      { kind: 'present', text: 'pense-t-il' },
      { kind: 'present', text: 'diminue çà et là la qualité de son œuvre.' },
      { kind: 'order', before: 'Portez ce vieux whisky', after: 'capharnaüm' },
    ],
  },
  {
    file: 'small-houses-1922-introduction-px-scan.pdf',
    about:
      'scanned book page (1922, two columns) with its hidden OCR text layer: spaced-capitals running head, roman page number at the foot; the layer misreads some words',
    checks: [
      { kind: 'absent', text: 'INTRODUCTION', caseSensitive: true },
      { kind: 'present', text: 'plans simplified; pleasing proportions more readily obtained; and' },
      { kind: 'present', text: '2d. Saving of space: (a) By the utilization of the large volume' },
      { kind: 'present', text: 'by means of frost-proof walls, toe, and dry walls' },
      {
        kind: 'order',
        before: '4th. Savings in labor',
        after: 'by cutting out about one-half the labor in the installation',
      },
      { kind: 'present', text: 'These and other economies and peculiar methods, described and' },
      { kind: 'present', text: 'With the Greeks, art and beauty were synonymous terms.' },
      { kind: 'present', text: 'For more than two thousand years art has been complicated;' },
      { kind: 'present', text: 'emotions which Greek art excites are those supremely pleasing ones' },
    ],
  },
];
