/** Fiat currencies offered for converted values (spec section 7): default USD. */
export const FIAT_CURRENCIES = ['USD', 'CNY', 'GBP', 'HKD', 'JPY', 'EUR', 'AED', 'THB', 'PHP', 'SGD', 'VND'] as const;
export type FiatCurrency = (typeof FIAT_CURRENCIES)[number];
export const DEFAULT_FIAT: FiatCurrency = 'USD';

export function isFiatCurrency(value: unknown): value is FiatCurrency {
  return typeof value === 'string' && (FIAT_CURRENCIES as readonly string[]).includes(value);
}
