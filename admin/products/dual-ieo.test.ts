import { expect, test } from 'vitest';
import { aprFraction, fromLocalInput, hoursAhead, isLink, isPositiveDecimal, percentOf, toLocalInput, wholeIn } from './dual-ieo';

test('a datetime-local value is local time to the minute, and back', () => {
  const time = new Date(2026, 10, 28, 14, 30).getTime();
  expect(toLocalInput(time)).toBe('2026-11-28T14:30');
  expect(fromLocalInput('2026-11-28T14:30')).toBe(time);
  expect(fromLocalInput(toLocalInput(time + 59_000))).toBe(time);
  for (const empty of ['', '2026-11-28', '28/11/2026 14:30', 'tomorrow']) expect(fromLocalInput(empty), empty).toBeNull();
  expect(hoursAhead(Date.UTC(2026, 10, 28, 9, 57), 24)).toBe(Date.UTC(2026, 10, 29, 10, 0));
});

test('figures as the forms check them before sending', () => {
  expect(isPositiveDecimal('0.01', 8)).toBe(true);
  expect(isPositiveDecimal('100', 0)).toBe(true);
  for (const refused of ['0', '0.000', '-1', '1e3', '1,000', '0.123456789', '', ' . ']) expect(isPositiveDecimal(refused, 8), refused).toBe(false);
  expect(wholeIn('7', 1, 365)).toBe(7);
  for (const refused of ['0', '366', '1.5', '-3', '']) expect(wholeIn(refused, 1, 365), refused).toBeNull();
});

test('the APR is typed as a percent and sent as a fraction, exactly', () => {
  expect(aprFraction('36.5')).toBe('0.365');
  expect(aprFraction('0.01')).toBe('0.0001');
  expect(aprFraction('1000')).toBe('10');
  for (const refused of ['0', 'abc', '-5', '']) expect(aprFraction(refused), refused).toBeNull();
  expect(percentOf('0.365')).toBe('36.5');
  expect(percentOf('0.06')).toBe('6');
});

test('links are https:// without spaces, quotes or brackets', () => {
  expect(isLink('https://example.com/white-paper.pdf')).toBe(true);
  for (const refused of ['http://example.com', 'https://exa mple.com', 'javascript:alert(1)', 'https://"x', `https://example.com/${'a'.repeat(300)}`]) expect(isLink(refused), refused).toBe(false);
});
