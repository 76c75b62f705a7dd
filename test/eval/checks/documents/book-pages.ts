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
      { kind: 'present', text: 'by means of frost-proof walks,' },
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
  {
    file: 'kant-aufklaerung-1784-p1-scan.pdf',
    about:
      'small old page in Fraktur (1784 periodical, 4.9 x 6.9 in, no text layer): title, article heading, signature line and catchword at the foot',
    frozen: true,
    checks: [
      { kind: 'present', text: 'Berlinische Monatsschrift.' },
      { kind: 'present', text: 'Beantwortung der Frage:' },
      { kind: 'present', text: 'Was ist Aufklärung?' },
      { kind: 'present', text: '(S. Decemb. 1783. S. 516.)' },
      { kind: 'present', text: 'aus seiner selbst verschuldeten' },
      { kind: 'present', text: 'Habe Muth dich deines eigenen Verstandes zu bedienen!' },
      { kind: 'order', before: 'Sapere aude!', after: 'Faulheit und Feigheit sind die Ursachen, warum' },
      { kind: 'absent', text: 'B. Monatsschr. IV. B. 6. St.' },
      { kind: 'absent', text: '(na-' },
    ],
  },
  {
    file: 'grenzboten-poem-p79-scan.pdf',
    about:
      'bilevel page of a 19th-century periodical in Fraktur (verse, no text layer): page number at the head, numbered stanzas, signature mark at the foot',
    checks: [
      { kind: 'absent', text: '79' },
      { kind: 'absent', text: '11*' },
      { kind: 'present', text: 'Der breite, blutigwunde Rücken gibt frischen Narben keinen Raum,' },
      { kind: 'present', text: 'Atar Gull aus den wilden Augen scheinbar gelassen vor sich schaut.' },
      { kind: 'order', before: 'vor sich schaut.', after: 'Hart dünket Euch des Elephanten' },
      { kind: 'present', text: 'Wer jagt durch Sturm und Wetterleuchten,' },
      { kind: 'present', text: 'Was rauschte drüben im Gebüsche wohl über Blatt und Dorn so schnell,' },
      { kind: 'present', text: 'spähend mit stechend scharfem Augenpaar.' },
    ],
  },
  {
    file: 'bengel-abriss-1751-vorrede-scan.pdf',
    about:
      'old book page in Fraktur (1751, no text layer): head ornament, heading, two-column contents, woodcut initial, signature mark, a library stamp in the scan',
    frozen: true,
    checks: [
      { kind: 'present', text: 'Vorrede.' },
      { kind: 'present', text: 'Inhalt.' },
      { kind: 'present', text: 'genannten Brüdergemeine.' },
      { kind: 'order', before: 'genannten Brüdergemeine.', after: 'Unterschied zwischen' },
      { kind: 'order', before: 'als auf den Vortrag', after: 'zu sehen.' },
      { kind: 'present', text: 'Heilsame Ansprache an heilsbegierige Seelen bey dieser Gemeine.' },
      { kind: 'present', text: 'Abtheilung dieser Schrift.' },
      { kind: 'present', text: 'Kirche in Teutschland' },
      { kind: 'absent', text: '6137' },
      { kind: 'segment-type', segmentType: 'Picture' },
    ],
  },
  {
    file: 'pembroke-punctirkunst-1766-p2-scan.pdf',
    about:
      'small old book page in Fraktur with Latin words in roman type (1766, no text layer): page number and ornament at the head, catchword at the foot',
    checks: [
      { kind: 'absent', text: '2' },
      { kind: 'present', text: 'nicht vermag, sondern es gehet uns' },
      { kind: 'present', text: 'Beschreibung der Memorie oder Reminiscenz' },
      { kind: 'present', text: 'wie sehr sich auch die Philosophi' },
      { kind: 'present', text: 'Gedanken bald in Spanien' },
      { kind: 'present', text: 'oder in der grossen Welt wachsen oder' },
      { kind: 'order', before: 'deutliche Masse geben.', after: 'Darum bleibt es dabey' },
      { kind: 'present', text: 'auf den Ausgang der Sache' },
    ],
  },
  {
    file: 'fleming-jaeger-1719-p41-scan.pdf',
    about:
      'old quarto page in Fraktur (1719, no text layer): running head and page number over a rule, two columns, a full-width section heading between two pairs of columns, signature and catchword, a library banner from the scan',
    checks: [
      { kind: 'absent', text: 'Von der Erden.' },
      { kind: 'absent', text: '41' },
      { kind: 'absent', text: 'HAB Wolfenbüttel' },
      { kind: 'present', text: 'Saame, sondern auch das bereits' },
      { kind: 'order', before: 'durch Berechnung der angewiesenen', after: 'was verkaufft oder' },
      { kind: 'order', before: 'durch grossen Schaden verursachet.', after: 'jungen Dickigten' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'jungen Dickigten' },
      { kind: 'order', before: 'jungen Dickigten', after: 'Gleichwie alle lebendige und leblose,' },
      { kind: 'order', before: 'und hierinnen den Anfang ihres Lebens', after: 'oder die Kindheit und Jugend' },
      { kind: 'present', text: 'Die fernere Zeit geschiehet mit' },
    ],
  },
  {
    file: 'eiteritz-affe-1719-p190-scan.pdf',
    about:
      'small old book page in Fraktur with Latin in roman type (1719, no text layer): page number between ornaments, a two-column list of plant names, catchword, the library and URN banner of the scan',
    frozen: true,
    checks: [
      { kind: 'absent', text: '190' },
      { kind: 'absent', text: 'urn:nbn:de:gbv:3:1-137566-p0206-9' },
      { kind: 'absent', text: 'Landesbibliothek' },
      { kind: 'present', text: 'so wird der Herr Bruder erfahren' },
      { kind: 'present', text: 'gar wohl an statt des Thees kan adhibiret' },
      { kind: 'present', text: 'es wird genennet Bouillon rouye oder das' },
      { kind: 'table', cell: 'Cichorium.', relation: 'left-of', other: 'Wilde Zigorien.' },
      { kind: 'present', text: 'Polygonum.' },
      { kind: 'order', before: 'Fragaria.', after: 'Agrimonia.' },
    ],
  },
  {
    file: 'kant-aufklaerung-1784-p484-layer-scan.pdf',
    about:
      'small old page in Fraktur (1784 periodical) with a hidden text layer in historical spelling (long s, e above vowels, spaces before punctuation): page number between rules at the head, catchword at the foot',
    checks: [
      { kind: 'absent', text: '484' },
      { kind: 'present', text: 'Daher kann ein Publikum nur langsam zur' },
      { kind: 'order', before: 'Daher kann ein Publikum', after: 'Durch eine Revolution wird' },
      { kind: 'present', text: 'gedankenlosen großen Haufens' },
      { kind: 'present', text: 'aber wird nichts erfordert als Freiheit' },
      { kind: 'present', text: 'sondern exercirt' },
      { kind: 'order', before: 'sondern bezahlt', after: 'sondern glaubt' },
      { kind: 'present', text: 'ein einziger Herr in der Welt sagt' },
      { kind: 'present', text: 'Gebrauch seiner Vernunft muß jederzeit frei sein' },
    ],
  },
  {
    file: 'corvinus-lexicon-1715-col63-scan.pdf',
    about:
      'small old dictionary page in Fraktur with roman-type Latin (1715, two numbered columns, no text layer): guide words and column numbers as running heads, centred headwords, the library banner of the scan',
    frozen: true,
    checks: [
      { kind: 'absent', text: 'Anat Andr' },
      { kind: 'absent', text: '63' },
      { kind: 'absent', text: '64' },
      { kind: 'absent', text: 'HAB Wolfenbüttel' },
      { kind: 'present', text: 'Grammatica Martianum einen' },
      { kind: 'present', text: 'Santel. Annum Sacrum. p. 232.' },
      { kind: 'present', text: 'Eine ehemahlige Nonne und' },
      { kind: 'order', before: 'Sie soll von denen andern nur die', after: 'Anatiphila' },
      { kind: 'present', text: 'Cyrenensis, war eine' },
    ],
  },
];
