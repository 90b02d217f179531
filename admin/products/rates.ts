import { Money } from '../../contract/money';

/** How much a rate changes, in percent of the one in force, for the confirmation; null when what was typed is not a positive decimal. */
export function rateChange(current: string, typed: string): number | null {
  const text = typed.trim();
  if (!/^[0-9]+(\.[0-9]+)?$/.test(text) || new Money(text).lte(0) || new Money(current).lte(0)) return null;
  return new Money(text).minus(current).div(current).times(100).toNumber();
}
