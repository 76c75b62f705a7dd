import { describe, expect, it } from 'vitest';
import { formatNumber } from './number-format.js';

describe('a number as its cell format shows it', () => {
  it('groups thousands and rounds half away from zero to the format places', () => {
    expect(formatNumber(17500, '#,##0')).toBe('17,500');
    expect(formatNumber(435.84, '#,##0')).toBe('436');
    expect(formatNumber(4499.5, '#,##0')).toBe('4,500');
    expect(formatNumber(1.005, '0.00')).toBe('1.01');
    expect(formatNumber(4.8899075530323381, '0.0')).toBe('4.9');
    expect(formatNumber(0.4, '#,##0')).toBe('0');
    expect(formatNumber(0.25, '#.00')).toBe('.25');
    expect(formatNumber(1234567.891, '#,##0.00')).toBe('1,234,567.89');
  });

  it('writes percent, literals, currency brackets and scaling commas', () => {
    expect(formatNumber(0.0489, '0.0%')).toBe('4.9%');
    expect(formatNumber(12, '"€"#,##0')).toBe('€12');
    expect(formatNumber(1234, '[$€-1809]#,##0.00')).toBe('€1,234.00');
    expect(formatNumber(1234567, '#,##0,"K"')).toBe('1,235K');
    expect(formatNumber(5, '0\\ "pts"')).toBe('5 pts');
  });

  it('takes the negative and zero sections as written, the sign from the value otherwise', () => {
    expect(formatNumber(-1234, '#,##0')).toBe('-1,234');
    expect(formatNumber(-1234, '#,##0_);[Red](#,##0)')).toBe('(1,234)');
    expect(formatNumber(0, '#,##0;-#,##0;"-"')).toBe('-');
    expect(formatNumber(-0.004, '0.00')).toBe('0.00');
  });

  it('leaves General, dates, times, fractions, exponents and conditions to the caller', () => {
    for (const format of ['General', '', 'mm-dd-yy', 'h:mm', '# ?/?', '0.00E+00', '[>100]0;0', '[h]:mm', '@'])
      expect(formatNumber(1.5, format)).toBeNull();
    expect(formatNumber(1.5, undefined)).toBeNull();
  });
});
