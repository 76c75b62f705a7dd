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
];
