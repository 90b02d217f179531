import { formatAmount } from '../../../contract/format';
import type { Language } from '../../../contract/languages';
import { Money } from '../../../contract/money';

/** A rate (a fraction) as a percent in the language's digits: 0.003 reads 0.3%, 0.6 reads 60%; at most `decimals` places, cut down. */
export function percent(rate: string | Money, lang: Language, decimals = 6): string {
  return `${formatAmount(new Money(rate).times(100).toDecimalPlaces(decimals, Money.ROUND_DOWN).toFixed(), lang)}%`;
}
