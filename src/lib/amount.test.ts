import { expect, test } from 'vitest';
import { cleanAmount, typedAmount } from './amount';

test("amount fields keep digits, one point and the currency's decimals", () => {
  expect(cleanAmount('12.3456789', 6)).toBe('12.345678');
  expect(cleanAmount('1,5', 2)).toBe('1.5');
  expect(cleanAmount('1.2.3', 4)).toBe('1.23');
  expect(cleanAmount('abc-7', 2)).toBe('7');
  expect(cleanAmount('007.10', 2)).toBe('7.10');
  expect(cleanAmount('5.5', 0)).toBe('5'); // never 55: dropping the point must not multiply the amount
  expect(cleanAmount('.5', 2)).toBe('.5');
});

test('a typed amount is any positive plain decimal; its steps are checked after', () => {
  expect(typedAmount('95000.123')?.toFixed()).toBe('95000.123');
  expect(typedAmount(' 0.5 ')?.toFixed()).toBe('0.5');
  expect(typedAmount('')).toBeNull();
  expect(typedAmount('.')).toBeNull();
  expect(typedAmount('0')).toBeNull();
  expect(typedAmount('1e3')).toBeNull();
});
