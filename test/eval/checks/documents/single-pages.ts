// Checks set, single-pages: single pages cut from long reports, datasheets and manuals, with their running heads, page numbers and document ids.
// Sources and licences in ../sources.md.
import type { CheckDocument } from '../documents.js';

export const documents: readonly CheckDocument[] = [
  {
    file: 'riscv-user-isa-v2.2-p18.pdf',
    about:
      'one page of a specification (RISC-V user-level ISA manual): running head with page number, commentary block, section heading',
    checks: [
      { kind: 'absent', text: 'Volume I: RISC-V User-Level ISA V2.2' },
      { kind: 'absent', text: '18' },
      {
        kind: 'present',
        text: 'Unlike some other architectures, the RISC-V jump (JAL with rd=x0) instruction should always be used for unconditional branches',
      },
      {
        kind: 'order',
        before: 'will not pressure conditional branch prediction tables.',
        after: 'The conditional branches were designed to include arithmetic comparison operations',
      },
      { kind: 'present', text: 'We considered but did not include static branch hints in the instruction encoding.' },
      { kind: 'present', text: 'to other code [27].' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Load and Store Instructions' },
      { kind: 'order', before: 'Load and Store Instructions', after: 'RV32I is a load-store architecture' },
      {
        kind: 'present',
        text: 'and action any other side effects even though the load value is discarded.',
      },
    ],
  },
  {
    file: 'fips-197-aes-p7.pdf',
    about:
      'one page of a federal standard (FIPS 197, AES): glossary as two columns, numbered headings, a lone page number at the foot',
    frozen: true,
    checks: [
      { kind: 'absent', text: '7' },
      {
        kind: 'present',
        text: 'Transformation in the Cipher that takes all of the columns of the State and mixes their data',
      },
      { kind: 'present', text: 'The round constant word array.' },
      { kind: 'order', before: 'RotWord()', after: 'takes a four-byte word and performs a cyclic permutation' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Notation and Conventions' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Inputs and Outputs' },
      { kind: 'order', before: 'Finite field multiplication.', after: 'Notation and Conventions' },
      { kind: 'present', text: 'Other input, output and Cipher Key lengths are not permitted by this standard.' },
      { kind: 'present', text: 'and key length (specified above).' },
    ],
  },
  {
    file: 'r-admin-add-on-packages-p29.pdf',
    about:
      'one page of a software manual (R Installation and Administration): chapter running head with page number, code lines, footnotes at the foot',
    checks: [
      { kind: 'absent', text: 'Chapter 6: Add-on packages' },
      { kind: 'absent', text: '29' },
      {
        kind: 'present',
        text: 'could be extracted from the sources',
      },
      { kind: 'present', text: './configure CC=clang CFLAGS=-O2 CXX=clang++ CXXFLAGS=-O2' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Customizing package compilation' },
      { kind: 'order', before: "to force 'arm64' code.", after: 'Customizing package compilation' },
      {
        kind: 'present',
        text: 'can be specified via the environment variable R_MAKEVARS_USER.',
      },
      { kind: 'present', text: 'Note that capitalization and versioning may differ from the Open Source project.' },
      { kind: 'present', text: 'using a path containing spaces is likely to cause problems' },
      { kind: 'order', before: 'or for clang.', after: 'Note that capitalization and versioning may differ' },
    ],
  },
  {
    file: 'arduino-uno-r3-datasheet-p2.pdf',
    about:
      'one page of a board datasheet (Arduino UNO R3): logo and product banner at the top, page x / y, product name and modification date at the foot, nested feature list',
    frozen: true,
    checks: [
      { kind: 'absent', text: 'Arduino® UNO R3' },
      { kind: 'absent', text: '2 / 14' },
      { kind: 'absent', text: 'Modified: 23/09/2023' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Features' },
      { kind: 'present', text: 'AVR CPU at up to 16 MHz' },
      {
        kind: 'segment-type',
        segmentType: 'ListItem',
        contains: '1x USART with fractional baud rate generator and start-of-frame detection',
      },
      { kind: 'order', before: 'Security', after: 'Power On Reset (POR)' },
      { kind: 'order', before: 'ATMega16U2 Processor', after: '8-bit AVR® RISC-based microcontroller' },
      { kind: 'present', text: 'debugWIRE interface for on-chip debugging and programming' },
      { kind: 'present', text: '2.7-5.5 volts' },
    ],
  },
  {
    file: 'nist-csd-annual-report-2009-p18.pdf',
    about:
      'one page of an annual report (NIST Computer Security Division, 2009): two columns, section band, headings, contact blocks; report title and page number at the foot',
    checks: [
      { kind: 'absent', text: 'Computer Security Division Annual Report 2009' },
      { kind: 'absent', text: '18' },
      {
        kind: 'segment-type',
        segmentType: 'SectionHeader',
        contains: 'ISO Standardization of Cryptographic Module Testing',
      },
      {
        kind: 'present',
        text: 'Commission (ISO/IEC), which issued ISO/IEC 19790, Security requirements for cryptographic modules, on March 1, 2006, and',
      },
      { kind: 'order', before: 'revision of ISO/IEC 19790 in FY2009.', after: 'Guidelines and Documents' },
      { kind: 'present', text: "Can't find the NIST CSD document you're looking for?" },
      {
        kind: 'order',
        before: 'legal requirement.',
        after: 'This guide is currently updated through the end of August',
      },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Information Security Training Requirements' },
      { kind: 'present', text: 'We expect the update of SP 800-16 Revision 1 to be completed during FY2010.' },
      { kind: 'present', text: 'is essential to implementing and integrating a' },
    ],
  },
  {
    file: 'nist-sp-800-63b-p10.pdf',
    about:
      'one page of a federal guideline (NIST SP 800-63B): document id and two-line title as running head, a rotated availability banner in the margin, page number at the foot',
    checks: [
      { kind: 'absent', text: 'NIST SP 800-63B' },
      { kind: 'absent', text: 'AUTHENTICATION & LIFECYCLE MANAGEMENT' },
      { kind: 'absent', text: 'This publication is available free of charge from' },
      { kind: 'absent', text: '10' },
      {
        kind: 'present',
        text: 'When a biometric factor is used in authentication at AAL3, the verifier SHALL make a',
      },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Reauthentication' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Records Retention Policy' },
      { kind: 'present', text: 'This section is normative.' },
      { kind: 'order', before: 'retention policy.', after: 'Privacy Requirements' },
      {
        kind: 'present',
        text: 'requirements apply to an agency offering or using the authentication service:',
      },
    ],
  },
  {
    file: 'tugboat-guide-p903.pdf',
    about:
      'one page of a journal-style guide (TUGboat class documentation, two columns): journal name, draft timestamp and page number as running head, article title as running foot, a footnote',
    frozen: true,
    checks: [
      { kind: 'absent', text: 'TUGboat, Volume 0 (9999), No. 0' },
      { kind: 'absent', text: 'draft: January 16, 2023 13:05' },
      { kind: 'absent', text: '903' },
      { kind: 'absent', text: 'TUGboat macros' },
      { kind: 'present', text: "given, as in the following, which comes from a paper given at TUG'95 (abbreviated):" },
      { kind: 'order', before: 'The class files will take care of arranging author', after: 'Compilation articles' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Compilation articles' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Verbatim text' },
      { kind: 'present', text: 'in simple black, not colored or even grayscaled.' },
      { kind: 'present', text: 'If you use the listings package, please specify:' },
    ],
  },
  {
    file: 'irs-fw9-2018-p3.pdf',
    about:
      'one instructions page of a tax form (IRS Form W-9, two columns): form name with revision and page number as running head, headings, a small ruled table, numbered list down to the foot',
    checks: [
      { kind: 'absent', text: 'Form W-9 (Rev. 10-2018)' },
      { kind: 'absent', text: 'Page 3' },
      { kind: 'present', text: 'Criminal penalty for falsifying information.' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Specific Instructions' },
      {
        kind: 'present',
        text: 'You must enter one of the following on this line; do not leave this line blank.',
      },
      { kind: 'order', before: 'one box on line 3.', after: 'IF the entity/person on line 1 is' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Line 4, Exemptions' },
      {
        kind: 'present',
        text: 'Generally, individuals (including sole proprietors) are not exempt from backup withholding.',
      },
      { kind: 'present', text: '10—A common trust fund operated by a bank under section 584(a)' },
      { kind: 'present', text: '13—A trust exempt from tax under section 664 or described in section 4947' },
    ],
  },
  {
    file: 'fips-200-p3.pdf',
    about:
      'one page of a federal standard (FIPS 200): publication id and title as running head over a rule, a run of bold-led requirement paragraphs, page number at the foot',
    frozen: true,
    checks: [
      { kind: 'absent', text: 'FIPS Publication 200' },
      { kind: 'absent', text: 'Minimum Security Requirements for Federal Information and Information Systems' },
      { kind: 'absent', text: '3' },
      {
        kind: 'present',
        text: 'Organizations must: (i) establish and maintain baseline configurations and',
      },
      { kind: 'present', text: 'Contingency Planning (CP):' },
      { kind: 'order', before: 'Incident Response (IR):', after: 'Maintenance (MA):' },
      { kind: 'present', text: 'Organizations must periodically assess the risk to organizational operations' },
      { kind: 'order', before: 'Risk Assessment (RA):', after: 'System and Services Acquisition (SA):' },
      { kind: 'present', text: 'applications, and/or services outsourced from the organization.' },
    ],
  },
  {
    file: 'uwthesis-glossary-piv.pdf',
    about:
      'one front-matter page of a thesis (University of Washington thesis class sample): glossary entries with small-capital terms, a lone roman page number at the foot',
    checks: [
      { kind: 'absent', text: 'iv' },
      {
        kind: 'present',
        text: 'FORMATTER: (as opposed to a word-processor) arranges printed material according to',
      },
      {
        kind: 'not-segment-type',
        segmentType: 'SectionHeader',
        contains: 'a complex control sequence composed of other control sequences.',
      },
      { kind: 'present', text: 'One pica is twelve points and six picas is about an inch.' },
      { kind: 'present', text: 'POINT: a unit of length. 72.27 points equals one inch.' },
      {
        kind: 'order',
        before: 'SERIF: the decoration at the ends of letter strokes.',
        after: 'TABLE: information placed',
      },
      { kind: 'present', text: 'TABLE: information placed in a columnar arrangement.' },
      { kind: 'present', text: 'itself as a thesis, although it really is not one.' },
    ],
  },
  {
    file: 'nistir-7435-cvss-p6.pdf',
    about:
      'one page of a federal report (NISTIR 7435, CVSS): report title in small capitals as running head, a ruled table with bullet lists in its cells right under it, a heading, page number at the foot',
    checks: [
      {
        kind: 'absent',
        text: 'THE COMMON VULNERABILITY SCORING SYSTEM (CVSS) AND ITS APPLICABILITY TO FEDERAL AGENCY SYSTEMS',
      },
      { kind: 'absent', text: '6' },
      { kind: 'segment-type', segmentType: 'Caption', contains: 'Access Complexity Scoring Evaluation' },
      { kind: 'table', cell: 'Metric Value', relation: 'above', other: 'High (H)' },
      { kind: 'table', cell: 'High (H)', relation: 'above', other: 'Medium (M)' },
      { kind: 'present', text: 'If a race condition exists, the window is very narrow.' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Authentication (AU)' },
      {
        kind: 'present',
        text: 'It is important to note that the Authentication metric is different from Access Vector.',
      },
      { kind: 'present', text: 'vulnerability, then this metric should be set to "single."' },
    ],
  },
  {
    file: 'nistir-7298r2-glossary-p96.pdf',
    about:
      'one page of a federal glossary (NISTIR 7298 Rev. 2): document id and italic title as running head over a rule, terms beside their definitions, page number at the foot',
    frozen: true,
    checks: [
      { kind: 'absent', text: 'NIST IR 7298 Revision 2, Glossary of Key Information Security Terms' },
      { kind: 'absent', text: '96' },
      { kind: 'present', text: 'A program established to collect information in accordance with' },
      {
        kind: 'order',
        before: 'Information Security Policy',
        after: 'Aggregate of directives, regulations, rules, and practices that',
      },
      { kind: 'present', text: 'SOURCE: SP 800-53; SP 800-37; SP 800-18; CNSSI-4009' },
      { kind: 'order', before: 'See Risk.', after: 'Information Sharing' },
      { kind: 'present', text: 'ISE in its broader application enables those in a trusted partnership' },
      {
        kind: 'order',
        before: 'Information Steward',
        after: 'An agency official with statutory or operational authority for',
      },
      { kind: 'present', text: 'controls for its generation, collection, processing, dissemination,' },
    ],
  },
  {
    file: 'erdc-report-sample-pvii.pdf',
    about:
      'one front-matter page of a technical report (US Army ERDC report class sample): report number and roman page number as running head, a long ruled table of unit conversion factors',
    checks: [
      { kind: 'absent', text: 'ERDC/CRREL SR-05-78' },
      { kind: 'absent', text: 'vii' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Unit Conversion Factors' },
      { kind: 'table', cell: 'Multiply', relation: 'left-of', other: 'By' },
      { kind: 'table', cell: 'By', relation: 'left-of', other: 'To Obtain' },
      { kind: 'table', cell: 'Multiply', relation: 'above', other: 'acres' },
      { kind: 'table', cell: 'acres', relation: 'left-of', other: '4,046.873' },
      { kind: 'table', cell: 'degrees Fahrenheit', relation: 'left-of', other: '(F-32)/1.8' },
      { kind: 'table', cell: 'knots', relation: 'left-of', other: '0.5144444' },
      { kind: 'table', cell: 'pounds (force) per foot', relation: 'left-of', other: '14.59390' },
    ],
  },
  {
    file: 'onr-annual-report-template-p1.pdf',
    about:
      'first page of an annual report (Office of Naval Research report class template): a distribution statement banner at the top, title and author blocks, capitalised headings, page number at the foot',
    frozen: true,
    checks: [
      {
        kind: 'absent',
        text: 'DISTRIBUTION STATEMENT A: Distribution approved for public release; distribution is unlimited.',
      },
      { kind: 'present', text: 'Ocean Battlespace Sensing (OBS) S&T Department Annual Report' },
      { kind: 'present', text: 'phone: (111) 222-3333 fax: (111) 222-4444 email: first.author@ai.edu' },
      { kind: 'present', text: 'Award Number: N00014-000-0000' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'LONG-TERM GOALS' },
      { kind: 'order', before: 'commercial word processor.', after: 'OBJECTIVES' },
      {
        kind: 'present',
        text: 'This section should contain the scientific or technological objectives of this effort.',
      },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'APPROACH' },
      {
        kind: 'present',
        text: 'define a project URL in the title block. ONR also requires a distribution statement to be inserted in the',
      },
    ],
  },
];
