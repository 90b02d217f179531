import { parseAmount, type Money } from '../../contract/money';

/** What an amount field keeps of what is typed: digits, one point, at most `decimals` places. */
export function cleanAmount(typed: string, decimals: number): string {
  let text = typed.replace(/,/g, '.').replace(/[^0-9.]/g, '');
  const point = text.indexOf('.');
  if (point >= 0)
    text = `${text.slice(0, point + 1)}${text
      .slice(point + 1)
      .replace(/\./g, '')
      .slice(0, decimals)}`;
  if (decimals === 0) text = text.replace('.', '');
  return text.replace(/^0+(?=\d)/, '');
}

/**
 * What was typed as a positive plain decimal, whatever its number of places, or null: the
 * market's steps and the currency's decimals are order rules (contract/order-rules.ts)
 * the forms check after this.
 */
export function typedAmount(typed: string): Money | null {
  return parseAmount(typed, Number.POSITIVE_INFINITY);
}
