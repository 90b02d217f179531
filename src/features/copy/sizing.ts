import { Money } from '../../../contract/money';
import { marginOf } from '../../../contract/trading';

export type FollowMode = 'multiple' | 'lots';

/** Decimals a multiple keeps (spec 5; the contract's FollowNumberField allows two). */
export const MULTIPLE_DECIMALS = 2;

/**
 * What the multiple field keeps of what is typed: digits and one decimal point; past two
 * decimals the number is rounded to two (spec 5: a ratio above 1 that is not whole is
 * rounded to 2 decimals), so a pasted 1.256 reads 1.26 rather than being cut to 1.25.
 */
export function typedMultiple(typed: string): string {
  let text = typed.replace(/,/g, '.').replace(/[^0-9.]/g, '');
  const point = text.indexOf('.');
  if (point >= 0) text = `${text.slice(0, point + 1)}${text.slice(point + 1).replace(/\./g, '')}`;
  text = text.replace(/^0+(?=\d)/, '');
  const decimals = point >= 0 ? text.length - text.indexOf('.') - 1 : 0;
  if (decimals <= MULTIPLE_DECIMALS) return text;
  return new Money(text).toDecimalPlaces(MULTIPLE_DECIMALS, Money.ROUND_HALF_UP).toFixed();
}

/** What the lots field keeps: a whole number. */
export function typedLots(typed: string): string {
  return typed.replace(/[^0-9]/g, '').replace(/^0+(?=\d)/, '');
}

/**
 * The lots a copy takes for a trader's `traderLots` (as the server's copyLots,
 * server/copy/desk.ts): the fixed number of lots, or the multiple of the trader's lots
 * rounded down to whole lots.
 */
export function copyLots(mode: FollowMode, number: string, traderLots: number): number {
  if (mode === 'lots') return Number(number);
  return new Money(traderLots).times(number).toDecimalPlaces(0, Money.ROUND_DOWN).toNumber();
}

/** A copy's margin and opening fee at `price` (as the contract desk's openingCost): price × lot size × lots / leverage, and the fee on the notional. */
export function copyCost(input: { lots: number; lotSize: string; price: string; multiple: number; feeRate: string }): { margin: Money; fee: Money } {
  const quantity = new Money(input.lotSize).times(input.lots);
  return { margin: marginOf(input.price, quantity, input.multiple), fee: new Money(input.price).times(quantity).times(input.feeRate) };
}

/** Whether `number` is a valid value for `mode` within the rules' range. */
export function numberInRange(mode: FollowMode, number: string, rules: { multiple_min: string; multiple_max: string; lots_min: number; lots_max: number }): boolean {
  if (!/^\d+(\.\d{1,2})?$/.test(number)) return false;
  const value = new Money(number);
  if (mode === 'multiple') return value.gte(rules.multiple_min) && value.lte(rules.multiple_max);
  return value.isInteger() && value.gte(rules.lots_min) && value.lte(rules.lots_max);
}

/** The end of a stop date (a yyyy-mm-dd of the date field) in local time: the next midnight, in ms. */
export function stopTimeOf(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + 1).getTime();
}

/** The date field's value for a stop time (the day it ends). */
export function stopDateOf(time: number): string {
  const day = new Date(time - 1);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}
