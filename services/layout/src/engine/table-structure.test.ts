import type { Word } from '@folio/proto/documents/v1';
import { describe, expect, it } from 'vitest';
import { buildTableHtml, completeGridHtml, labelValueTableHtml } from './table-structure.js';

/** A word 8 px per character wide and 12 px high on line `lineIndex`. */
function cellWord(text: string, left: number, top: number, lineIndex: number): Word {
  return { text, bbox: { left, top, width: 8 * text.length, height: 12 }, confidence: 1, blockIndex: 0, lineIndex };
}

/** Words of a row: [text, left] pairs, words split on spaces 4 px apart. */
function row(top: number, lineIndex: number, cells: [string, number][]): Word[] {
  return cells.flatMap(([text, left]) => {
    let x = left;
    return text.split(' ').map((t) => {
      const w = cellWord(t, x, top, lineIndex);
      x += 8 * t.length + 4;
      return w;
    });
  });
}

describe('buildTableHtml', () => {
  it('finds columns from whitespace across rows and marks a text header over numbers as <th>', () => {
    const words = [
      ...row(100, 0, [
        ['Region', 100],
        ['Sales 2023', 250],
        ['Sales 2024', 400],
      ]),
      ...row(120, 1, [
        ['North', 100],
        ['1,200', 250],
        ['1,350', 400],
      ]),
      ...row(140, 2, [
        ['South east', 100],
        ['800', 250],
        ['950', 400],
      ]),
    ];
    expect(buildTableHtml(words)).toBe(
      '<table><thead><tr><th>Region</th><th>Sales 2023</th><th>Sales 2024</th></tr></thead><tbody>' +
        '<tr><td>North</td><td>1,200</td><td>1,350</td></tr><tr><td>South east</td><td>800</td><td>950</td></tr></tbody></table>',
    );
  });

  it('gives a cell spanning two columns a colspan and leaves missing cells empty', () => {
    const words = [
      ...row(100, 0, [
        ['Item', 100],
        ['Price in euro and dollar', 250],
      ]),
      ...row(120, 1, [
        ['Tea', 100],
        ['3', 250],
        ['4', 400],
      ]),
      ...row(140, 2, [
        ['Cake', 100],
        ['5', 400],
      ]),
      ...row(160, 3, [
        ['Milk', 100],
        ['2', 250],
        ['3', 400],
      ]),
    ];
    expect(buildTableHtml(words)).toBe(
      '<table><thead><tr><th>Item</th><th colspan="2">Price in euro and dollar</th></tr></thead><tbody>' +
        '<tr><td>Tea</td><td>3</td><td>4</td></tr><tr><td>Cake</td><td></td><td>5</td></tr>' +
        '<tr><td>Milk</td><td>2</td><td>3</td></tr></tbody></table>',
    );
  });

  it('spans a heading over the column group it is centred on, and keeps the columns of a group with no figures', () => {
    // Two groups of two columns, 'Sold' over 250 and 330, 'Rented' over 410 and 490; nobody rented.
    const body = (top: number, line: number, name: string, a: string, b: string): Word[] =>
      row(top, line, [
        [name, 100],
        [a, 250],
        [b, 330],
      ]);
    const words = [
      ...row(100, 0, [
        ['Sold', 282],
        ['Rented', 442],
      ]),
      ...row(120, 1, [
        ['Shop', 100],
        ['New', 250],
        ['Used', 330],
        ['New', 410],
        ['Used', 490],
      ]),
      ...body(140, 2, 'North', '12', '7'),
      ...body(160, 3, 'South', '9', '3'),
      ...body(180, 4, 'East', '4', '1'),
    ];
    const html = buildTableHtml(words);
    expect(html).toContain('<tr><td></td><td colspan="2">Sold</td><td colspan="2">Rented</td></tr>');
    expect(html).toContain('<tr><td>Shop</td><td>New</td><td>Used</td><td>New</td><td>Used</td></tr>');
    expect(html).toContain('<tr><td>North</td><td>12</td><td>7</td><td></td><td></td></tr>');
  });

  it('merges the wrapped line of a multi-line cell into its row and uses a bold first row as header', () => {
    const words = [
      ...row(100, 0, [
        ['Name', 100],
        ['Notes', 250],
      ]),
      ...row(120, 1, [
        ['Ann', 100],
        ['first line', 250],
      ]),
      ...row(134, 2, [['second line', 250]]),
      ...row(160, 3, [
        ['Bob', 100],
        ['short', 250],
      ]),
    ];
    expect(buildTableHtml(words, { firstRowBold: true })).toBe(
      '<table><thead><tr><th>Name</th><th>Notes</th></tr></thead><tbody>' +
        '<tr><td>Ann</td><td>first line second line</td></tr><tr><td>Bob</td><td>short</td></tr></tbody></table>',
    );
  });

  it('keeps lines whose figures stand under figures as rows of their own, though set as tight as wrapped lines', () => {
    const words = [
      ...row(100, 0, [
        ['Doc', 100],
        ['Name', 200],
        ['Amount', 400],
      ]),
      ...row(120, 1, [
        ['Ann Lee', 200],
        ['37,499.96', 400],
      ]),
      ...row(134, 2, [
        ['Bob Ray', 200],
        ['446.87', 400],
      ]),
      ...row(160, 3, [
        ['D2', 100],
        ['Citibank', 200],
        ['920.68', 400],
      ]),
    ];
    expect(buildTableHtml(words, { firstRowBold: true })).toContain(
      '<tr><td></td><td>Ann Lee</td><td>37,499.96</td></tr><tr><td></td><td>Bob Ray</td><td>446.87</td></tr>',
    );
  });

  it('keeps short labels spread under a heading centred over them as a row of sub-headings, not a wrapped line', () => {
    const words = [
      ...row(100, 0, [
        ['No.', 100],
        ['SERVICE DATES', 250],
        ['Amount', 450],
      ]),
      ...row(114, 1, [
        ['START', 240],
        ['END', 320],
      ]),
      ...row(140, 2, [
        ['A1', 100],
        ['03/04', 240],
        ['03/06', 320],
        ['920.68', 450],
      ]),
    ];
    const html = buildTableHtml(words, { firstRowBold: true });
    expect(html).toContain('<th colspan="2">SERVICE DATES</th>');
    expect(html).toContain('<tr><td></td><td>START</td><td>END</td><td></td></tr>');
  });

  it('reads a ruled table from its rules though its row labels stand between the lines of their rows', () => {
    // Two groups of three figure rows, each labelled by a three-line label set half a line off the
    // figures; rules around every figure row and between the columns.
    const values = (top: number, index: number): Word[] =>
      row(top, index, [
        ['Low', 200],
        ['5%', 300],
      ]);
    const label = (top: number, index: number, text: string): Word[] => row(top, index, [[text, 100]]);
    const words = [
      ...row(100, 0, [
        ['Group', 100],
        ['Level', 200],
        ['Share', 300],
      ]),
      ...[0, 1].flatMap((group) => {
        const top = 120 + 60 * group;
        return [
          ...values(top, 1),
          ...values(top + 20, 2),
          ...values(top + 40, 3),
          ...label(top + 8, 4, `Per${group}`),
          ...label(top + 28, 5, 'cycle'),
          ...label(top + 48, 6, 'fuel'),
        ];
      }),
    ];
    const box = { left: 90, top: 96, width: 300, height: 140 };
    const ys = [96, 117, 137, 157, 177, 197, 217, 236];
    const rules = [
      ...ys.map((y) => ({ left: 90, top: y, width: 300, height: 1 })),
      ...[90, 190, 290, 390].map((x) => ({ left: x, top: 96, width: 1, height: 140 })),
    ];
    const html = buildTableHtml(words, { ruled: { rules, box } });
    expect(html.match(/<tr>/g)).toHaveLength(ys.length - 1);
  });

  it('parts columns set closer than a line height when the words of a cell sit much closer', () => {
    // Dates and payment types 10 px apart (0.83 line heights), names' words 4 px apart.
    const names = [
      'JUAN MARTIN',
      'MATIAS ROJO',
      'ANA MARIA',
      'LUIS PAZ',
      'EVA LUZ',
      'JOSE LUIS',
      'RUTH ANN',
      'MARIA SOL',
    ];
    const words = names.flatMap((name, index) =>
      row(100 + 20 * index, index, [
        [name, 100],
        ['09/10/2013', 200],
        ['EFECTIVO', 290],
      ]),
    );
    expect(buildTableHtml(words)).toContain('<tr><td>JUAN MARTIN</td><td>09/10/2013</td><td>EFECTIVO</td></tr>');
  });

  it('parts right-aligned columns of figures whose gutter is narrower than a word gap elsewhere', () => {
    // Two figure columns: the first right-aligned to x 130, the second starting 5 px later in one row.
    const figures: [string, string][] = [
      ['1', '-100.0'],
      ['13', '7.7'],
      ['100', '-15.0'],
      ['116', '-12.1'],
    ];
    const words = figures.flatMap(([count, change], index) =>
      row(100 + 20 * index, index, [
        [`Crime${index}`, 10],
        [count, 130 - 8 * count.length],
        [change, 135 + 8 * (6 - change.length)],
      ]),
    );
    expect(buildTableHtml(words)).toContain('<tr><td>Crime0</td><td>1</td><td>-100.0</td></tr>');
  });

  it('parts right-aligned figures a word space apart under a title that runs across the columns', () => {
    // The first column ends at x 130 in every row; the second's widest figure starts a word space
    // (4 px) after it; a title and a heading phrase cross the gutter.
    const figures: [string, string][] = [
      ['1', '-100.0'],
      ['13', '7.7'],
      ['100', '-15.0'],
      ['116', '-12.1'],
      ['7', '-46.2'],
    ];
    const words = [
      ...row(60, 0, [['Crime complaints reported this week', 10]]),
      ...row(80, 1, [
        ['Count', 90],
        ['% Chg', 150],
      ]),
      ...figures.flatMap(([count, change], index) =>
        row(100 + 20 * index, index + 2, [
          [`Crime${index}`, 10],
          [count, 130 - 8 * count.length],
          [change, 134 + 8 * (6 - change.length)],
        ]),
      ),
    ];
    const html = buildTableHtml(words);
    expect(html).toContain('<tr><td>Crime0</td><td>1</td><td>-100.0</td></tr>');
    expect(html).toContain('<tr><td>Crime4</td><td>7</td><td>-46.2</td></tr>');
    expect(html).toContain('<th colspan="3">Crime complaints reported this week</th>');
  });

  it('drops leader dots and gives a wrapped label with a hanging indent to the row of its figures', () => {
    // "Other taxes ........ 2,656" closes its label with leader dots; "Federal, State and other"
    // under it is the first line of the next label, whose second line is indented.
    const dots = (left: number, top: number, lineIndex: number, count: number): Word[] =>
      Array.from({ length: count }, (_, index) => cellWord('.', left + 12 * index, top, lineIndex));
    const words = [
      ...row(100, 0, [['Real estate taxes.', 10]]),
      ...dots(162, 100, 0, 6),
      ...row(100, 0, [
        ['18,969', 250],
        ['18,157', 350],
      ]),
      ...row(114, 1, [
        ['Other taxes', 10],
        ['........', 110],
        ['2,656', 258],
        ['2,385', 358],
      ]),
      ...row(128, 2, [['Federal, State and other', 10]]),
      ...row(142, 3, [
        ['categorical aid', 22],
        ['21,159', 250],
        ['19,868', 350],
      ]),
    ];
    const html = buildTableHtml(words);
    expect(html).toContain('<tr><td>Real estate taxes</td><td>18,969</td><td>18,157</td></tr>');
    expect(html).toContain('<tr><td>Other taxes</td><td>2,656</td><td>2,385</td></tr>');
    expect(html).toContain('<tr><td>Federal, State and other categorical aid</td><td>21,159</td><td>19,868</td></tr>');
  });

  it('gives a label of two lines the figures set between them, centred on the label', () => {
    // The figures of "Between-state income inequality (Gini index)" stand half a line under its
    // first line, level with neither line of the label.
    const words = [
      ...row(100, 0, [
        ['Median household income', 10],
        ['$49,497', 300],
        ['$51,295', 400],
      ]),
      ...row(124, 1, [['Between-state income inequality (Gini', 10]]),
      ...row(131, 2, [
        ['0.0628', 300],
        ['0.0636', 400],
      ]),
      ...row(138, 3, [['index)', 10]]),
      ...row(162, 4, [
        ['Premature mortality', 10],
        ['7108.3', 300],
        ['6960.6', 400],
      ]),
    ];
    const html = buildTableHtml(words);
    expect(html).toContain(
      '<tr><td>Between-state income inequality (Gini index)</td><td>0.0628</td><td>0.0636</td></tr>',
    );
    expect(html).toContain('<tr><td>Premature mortality</td><td>7108.3</td><td>6960.6</td></tr>');
  });

  it('keeps figures whose thousands are grouped with a space whole', () => {
    // A space of 5 px (0.4 line heights) before the last three digits, at the same x in every row.
    const words = ['98 452', '12 301', '7 118', '45 009'].flatMap((figure, index) => {
      const [thousands, units] = figure.split(' ') as [string, string];
      const top = 100 + 20 * index;
      return [
        cellWord(`State${index}`, 10, top, index),
        cellWord(thousands, 121 - 5 - 8 * thousands.length, top, index),
        cellWord(units, 121, top, index),
      ];
    });
    expect(buildTableHtml(words)).toContain('<tr><td>State0</td><td>98 452</td></tr>');
  });

  it('gives up on text that is not a grid (one column or one row)', () => {
    expect(buildTableHtml(row(100, 0, [['just one line of words', 100]]))).toBe('');
    expect(buildTableHtml([...row(100, 0, [['one', 100]]), ...row(120, 1, [['column', 100]])])).toBe('');
  });

  it('joins the wrapped lines of a row label into one cell, wherever the figures stand', () => {
    const words = [
      ...row(100, 0, [
        ['Group', 100],
        ['Count', 300],
        ['Share', 400],
      ]),
      // Figures on the label's first line, the label wrapped over two more lines.
      ...row(120, 1, [
        ['Content standards', 100],
        ['12', 300],
        ['40%', 400],
      ]),
      ...row(134, 2, [['taught and', 100]]),
      ...row(148, 3, [['assessed', 100]]),
      // Figures on the label's last line.
      ...row(170, 4, [['Households with', 100]]),
      ...row(184, 5, [
        ['children under 18', 100],
        ['18', 300],
        ['60%', 400],
      ]),
      // A heading ending in ':' stays a row of its own.
      ...row(206, 6, [['Income:', 100]]),
      ...row(220, 7, [
        ['Wages', 100],
        ['7', 300],
        ['9%', 400],
      ]),
    ];
    expect(buildTableHtml(words)).toBe(
      '<table><thead><tr><th>Group</th><th>Count</th><th>Share</th></tr></thead><tbody>' +
        '<tr><td>Content standards taught and assessed</td><td>12</td><td>40%</td></tr>' +
        '<tr><td>Households with children under 18</td><td>18</td><td>60%</td></tr>' +
        '<tr><td>Income:</td><td></td><td></td></tr>' +
        '<tr><td>Wages</td><td>7</td><td>9%</td></tr></tbody></table>',
    );
  });
});

