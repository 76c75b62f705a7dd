// Checks set, scans: scanned and photographed printed pages without a text layer (printouts, brochures, typescripts).
// Sources and licences in ../sources.md.
import type { CheckDocument } from '../documents.js';

export const documents: readonly CheckDocument[] = [
  {
    file: 'linn-sequencer-brochure-scan.pdf',
    about: 'scanned product brochure (no text layer): display title, bullets, two columns, logo and address',
    checks: [
      { kind: 'present', text: '32 Track MIDI Sequence Recorder' },
      {
        kind: 'present',
        text: 'The LinnSequencer is a state-of-the-art composition and performance tool for the professional musician.',
      },
      { kind: 'order', before: 'Recording a Sequence', after: 'To erase a wrong note' },
      { kind: 'order', before: 'To erase a wrong note', after: 'Creating a Song' },
      {
        kind: 'order',
        before: 'To overdub notes at specific points within a sequence,',
        after: 'simply use LOCATE, FAST FORWARD, or REWIND to find the desired bar number',
      },
      { kind: 'order', before: 'Composition Without Compromise', after: 'Additional Features' },
      { kind: 'present', text: 'See your Linn dealer today for a demonstration!' },
      { kind: 'present', text: '18720 Oxnard Street, Tarzana, CA 91356' },
    ],
  },
  {
    file: 'wikipedia-ocr-printout-scan.pdf',
    about: 'scanned printout of a Wikipedia article (no text layer): browser header and footer, contents box',
    checks: [
      { kind: 'segment-type', segmentType: 'Title', contains: 'Optical character recognition' },
      {
        kind: 'present',
        text: 'Early versions needed to be trained with images of each character, and worked on one font at a time.',
      },
      {
        kind: 'present',
        text: 'In 1914, Emanuel Goldberg developed a machine that read characters and converted them into standard telegraph code.',
      },
      { kind: 'order', before: 'Early versions needed to be trained', after: 'Early optical character recognition' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'History' },
      { kind: 'absent', text: '14/09/16 20:42' },
      { kind: 'absent', text: 'en.wikipedia.org/w/index.php' },
    ],
  },
  {
    file: 'typewriter-linzensoep.png',
    about: 'image of a typewritten Dutch recipe: title, ingredient lines, a paragraph with a hyphenated word',
    checks: [
      { kind: 'present', text: 'Linzensoep à la Waterman' },
      { kind: 'present', text: 'laurier, kruidnagel, kerrie, zout' },
      { kind: 'present', text: 'De linzen wassen en in 1 liter kokend water 1 dag laten weken.' },
      { kind: 'present', text: 'Als de linzen gaar zijn is de soep klaar.' },
      { kind: 'order', before: '2 kopjes melk', after: 'De linzen wassen' },
    ],
  },
  {
    file: 'wikipedia-linux-de-printout.pdf',
    about: 'scanned printout of a German Wikipedia article (no text layer): infobox table, picture, header/footer',
    checks: [
      { kind: 'present', text: 'aus Wikipedia, der freien Enzyklopädie' },
      {
        kind: 'present',
        text: 'Einer der Initiatoren von Linux war der finnische Programmierer Linus Torvalds.',
      },
      {
        kind: 'order',
        before: 'Das modular aufgebaute Betriebssystem',
        after: 'Linux wird vielfältig und umfassend eingesetzt',
      },
      { kind: 'table', cell: 'Entwickler', relation: 'left-of', other: 'diverse' },
      { kind: 'table', cell: 'Kernel', relation: 'left-of', other: 'monolithischer Kernel' },
      { kind: 'segment-type', segmentType: 'Picture' },
      { kind: 'absent', text: '24.08.2016 21:00' },
      { kind: 'absent', text: 'de.wikipedia.org/wiki/Linux' },
    ],
  },
  {
    file: 'nist-sd19-report-p1-scan.pdf',
    about: 'scanned 1995 NIST report, first page (bilevel, no text layer)',
    checks: [
      { kind: 'present', text: 'NIST Special Database 19' },
      { kind: 'present', text: 'Handprinted Forms and Characters Database' },
      { kind: 'present', text: 'National Institute of Standards and Technology' },
      { kind: 'present', text: 'contains the full page binary images of 3699 Handwriting Sample Forms (HSFs)' },
      {
        kind: 'present',
        text: 'This document was obtained from the Postscript file sd19.cd/doc/doc.ps on Special Database 19.',
      },
      { kind: 'order', before: 'March 16, 1995', after: 'Introduction' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Introduction' },
    ],
  },
];
