// A number as a spreadsheet shows it under its cell's number format (ECMA-376 Part 1, 18.8.31):
// the sheet's reader keeps the value, but a table's cell is what the reader of the sheet sees
// ("17,500", "436", "4.9%"), not the stored double (17500, 435.84, 0.0489...). Only the number
// formats are done here (digits, grouping, decimals, percent, literals, sections); a format with
// dates, times, fractions, exponents or conditions returns null and the caller keeps its text.

/** One section of a format, split into the literal text around one run of digit placeholders. */
interface NumberSection {
  prefix: string;
  suffix: string;
  /** Digits before the point that always show (`0`), at least one shown when the integer is 0 and none are. */
  minIntegerDigits: number;
  decimals: number;
  grouped: boolean;
  percent: boolean;
  /** Trailing commas after the digits: each divides by 1000. */
  scaleThousands: number;
  /** No digit placeholders: the section is its literal text alone (`"-"` for zero). */
  literalOnly: boolean;
}

/** Splits on `;` outside quotes, escapes and brackets. */
function splitSections(format: string): string[] {
  const sections: string[] = [];
  let current = '';
  let quoted = false;
  let bracket = false;
  for (let i = 0; i < format.length; i++) {
    const char = format[i]!; // i < length
    if (char === '\\' && !quoted) {
      current += char + (format[i + 1] ?? '');
      i++;
      continue;
    }
    if (char === '"') quoted = !quoted;
    else if (char === '[' && !quoted) bracket = true;
    else if (char === ']' && !quoted) bracket = false;
    else if (char === ';' && !quoted && !bracket) {
      sections.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  sections.push(current);
  return sections;
}

/** Reads one section; null when it holds anything this module does not format. */
function parseSection(section: string): NumberSection | null {
  let prefix = '';
  let suffix = '';
  let digits = '';
  let seenDigits = false;
  let percent = false;
  const literal = (text: string): void => {
    if (seenDigits) suffix += text;
    else prefix += text;
  };
  for (let i = 0; i < section.length; i++) {
    const char = section[i]!; // i < length
    if (char === '"') {
      const end = section.indexOf('"', i + 1);
      if (end < 0) return null;
      literal(section.slice(i + 1, end));
      i = end;
    } else if (char === '\\') {
      literal(section[i + 1] ?? '');
      i++;
    } else if (char === '[') {
      const end = section.indexOf(']', i);
      if (end < 0) return null;
      const inside = section.slice(i + 1, end);
      // [$€-1809] writes its currency symbol; a colour ([Red]) writes nothing; a condition or an
      // elapsed-time field is not a plain number format.
      if (inside.startsWith('$')) literal(inside.slice(1).split('-')[0] ?? '');
      else if (/^[<>=]|^[hms]+$/i.test(inside)) return null;
      i = end;
    } else if (char === '_') {
      // Space as wide as the next character (alignment of a closing parenthesis): shown as nothing.
      i++;
    } else if (char === '*') {
      // Fill to the column's width: nothing in text.
      i++;
    } else if ('0#?.,'.includes(char)) {
      if (seenDigits && suffix !== '') {
        // A second run of digit placeholders (a fraction, a phone number) is not formatted here.
        if ('0#?'.includes(char)) return null;
        literal(char);
        continue;
      }
      digits += char;
      seenDigits = true;
    } else if (char === '%') {
      percent = true;
      literal(char);
    } else if (/[eE/]/.test(char) && seenDigits) {
      return null;
    } else if (/[ymdhsAaGg@]/.test(char)) {
      return null;
    } else {
      literal(char);
    }
  }
  if (!seenDigits)
    return {
      prefix,
      suffix,
      minIntegerDigits: 0,
      decimals: 0,
      grouped: false,
      percent,
      scaleThousands: 0,
      literalOnly: true,
    };
  const trailingCommas = /,+$/.exec(digits)?.[0].length ?? 0;
  const body = digits.slice(0, digits.length - trailingCommas);
  const [integer = '', fraction = ''] = body.split('.');
  return {
    prefix,
    suffix,
    minIntegerDigits: (integer.match(/0/g) ?? []).length,
    decimals: fraction.replace(/,/g, '').length,
    grouped: integer.includes(','),
    percent,
    scaleThousands: trailingCommas,
    literalOnly: false,
  };
}

/**
 * |value| rounded to `decimals` places, half away from zero on the value's 15 significant digits,
 * as a spreadsheet rounds (1.005 to 2 places is 1.01, where toFixed gives 1.00).
 */
function roundedDigits(value: number, decimals: number): string {
  const scaled = Number((Math.abs(value) * 10 ** decimals).toPrecision(15));
  const rounded = Math.round(scaled);
  if (!Number.isSafeInteger(rounded)) return Math.abs(value).toFixed(decimals);
  const text = String(rounded).padStart(decimals + 1, '0');
  return decimals === 0 ? text : `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
}

function applySection(section: NumberSection, value: number, signed: boolean): string {
  if (section.literalOnly) return section.prefix;
  let scaled = value;
  if (section.percent) scaled *= 100;
  scaled /= 1000 ** section.scaleThousands;
  const digits = roundedDigits(scaled, section.decimals);
  const [whole = '0', fraction] = digits.split('.');
  let integer = whole.replace(/^0+/, '');
  if (integer.length < section.minIntegerDigits) integer = integer.padStart(section.minIntegerDigits, '0');
  if (section.grouped) integer = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const number = fraction === undefined ? integer : `${integer}.${fraction}`;
  const negative = signed && value < 0 && /[1-9]/.test(digits);
  return `${negative ? '-' : ''}${section.prefix}${number === '' ? '0' : number}${section.suffix}`;
}

/**
 * `value` as shown under the number format `format` (a format code such as `#,##0.0` or
 * `0.0%;[Red]-0.0%`), or null when the format is General, not a number format (dates, times,
 * fractions, exponents, conditions), or not understood.
 */
export function formatNumber(value: number, format: string | undefined): string | null {
  if (format === undefined || format.trim() === '' || /^general$/i.test(format.trim())) return null;
  if (!Number.isFinite(value)) return null;
  const sections = splitSections(format);
  // Positive; negative (written without its sign: the section shows it, e.g. in parentheses); zero; text.
  const pick = value > 0 || sections.length === 1 ? 0 : value < 0 ? 1 : sections.length > 2 ? 2 : 0;
  const parsed = parseSection(sections[pick] ?? '');
  if (parsed === null) return null;
  return applySection(parsed, value, pick !== 1);
}
