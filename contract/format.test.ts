import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BCP47, LANGUAGES } from './languages';
import { directionOf, formatAmount, formatChange, formatCompact, formatFixed, formatSigned } from './format';

describe('the number formatter', () => {
  // It writes numbers itself (a phone's first Intl.NumberFormat is slow to make): every output is Intl's.
  const intl = (language: (typeof LANGUAGES)[number], decimals: number, value: number | string) =>
    new Intl.NumberFormat(BCP47[language], { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value as number);

  test('writes every number as Intl.NumberFormat does, in every language: rounding, grouping, marks, the sign', () => {
    const values = fc.oneof(
      fc.double({ min: -1e15, max: 1e15, noNaN: true, noDefaultInfinity: true }),
      fc.integer({ min: -10_000_000, max: 10_000_000 }).map((n) => n / 1000),
      // Exact halves at the rounding place, the hard case: 1.005, 2.675, 0.125.
      fc.tuple(fc.integer({ min: -99_999, max: 99_999 }), fc.integer({ min: 0, max: 6 })).map(([n, places]) => Number(`${n}5e-${places + 1}`)),
      fc.constantFrom(0, -0, 0.5, 1.005, 2.675, 999.995, 9999.5, 12345.5, 1234567.891, 0.000022, 96006.8),
    );
    fc.assert(
      fc.property(fc.constantFrom(...LANGUAGES), fc.integer({ min: 0, max: 8 }), values, (language, decimals, value) => {
        expect(formatFixed(value, decimals, language)).toBe(intl(language, decimals, value));
      }),
      { numRuns: 4000 },
    );
  });

  test('writes decimal texts from the server as Intl does, exactly', () => {
    const texts = fc
      .tuple(fc.constantFrom('', '-', '+'), fc.stringMatching(/^(0|[1-9][0-9]{0,17})$/), fc.stringMatching(/^[0-9]{0,12}$/))
      .map(([sign, whole, fraction]) => `${sign}${whole}${fraction ? `.${fraction}` : ''}`);
    fc.assert(
      fc.property(fc.constantFrom(...LANGUAGES), texts, (language, text) => {
        const written = text.split('.')[1] ?? '';
        const decimals = Math.max(written.replace(/0+$/u, '').length, Math.min(2, written.length));
        const expected = intl(language, decimals, text.replace(/^\+/, ''));
        expect(formatAmount(text, language)).toBe(text.startsWith('+') ? `+${expected}` : expected);
      }),
      { numRuns: 3000 },
    );
  });

  test('compact figures follow spec 9: M above a million, K above a thousand, else four decimals', () => {
    expect(formatCompact(17_137_056_561.57, 'en')).toBe('17.1B');
    expect(formatCompact(5_394_155_700_000, 'en')).toBe('5.4T');
    expect(formatCompact(999_999_999, 'en')).toBe('1,000.0M');
    expect(formatCompact(1_000_001, 'en')).toBe('1.0M');
    expect(formatCompact(1_000_000, 'en')).toBe('1,000.0K');
    expect(formatCompact(176_100.14, 'en')).toBe('176.1K');
    expect(formatCompact(1000, 'en')).toBe('1,000.0000');
    expect(formatCompact(0.12345, 'en')).toBe('0.1235');
  });

  test('prices keep their precision and the language grouping', () => {
    expect(formatFixed(96006.8, 2, 'en')).toBe('96,006.80');
    expect(formatFixed(0.000022, 8, 'en')).toBe('0.00002200');
    expect(formatFixed(96006.8, 2, 'fra')).toMatch(/^96\s006,80$/u);
    expect(formatFixed(Number.NaN, 2, 'en')).toBe('--');
  });

  test('amounts from the server keep every meaningful digit, at least two decimals, and gain the language grouping', () => {
    expect(formatAmount('1000000', 'en')).toBe('1,000,000');
    expect(formatAmount('12345678901234567.12345678', 'en')).toBe('12,345,678,901,234,567.12345678');
    expect(formatAmount('0.10000000', 'en')).toBe('0.10');
    expect(formatAmount('0.00199900', 'en')).toBe('0.001999');
    expect(formatAmount('0.956447', 'en')).toBe('0.956447');
    expect(formatAmount('0.00000001', 'en')).toBe('0.00000001');
    expect(formatAmount('-2.5', 'en')).toBe('-2.5');
    expect(formatAmount('+1250.000000', 'en')).toBe('+1,250.00');
    expect(formatAmount('9999.99', 'fra')).toMatch(/^9\s999,99$/u);
    expect(formatAmount('--', 'en')).toBe('--');
  });

  test('a profit or loss carries its sign; what rounds to zero carries none', () => {
    expect(formatSigned(1234.5, 2, 'en')).toBe('+1,234.50');
    expect(formatSigned(-0.2, 2, 'en')).toBe('-0.20');
    expect(formatSigned(-0.001, 2, 'en')).toBe('0.00');
    expect(formatSigned(0, 2, 'en')).toBe('0.00');
    expect(formatSigned(Number.NaN, 2, 'en')).toBe('--');
    expect(formatSigned(-1234.5, 2, 'fra')).toMatch(/^-1\s234,50$/u);
  });

  test('changes are signed percents; the sign picks the colour', () => {
    expect(formatChange(1.234, 'en')).toBe('+1.23%');
    expect(formatChange(-0.5, 'en')).toBe('-0.50%');
    expect(formatChange(0, 'en')).toBe('0.00%');
    expect([directionOf(2), directionOf(-1), directionOf(0)]).toEqual(['up', 'down', 'flat']);
  });
});
