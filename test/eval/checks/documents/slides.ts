// Checks set, slides: slides, as PDF and as PPTX.
// Sources and licences in ../sources.md.
import type { CheckDocument } from '../documents.js';

export const documents: readonly CheckDocument[] = [
  {
    file: 'slides-fwc-award-modernisation.pptx',
    about:
      'PPTX, 9 slides (Fair Work Commission, Australia): title slide, bullet and numbered lists, a table, slide numbers and a tribunal tagline at the foot of each slide',
    checks: [
      { kind: 'segment-type', segmentType: 'Title', contains: 'Role of the Fair Work Commission' },
      { kind: 'present', text: 'Senior Deputy President Acton' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Award modernisation overview' },
      { kind: 'present', text: '2012-13 — Transitional review' },
      { kind: 'present', text: 'transitional provisions (accident pay & district allowances)' },
      { kind: 'table', cell: 'Award title', relation: 'above', other: 'Passenger Vehicle Transportation Award 2010' },
      { kind: 'table', cell: 'Clerks – Private Sector Award 2010', relation: 'left-of', other: '3A' },
      {
        kind: 'order',
        before: 'Each award referred to single member for conference',
        after: 'Exposure draft published with directions for submissions',
      },
      { kind: 'present', text: 'Expressing work-related allowances as monetary amounts as well as percentages' },
      { kind: 'order', before: 'Group 1A & 1B awards decision', after: 'An index of award facilitative provisions.' },
      { kind: 'absent', text: 'NATIONAL WORKPLACE RELATIONS TRIBUNAL' },
    ],
  },
  {
    file: 'slides-beamer-conference-talk-p1-2-4-6.pdf',
    about:
      'LaTeX beamer conference talk (SNP block partitioning), 4 slides: title with affiliations, outline, blocks, nested lists; a navigation bar of section names on top',
    frozen: true,
    checks: [
      { kind: 'segment-type', segmentType: 'Title', contains: 'On the Complexity of SNP Block' },
      { kind: 'present', text: 'Workshop on Algorithms in Bioinformatics, 2006' },
      { kind: 'present', text: 'International Computer Science Institute, Berkeley, USA' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'General formalization of haplotyping.' },
      {
        kind: 'order',
        before: 'Hardness of PP-Partitioning of Haplotype Matrices',
        after: 'Perfect Path Phylogenies',
      },
      { kind: 'present', text: 'The columns of the matrix are SNP sites / characters.' },
      { kind: 'order', before: 'The rows of the matrix are taxa / individuals.', after: 'A haplotype matrix H.' },
      { kind: 'present', text: 'This can be caused by chromosomal crossing-over effects.' },
      { kind: 'order', before: 'Data may be missing.', after: 'No perfect phylogeny is possible.' },
      // Only in the navigation bar at the top of every slide.
      { kind: 'absent', text: 'Summary' },
    ],
  },
  {
    file: 'slides-idb-project-finance.pptx',
    about:
      'PPTX, 11 slides (Inter-American Development Bank, 2006): title slide, bullets, a process of four chevron shapes with text, a feasibility map drawn with shapes',
    checks: [
      { kind: 'segment-type', segmentType: 'Title', contains: 'Removing financing obstacles' },
      { kind: 'present', text: 'Access to Finance for Local Governments' },
      { kind: 'present', text: 'Inter-American Development Bank' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Project finance cycle' },
      // The first of the four chevrons of the finance cycle: text in a shape.
      { kind: 'present', text: 'NEEDS', caseSensitive: true },
      {
        kind: 'present',
        text: 'We at the IDB hope to approve on Monday a Project Preparation Fund with grants for capacity building and project preparation',
      },
      {
        kind: 'present',
        text: 'Donors should consider “debt for water swaps” as part of their official assistance.',
      },
      { kind: 'order', before: 'Willingness to pay/local views', after: 'Macroeconomic conditions' },
      {
        kind: 'present',
        text: 'Note that feasible structures are only considered when a full column of circles exists.',
      },
      { kind: 'present', text: 'Sesión FT3.40, Domingo 19 marzo, 11:00 am' },
      { kind: 'order', before: 'In summary', after: 'All actors, all sources, all structures must be explored' },
    ],
  },
  {
    file: 'slides-metropolis-demo-p1-2-4-20-21.pdf',
    about:
      'LaTeX beamer, metropolis theme demo, 5 slides: title, table of contents, text with code, a captioned table, blocks in two columns; slide numbers',
    frozen: true,
    checks: [
      { kind: 'segment-type', segmentType: 'Title', contains: 'Metropolis' },
      { kind: 'present', text: 'A modern beamer theme' },
      { kind: 'present', text: 'Center for modern beamer themes' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Table of contents' },
      { kind: 'order', before: 'Titleformats', after: 'Conclusion' },
      {
        kind: 'present',
        text: 'The metropolis theme is a Beamer theme with minimal visual noise inspired by the hsrm Beamer Theme by Benjamin Weiss.',
      },
      { kind: 'present', text: '\\usetheme{metropolis}' },
      {
        kind: 'segment-type',
        segmentType: 'Caption',
        contains: 'Table 1: Largest cities in the world (source: Wikipedia)',
      },
      { kind: 'table', cell: 'City', relation: 'above', other: 'Shanghai' },
      { kind: 'table', cell: 'Peking', relation: 'left-of', other: '15,796,450' },
      {
        kind: 'present',
        text: 'Three different block environments are pre-defined and may be styled with an optional background color.',
      },
    ],
  },
  {
    file: 'slides-poi-layouts.pptx',
    about:
      'PPTX, 10 slides, one per slide layout (Apache POI test file): title, nine list levels, section header, two columns, comparison, caption slides, date and company in the footer',
    checks: [
      { kind: 'segment-type', segmentType: 'Title', contains: 'Centered Title' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'SECTION TITLE' },
      { kind: 'order', before: 'Level 8', after: 'Level 9' },
      { kind: 'order', before: 'Left', after: 'Right' },
      { kind: 'order', before: 'Comparison1', after: 'Comparison2' },
      { kind: 'present', text: 'Blank with Default Title' },
      { kind: 'present', text: 'Text with levels' },
      { kind: 'present', text: 'This slide has the following stuff:' },
      { kind: 'absent', text: 'Apache Software Foundation' },
      { kind: 'absent', text: 'Friday, October 21, 2011' },
    ],
  },
  {
    file: 'slides-aascu-achievement-gap.pptx',
    about:
      'PPTX, 34 slides (Achievement Gap Initiative, Harvard, 2012): title slide, coloured bullets, charts, labelled quadrant, shape diagrams, a table, a quotation',
    frozen: true,
    checks: [
      { kind: 'segment-type', segmentType: 'Title', contains: 'Addressing the American Challenge' },
      { kind: 'present', text: 'Ronald F. Ferguson' },
      {
        kind: 'present',
        text: 'NAEP trends for 17-year olds showed dramatic gap narrowing between 1970 and 1990, showing that rapid progress is possible.',
      },
      {
        kind: 'present',
        text: 'STAGNANT HIGH SCHOOL COMPLETION RATES: The US has failed to substantially increase high school graduation rates',
      },
      {
        kind: 'present',
        text: 'Talk, sing and use gestures to communicate with infants to accelerate comprehension and language development',
      },
      { kind: 'order', before: 'Authoritarian', after: 'Permissive' },
      {
        kind: 'order',
        before: 'Whose responsibility is it to see the big picture',
        after: 'How about college and university presidents and chancellors?',
      },
      { kind: 'table', cell: 'On state math tests', relation: 'left-of', other: '4.8 months' },
      { kind: 'table', cell: '4.8 months', relation: 'above', other: '2.9 months' },
      {
        kind: 'present',
        text: 'Any fool can count the seeds in an apple, but only God can count the apples in a seed.',
      },
    ],
  },
  {
    file: 'slides-saintpetersburg-ocean-waves.pdf',
    about:
      'LaTeX beamer, SaintPetersburg theme example (technical report on ocean waves), 6 slides: title, section slide, bullets, numbered steps, a table',
    checks: [
      { kind: 'segment-type', segmentType: 'Title', contains: 'Generating standing and propagating ocean waves' },
      { kind: 'present', text: 'Ivan Gankevich' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Two methods of finding wave’s ACF' },
      { kind: 'present', text: 'Fourier Transform of squared exponent (Gaussian) is another Gaussian.' },
      { kind: 'present', text: 'Why use Fourier transform at all?' },
      {
        kind: 'order',
        before: 'Multiply wave profile by an decaying exponent.',
        after: 'Adjust sine/cosine phase to move maximum value to the origin',
      },
      { kind: 'present', text: 'In case of plain waves result is the same as for analitic method.' },
      { kind: 'present', text: 'Use AR process for standing waves and MA process for propagating waves.' },
      { kind: 'table', cell: 'Characteristic', relation: 'above', other: 'Three-dimensionality' },
      { kind: 'table', cell: 'Wave period', relation: 'left-of', other: '3' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Experiment setup' },
    ],
  },
  {
    file: 'slides-shipunov-biogeography.pdf',
    about:
      'LaTeX beamer lecture slides (biogeography), 5 slides: title, outline, numbered lists, a dense slide; running navigation header and "Shipunov (MSU) … n / 43" footer on each',
    frozen: true,
    checks: [
      { kind: 'present', text: 'Minot State University' },
      { kind: 'order', before: 'Biogeography of Indo-Pacific region', after: 'Very basics of Ocean biogeography' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Indo-Pacific: 8 biogeographical regions' },
      { kind: 'order', before: 'Sundaland: Malay archipelago', after: 'Volcanic Pacific Islands' },
      { kind: 'present', text: 'the largest terrestrial reptile (up to 3.1 m)' },
      {
        kind: 'present',
        text: 'Famous island Krakatoa exploded in 1883 is located here, between Java and Sumatra.',
      },
      {
        kind: 'order',
        before: 'Wallacea: border between Sundaland and Sahul',
        after: 'Coral Pacific Islands: very poor soils',
      },
      { kind: 'absent', text: 'Shipunov (MSU)' },
      { kind: 'absent', text: '12 / 43' },
      { kind: 'absent', text: '13 / 43' },
    ],
  },
  {
    file: 'slides-artd-evaluation-communication.pptx',
    about:
      'PPTX, 28 slides (ARTD Consultants, Australasian Evaluation Society conference 2011): title slide, nested bullets, a process of five shapes, tables, "Page n" at the foot of many slides',
    checks: [
      {
        kind: 'segment-type',
        segmentType: 'Title',
        contains: 'How effective communication can help evaluation achieve influence',
      },
      { kind: 'present', text: 'Jade Maloney & Emily Verstege' },
      { kind: 'present', text: 'Marketing puts the client at the centre and aims to meet their needs.' },
      {
        kind: 'order',
        before: 'Understand the marketplace and customer needs and wants',
        after: 'Capture value from customers to create profit and customer equity',
      },
      { kind: 'table', cell: 'Principle', relation: 'above', other: 'Solution' },
      { kind: 'table', cell: 'Principle', relation: 'left-of', other: 'Details' },
      { kind: 'present', text: 'Noise: unplanned static or distortion = receiver gets unintended message' },
      { kind: 'present', text: 'Concrete: use concrete language to make the abstract clear and memorable.' },
      {
        kind: 'order',
        before: 'What is the main point you want to get across?',
        after: 'What language and words are appropriate to use?',
      },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Communications concepts' },
      { kind: 'absent', text: 'Page 12' },
      { kind: 'absent', text: 'Page 26' },
    ],
  },
];
