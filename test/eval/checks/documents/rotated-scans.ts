// Checks set, rotated-scans: pages scanned at 90 or 180 degrees and phone photos with perspective and shadow.
// Sources and licences in ../sources.md.
import type { CheckDocument } from '../documents.js';

export const documents: readonly CheckDocument[] = [
  {
    file: 'linn-brochure-scan-rotated-90.pdf',
    about: 'scanned two-column brochure, page image turned 90 degrees (landscape page), no text layer',
    checks: [
      { kind: 'present', text: '32 Track MIDI Sequence Recorder' },
      { kind: 'present', text: 'Each of the 100 sequences contains 32 simultaneous, polyphonic tracks.' },
      { kind: 'present', text: 'One or all tracks may be TRANSPOSED at the touch of a key.' },
      {
        kind: 'present',
        text: 'The INSERT/COPY function allows you to move bars from one location to another',
      },
      { kind: 'present', text: 'Will sync to standard LinnDrum or Linn 9000 sync tone.' },
      { kind: 'order', before: 'Recording a Sequence', after: 'Creating a Song' },
      { kind: 'order', before: 'Creating a Song', after: 'Composition Without Compromise' },
      {
        kind: 'order',
        before: 'To overdub notes at specific points within a sequence,',
        after: 'simply use LOCATE, FAST FORWARD, or REWIND to find the desired bar number',
      },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Additional Features' },
    ],
  },
  {
    file: 'linn-brochure-scan-rotated-180.pdf',
    about: 'scanned two-column brochure, page image upside down (180 degrees), no text layer',
    frozen: true,
    checks: [
      {
        kind: 'present',
        text: 'The LinnSequencer is a state-of-the-art composition and performance tool for the professional musician.',
      },
      { kind: 'present', text: 'Exclusive real-time ERASE function makes editing FAST.' },
      { kind: 'present', text: 'TIMING CORRECTION works during playback and operates without' },
      {
        kind: 'present',
        text: 'One way to create a song is to record each track all the way through (up to 999 bars).',
      },
      { kind: 'present', text: 'TEMPO CHANGES may be programmed into a sequence, with smooth transitions if desired.' },
      { kind: 'present', text: '18720 Oxnard Street, Tarzana, CA 91356' },
      { kind: 'order', before: 'Optional remote control.', after: 'Recording a Sequence' },
      { kind: 'order', before: 'To erase a wrong note, simply hold ERASE', after: 'One way to create a song' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Composition Without Compromise' },
    ],
  },
  {
    file: 'linn-brochure-scan-rotate-skew.pdf',
    about: 'scanned brochure drawn sideways on a page with /Rotate 90 and skewed by a few degrees, no text layer',
    checks: [
      {
        kind: 'present',
        text: 'Operation is similar to multi-track tape recorder with PLAY, STOP, RECORD, FAST FORWARD, REWIND, and LOCATE controls.',
      },
      { kind: 'present', text: 'Optional SMPTE time code synchronization.' },
      { kind: 'present', text: 'Two TRIGGER OUTPUTS may be programmed to output pulses at any selected note value.' },
      {
        kind: 'present',
        text: 'The technology you use should never be so complex that it interferes with the creative process.',
      },
      { kind: 'present', text: 'Linn Electronics, Inc.' },
      { kind: 'order', before: 'Recording a Sequence', after: 'Creating a Song' },
      { kind: 'order', before: 'sustain pedal, and program changes!', after: 'To erase a wrong note' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Recording a Sequence' },
    ],
  },
  {
    file: 'devanagari-fonts-rotated-270.png',
    about:
      'image of one Hindi sentence set in four Devanagari fonts, each under its font name, turned 90 degrees (reads top to bottom)',
    frozen: true,
    checks: [
      {
        kind: 'present',
        text: 'सभी मनुष्यों को गौरव और अधिकारों के मामले में जन्मजात स्वतन्त्रता और समानता',
      },
      { kind: 'present', text: 'उन्हें बुद्धि और अन्तरात्मा की देन' },
      { kind: 'present', text: 'भाईचारे के भाव से बर्ताव करना चाहिए' },
      { kind: 'order', before: 'CDAC-GISTYogesh', after: 'Gargi' },
      { kind: 'order', before: 'Gargi', after: 'JanaHindi' },
      { kind: 'order', before: 'JanaHindi', after: 'Kalimati' },
    ],
  },
  {
    file: 'phototest-rotated-180.png',
    about: 'small bilevel image of two plain paragraphs, upside down',
    checks: [
      {
        kind: 'present',
        text: 'This is a lot of 12 point text to test the ocr code and see if it works on all types of file format.',
      },
      {
        kind: 'present',
        text: 'The quick brown dog jumped over the lazy fox. The quick brown dog jumped over the lazy fox.',
      },
      { kind: 'order', before: 'of file format.', after: 'The quick brown dog' },
      { kind: 'not-segment-type', segmentType: 'SectionHeader', contains: 'This is a lot of 12 point text' },
    ],
  },
  {
    file: 'phototest-rotated-left.png',
    about: 'the same two paragraphs turned 90 degrees counter-clockwise (lines run bottom to top)',
    frozen: true,
    checks: [
      {
        kind: 'present',
        text: 'This is a lot of 12 point text to test the ocr code and see if it works on all types of file format.',
      },
      { kind: 'present', text: 'jumped over the lazy fox. The quick brown dog jumped over the lazy fox.' },
      { kind: 'order', before: 'of file format.', after: 'The quick brown dog' },
      { kind: 'not-segment-type', segmentType: 'SectionHeader', contains: 'This is a lot of 12 point text' },
    ],
  },
  {
    file: 'russian-trenches-keystone-photo.png',
    about: 'photo of a novel page taken at an angle (keystone perspective): running head, page number, dialogue',
    checks: [
      { kind: 'present', text: 'Then Fred was off, going on his way into the darkness alone.' },
      {
        kind: 'present',
        text: 'Ernst had told him which road to follow, telling him that if he stuck to it he would not be likely to run into any troop movements.',
      },
      { kind: 'present', text: 'Your heart must be with your own.' },
      { kind: 'present', text: "you don't seem like a Russian, or I would not be helping you." },
      { kind: 'present', text: 'Your only real danger lies in being taken for a spy.' },
      { kind: 'order', before: 'said Ernst, with a laugh', after: 'Then Fred was off' },
      { kind: 'order', before: 'Then Fred was off', after: 'That is a good rule for one who is in a country at war' },
      { kind: 'absent', text: 'IN RUSSIAN TRENCHES' },
    ],
  },
  {
    file: 'french-catalogue-curved-photo.jpg',
    about: 'photo of a curved 19th-century French book-catalogue page with shadow at the gutter: numbered entries',
    frozen: true,
    checks: [
      { kind: 'present', text: "histoire de Belgique jusqu'en 1847" },
      { kind: 'present', text: 'Loubens, Manuel de morale' },
      { kind: 'present', text: 'Nouveau manuel des poids et mesures' },
      { kind: 'present', text: "Hume, histoire d'Angleterre" },
      { kind: 'present', text: 'Geyer, histoire de Suède' },
      { kind: 'order', before: 'Legouvé, le mérite des femmes', after: 'Lafontaine, fables choisies' },
      { kind: 'order', before: 'Loubens, Manuel de morale', after: "Hume, histoire d'Angleterre" },
      {
        kind: 'order',
        before: 'Bazin, histoire de France sous Louis XIII',
        after: "De Beaumont, l'Irlande sociale, politique et religieuse",
      },
    ],
  },
  {
    file: 'nist-sd19-source-materials-rotated-90.pdf',
    about: 'bilevel scan of a 1995 NIST report page (section heading, two ruled tables), turned 90 degrees clockwise',
    checks: [
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Source Materials' },
      {
        kind: 'present',
        text: 'The HSFs were scanned at 11.8 dots per millimeter (300 dots per inch) and contain 34 fields',
      },
      { kind: 'present', text: "All images are binary and are stored in NIST's IHEAD format." },
      { kind: 'present', text: 'Table 1: Previous NIST Handprint Databases.' },
      {
        kind: 'present',
        text: 'Those images were obtained from a further 500 HSF forms completed by high school students in Bethesda, Maryland.',
      },
      { kind: 'table', cell: 'Special Database 3', relation: 'left-of', other: 'February 1992' },
      { kind: 'table', cell: 'Name', relation: 'above', other: 'Special Database 1' },
      { kind: 'table', cell: 'writers', relation: 'above', other: '0000-0499' },
      {
        kind: 'order',
        before: 'Table 1: Previous NIST Handprint Databases.',
        after: 'Special Database 1 [1] contains the isolated field images',
      },
    ],
  },
];