describe('labelValueTableHtml', () => {
  const entries: [string, string][] = [
    ['Developer', 'many people'],
    ['Latest release', '4.7.2'],
    ['Kernel', 'monolithic kernel'],
    ['Platforms', 'DEC Alpha, ARC, ARM'],
    ['Licence', 'GPLv2 and others'],
  ];

  it('reads labels and their values as a two-column table, a wrapped value joining its row', () => {
    // Rows 20 px apart; the value of 'Platforms' wraps onto a line of its own under it.
    const tops = [100, 120, 140, 160, 200];
    const words = entries.flatMap(([label, value], index) =>
      row(tops[index]!, index, [
        [label, 100],
        [value, 260],
      ]),
    );
    words.push(...row(180, entries.length, [['Blackfin, C6x', 260]]));
    expect(labelValueTableHtml(words)).toBe(
      '<table><tbody><tr><td>Developer</td><td>many people</td></tr><tr><td>Latest release</td><td>4.7.2</td></tr>' +
        '<tr><td>Kernel</td><td>monolithic kernel</td></tr><tr><td>Platforms</td><td>DEC Alpha, ARC, ARM Blackfin, C6x</td></tr>' +
        '<tr><td>Licence</td><td>GPLv2 and others</td></tr></tbody></table>',
    );
  });

  it('leaves a bulleted or numbered list, and labels too long to be labels, as text', () => {
    const listOf = (marker: (index: number) => string): Word[] =>
      entries.flatMap(([, value], index) =>
        row(100 + 20 * index, index, [
          [marker(index), 100],
          [value, 160],
        ]),
      );
    expect(labelValueTableHtml(listOf(() => '•'))).toBeNull();
    expect(labelValueTableHtml(listOf((index) => `${index + 1}.`))).toBeNull();
    const long = entries.flatMap(([label, value], index) =>
      row(100 + 20 * index, index, [
        [`${label} of this very project`, 100],
        [value, 400],
      ]),
    );
    expect(labelValueTableHtml(long)).toBeNull();
  });
});

