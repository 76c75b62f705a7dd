// Checks set, office: office files (DOCX, PPTX, XLSX, ODF) with headers, footers, text boxes, shapes, comments and tracked changes.
// Sources and licences in ../sources.md.
import type { CheckDocument } from '../documents.js';

export const documents: readonly CheckDocument[] = [
  {
    file: 'office-jsa-lay-down-tubulars.docx',
    about:
      'DOCX, 5 pages: a drilling-rig job safety analysis form ("240-DOP-1013A Lay Down Tubulars") built of bordered tables, a three-column step table over pages, a lessons-learned text box',
    checks: [
      { kind: 'table', cell: 'Last Issue Date', relation: 'left-of', other: 'Task and Revision Number' },
      { kind: 'table', cell: 'Last Issue Date', relation: 'above', other: '11 December 2017' },
      { kind: 'present', text: 'Lay Down Tubulars' },
      { kind: 'table', cell: 'Specific PPE', relation: 'left-of', other: 'Safety Harness' },
      { kind: 'table', cell: 'Work Activity', relation: 'left-of', other: 'Base Line Control' },
      { kind: 'present', text: 'Review MSDS for thread dope being used.' },
      { kind: 'present', text: 'Verify correct sizes using calipers on the tubular as well as the handling tools.' },
      { kind: 'present', text: 'NEVER get between the iron roughneck and the drill pipe.' },
      { kind: 'order', before: 'Workplace Risk Assessment', after: 'Lessons Learned From Industry' },
      {
        kind: 'present',
        text: 'Injured person did not have a safe exit route when the drill pipe began to roll towards him.',
      },
    ],
  },
  {
    file: 'office-page-specific-head-foot.docx',
    about:
      'DOCX, 2 pages with different odd and even page headers (coloured date band, bracketed text) and footers (three columns on page 1, a line and "Page 2" on page 2)',
    frozen: true,
    checks: [
      { kind: 'present', text: 'This is a sample word document. It has two pages.' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'HEADING TEXT' },
      { kind: 'present', text: 'More on page one' },
      {
        kind: 'order',
        before: 'End of page 1',
        after: 'This is page two. It also has a two column heading, and a simple footer.',
      },
      { kind: 'absent', text: 'ODD Page Header text' },
      { kind: 'absent', text: 'THIS IS AN EVEN PAGE, WITH A HEADER' },
      { kind: 'absent', text: 'August 20, 2008' },
      { kind: 'absent', text: 'Footer Middle' },
      { kind: 'absent', text: 'This is a simple footer on the second page' },
      { kind: 'absent', text: 'Page 2' },
    ],
  },
  {
    file: 'office-tracked-changes-tika.docx',
    about:
      'DOCX with tracked changes: two deleted list items (struck through) and inserted news paragraphs and list items (underlined); read as the document stands with its changes accepted',
    checks: [
      { kind: 'present', text: 'A nickname for Petrika the Albanian variation of Peter' },
      { kind: 'present', text: "A place on Saturn's satellite Rhea, named after the last place" },
      {
        kind: 'order',
        before: 'A Nepalese name for Tilaka',
        after: 'A title in certain Indian monarchies for a Crown Prince',
      },
      // Inserted text.
      { kind: 'present', text: 'Apache Tika 0.3 has been released. Please see the download page for more details.' },
      { kind: 'present', text: 'Introducing Apache Mahout - Grant Ingersoll. March 25th @ 10:30' },
      {
        kind: 'order',
        before: 'March 2009: Apache Tika Release',
        after: 'February 2009: Lucene at ApacheCon Europe 2009 in Amsterdam',
      },
      // Deleted text.
      { kind: 'absent', text: 'Tika Waylan, a major character in the DragonLance series' },
      { kind: 'absent', text: 'Later the tika became a standard part of the costume of a Hindu woman.' },
      { kind: 'present', text: 'A software module for extracting text from binary files.' },
    ],
  },
  {
    file: 'office-resume-text-boxes.docx',
    about:
      'DOCX résumé template: the name and contact placeholders in text boxes of a left sidebar, headed sections on the right, a first-page header and footer',
    frozen: true,
    checks: [
      { kind: 'present', text: 'Allison, Timothy B.' },
      { kind: 'present', text: '[Address 1][Address 2][City, ST ZIP Code]' },
      {
        kind: 'present',
        text: 'Getting the perfect job might be challenging, but a great-looking résumé doesn’t have to be!',
      },
      { kind: 'order', before: 'OBJECTIVE', after: 'EXPERIENCE' },
      { kind: 'order', before: 'EXPERIENCE', after: 'EDUCATION' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'EDUCATION' },
      { kind: 'present', text: 'References are available upon request.' },
      { kind: 'absent', text: 'This is a first page header' },
      { kind: 'absent', text: 'This is a first page footer' },
    ],
  },
  {
    file: 'office-brazil-visa-form.docx',
    about:
      'DOCX, 3 pages: Brazilian consulate visa application form (numbered fields in table cells, check boxes, an official-use box, instructions) with a footnote',
    checks: [
      { kind: 'present', text: 'CONSULADO-GERAL EM SAN FRANCISCO' },
      { kind: 'present', text: 'VISA APPLICATION FORM' },
      { kind: 'order', before: '01 - Full name', after: '02 - Place of birth' },
      { kind: 'present', text: 'high school diploma or the equivalent' },
      { kind: 'order', before: 'FOR OFFICIAL USE ONLY', after: 'H - Observações' },
      {
        kind: 'present',
        text: 'Work under an employment contract with a company/organization in Brazil',
      },
      {
        kind: 'present',
        text: 'IMPORTANT: FORMS THAT ARE INCOMPLETE AND INCORRECTLY FILLED OUT WILL BE RETURNED.',
      },
      {
        kind: 'present',
        text: 'Answer all questions thoroughly and accurately. If a question does not apply, please type N/A.',
      },
      { kind: 'segment-type', segmentType: 'Footnote', contains: 'test phrase' },
    ],
  },
  {
    file: 'office-smartart-simple.pptx',
    about:
      'PPTX, one small slide (142 x 85 pt): a SmartArt diagram of three overlapping circles labelled abc, def, ghi (one filled with a photo) and a text box listing what it tests',
    frozen: true,
    checks: [
      { kind: 'present', text: 'abc' },
      { kind: 'present', text: 'ghi' },
      { kind: 'order', before: 'abc', after: 'ghi' },
      { kind: 'present', text: 'This file contains a SmartArt diagram' },
      { kind: 'present', text: 'Gradient fill on shape (with 25% transparency set)' },
      {
        kind: 'present',
        text: 'Text box positioning relative to shape (when text is centered it’s not in the center of the circles)',
      },
      { kind: 'order', before: 'Image fill on shape', after: 'Shapes are styled with theme' },
    ],
  },
  {
    file: 'office-dormeur-notes.odt',
    about:
      'ODT: Rimbaud\'s sonnet "Le dormeur du val" with two footnotes, an endnote on a second page and a comment (not printed)',
    checks: [
      { kind: 'present', text: "C'est un trou de verdure où chante une rivière," },
      { kind: 'present', text: 'Pâle dans son lit vert où la lumière pleut.' },
      {
        kind: 'order',
        before: 'Un soldat jeune, bouche ouverte, tête nue,',
        after: 'Les parfums ne font pas frissonner sa narine ;',
      },
      { kind: 'present', text: 'Tranquille. Il a deux trous rouges au côté droit.' },
      { kind: 'present', text: 'Arthur Rimbaud' },
      { kind: 'segment-type', segmentType: 'Footnote', contains: 'Note dormeur' },
      { kind: 'segment-type', segmentType: 'Footnote', contains: 'Note next remote link' },
      { kind: 'present', text: 'End note' },
    ],
  },
  {
    file: 'office-ceibs-form-header.xlsx',
    about:
      'XLSX: a business-school programme application form laid out in one sheet (labels, underlined entry cells, check boxes), printed over 4 pages with a page header and page numbers',
    frozen: true,
    checks: [
      {
        kind: 'present',
        text: 'All information in this form will be treated as confidential and will only be used by CEIBS Admission Committee.',
      },
      { kind: 'order', before: 'Personal Information', after: 'Company Information' },
      { kind: 'present', text: 'How did you hear about the programme?' },
      { kind: 'present', text: 'Recommended by CEIBS Account Manager' },
      { kind: 'present', text: 'Why do you want to attend this programme?' },
      { kind: 'present', text: 'I certify that all the information is authentic and accurate.' },
      { kind: 'order', before: 'Please return by fax/mail/e-mail to:', after: 'CEIBS Executive Education' },
      { kind: 'absent', text: 'testdoc test phrase' },
    ],
  },
  {
    file: 'office-text-box-in-text.docx',
    about:
      'DOCX, 2 pages of three-letter words with a bordered text box (a pull quote) set in the middle of the text, the body wrapping on both sides of it',
    checks: [
      {
        kind: 'present',
        text: '[Grab your reader’s attention with a great quote from the document or use this space to emphasize a key point. To place this text box anywhere on the page, just drag it.]',
      },
      { kind: 'present', text: 'aaa aab aac aad aae' },
      { kind: 'present', text: 'acb acc acd ace acf acg ach aci' },
      { kind: 'present', text: 'adn ado adp adq adr ads adt' },
      { kind: 'order', before: 'acb acc acd', after: 'adn ado adp' },
      { kind: 'order', before: 'aop aoq aor', after: 'apc apd ape' },
      { kind: 'present', text: 'azw azx azy azz' },
    ],
  },
];
