import Decimal from 'decimal.js';

/**
 * The one decimal helper, for every amount that is stored, charged or settled
 * (decimal.js; plain numbers only for display-only hot paths such as price ticks).
 * Amounts travel as strings with their currency's number of decimals.
 */
export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_DOWN, toExpNeg: -40, toExpPos: 40 });
export type Money = Decimal;
/** What an amount may be given as: a decimal, its text, or a number. */
export type MoneyValue = Decimal.Value;

export const ZERO = new Money(0);

/** A plain decimal amount: digits, an optional point and more digits, nothing else. */
const AMOUNT = /^(0|[1-9][0-9]{0,20})(\.[0-9]{1,30})?$/;

/** Reads an amount a user typed; null when it is not a positive number with at most `decimals` places. */
export function parseAmount(text: string, decimals: number): Money | null {
  const trimmed = text.trim();
  if (!AMOUNT.test(trimmed)) return null;
  const value = new Money(trimmed);
  if (value.lte(0) || value.decimalPlaces() > decimals) return null;
  return value;
}

/** Cuts an amount down to `decimals` places (never rounds up: nobody is paid a fraction too much). */
export function floor(value: MoneyValue, decimals: number): Money {
  return new Money(value).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
}

/** The canonical text of an amount at its currency's precision. */
export function text(value: MoneyValue, decimals: number): string {
  return new Money(value).toFixed(decimals, Decimal.ROUND_DOWN);
}

export function sum(values: Iterable<MoneyValue>): Money {
  let total = ZERO;
  for (const value of values) total = total.plus(value);
  return total;
}