describe('completeGridHtml', () => {
  // Three columns ruled at x 90, 290, 390, 490; rules under the header and around each band.
  const columns = [90, 290, 390, 490].map((x) => ({ left: x, top: 96, width: 1, height: 104 }));
  const ruled = (ys: number[]) => ({
    rules: [...ys.map((y) => ({ left: 90, top: y, width: 400, height: 1 })), ...columns],
    box: { left: 90, top: 96, width: 400, height: 104 },
  });
  const header = row(100, 0, [
    ['Film', 100],
    ['Info', 300],
    ['Fri', 400],
  ]);

  it('reads a ruled table whose cells wrap over two lines one row per band', () => {
    const words = [
      ...header,
      ...row(120, 1, [
        ['Taxi Teheran', 100],
        ['86 min', 300],
        ['19:00', 400],
      ]),
      ...row(134, 2, [['Dieselkino Kultur', 100]]),
      ...row(160, 3, [
        ['Gallows', 100],
        ['ab 16 J.', 300],
        ['21:00', 400],
      ]),
      // A time under a time: whitespace alone takes it for the next row.
      ...row(174, 4, [
        ['81 min', 300],
        ['23:30', 400],
      ]),
    ];
    const html = completeGridHtml(words, { ruled: ruled([96, 116, 156, 196]) });
    expect(html).toContain('<tr><td>Taxi Teheran Dieselkino Kultur</td><td>86 min</td><td>19:00</td></tr>');
    expect(html).toContain('<tr><td>Gallows</td><td>ab 16 J. 81 min</td><td>21:00 23:30</td></tr>');
  });

  // Two bands of sentences wrapped over three and four lines, as a slide's table sets them.
  const sentences = (top: number, first: number): Word[] => [
    ...row(top, first, [
      ['Formalizing and', 100],
      ['Required', 300],
      ['Unique inter-', 400],
    ]),
    ...row(top + 12, first + 1, [
      ['reinforcing', 100],
      ['professional', 300],
      ['and intra-', 400],
    ]),
    ...row(top + 24, first + 2, [
      ['changes to', 100],
      ['development.', 300],
      ['disciplinary', 400],
    ]),
    ...row(top + 36, first + 3, [['roles.', 100]]),
  ];

  // Rules under the header and each band of sentences, the column rules down to the last.
  const sentenceRules = [96, 116, 170, 224].map((y) => ({ left: 90, top: y, width: 400, height: 1 }));
  const tallColumns = [90, 290, 390, 490].map((x) => ({ left: x, top: 96, width: 1, height: 128 }));
  const gridBox = { left: 90, top: 96, width: 400, height: 128 };

  it('reads bands of sentences wrapped over several lines as one row each', () => {
    const words = [...header, ...sentences(120, 1), ...sentences(174, 5)];
    const html = completeGridHtml(words, { ruled: { rules: [...sentenceRules, ...tallColumns], box: gridBox } });
    expect(html).toContain(
      '<tr><td>Formalizing and reinforcing changes to roles.</td><td>Required professional development.</td>' +
        '<td>Unique inter- and intra- disciplinary</td></tr>',
    );
    expect(html?.match(/<tr>/g)).toHaveLength(3);
  });

  it('reads such bands from the rules when a title row spans the grid', () => {
    const title = row(84, 0, [['Faculty as Key Allies', 200]]);
    const titleRule = { left: 90, top: 80, width: 400, height: 1 };
    const words = [...title, ...header, ...sentences(120, 1), ...sentences(174, 5)];
    const html = buildTableHtml(words, {
      ruled: { rules: [titleRule, ...sentenceRules, ...tallColumns], box: { ...gridBox, top: 80, height: 144 } },
    });
    expect(html).toContain('<td colspan="3">Faculty as Key Allies</td>');
    expect(html).toContain('<td>Formalizing and reinforcing changes to roles.</td>');
    expect(html.match(/<tr>/g)).toHaveLength(4);
  });

  it('keeps records ruled together in groups, their labels one a line beside wrapped text, apart', () => {
    // Labels that each open a record ("Stationary:", "Major", "Area"), the definitions beside
    // them wrapped in lower case: the band holds two records.
    const group = (top: number, first: number): Word[] => [
      ...row(top, first, [['Stationary:', 100]]),
      ...row(top + 12, first + 1, [
        ['Major', 100],
        ['Emissions of', 300],
        ['Utilities,', 400],
      ]),
      ...row(top + 24, first + 2, [
        ['Area', 100],
        ['more of any', 300],
        ['refineries', 400],
      ]),
      ...row(top + 36, first + 3, [
        ['less than', 300],
        ['dry cleaners', 400],
      ]),
    ];
    const words = [...header, ...group(120, 1), ...group(174, 5)];
    expect(completeGridHtml(words, { ruled: { rules: [...sentenceRules, ...tallColumns], box: gridBox } })).toBeNull();
  });

  it('leaves a table ruled only under its header, records one under another, to the model', () => {
    const records = [0, 1, 2].flatMap((index) =>
      row(120 + 16 * index, 1 + index, [
        [`Film${index}`, 100],
        [`${90 + index} min`, 300],
        [`2${index}:00`, 400],
      ]),
    );
    expect(completeGridHtml([...header, ...records], { ruled: ruled([96, 116, 196]) })).toBeNull();
  });
});
