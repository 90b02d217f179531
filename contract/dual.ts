import { floor, Money, type MoneyValue } from './money';

/**
 * Dual investment (spec 9), the rule the app and the server share. A product is linked
 * to a market (BTC/USDT) at a linked (strike) price, for a number of days at an APR.
 *
 * - "Sell high" (`call`): the coin is invested. At maturity, below the linked price the
 *   coin comes back: amount x (1 + days x APR / 365); at or above it, USDT:
 *   amount x linked price x (1 + days x APR / 365).
 * - "Buy low" (`put`), its mirror: USDT is invested. Above the linked price USDT comes
 *   back: amount x (1 + days x APR / 365); at or below it, the coin:
 *   amount / linked price x (1 + days x APR / 365).
 *
 * Each payout is rounded down to its currency's decimals.
 */
export type DualType = 'call' | 'put';

export interface DualTerms {
  type: DualType;
  linked_price: MoneyValue;
  apr: MoneyValue;
  days: number;
}

/** 1 + days x APR / 365 */
export function dualFactor(terms: Pick<DualTerms, 'apr' | 'days'>): Money {
  return new Money(1).plus(new Money(terms.apr).times(terms.days).div(365));
}

/** Whether the settlement price pays in the invested currency. */
export function paysInvested(terms: Pick<DualTerms, 'type' | 'linked_price'>, price: MoneyValue): boolean {
  const linked = new Money(terms.linked_price);
  return terms.type === 'call' ? new Money(price).lt(linked) : new Money(price).gt(linked);
}

/**
 * What an amount invested pays at a settlement price: in the invested currency
 * ('invested') or the other one ('other': USDT for sell high, the coin for buy low).
 */
export function dualPayout(terms: DualTerms, amount: MoneyValue, price: MoneyValue, decimals: { invested: number; other: number }): { currency: 'invested' | 'other'; amount: Money } {
  const grown = new Money(amount).times(dualFactor(terms));
  if (paysInvested(terms, price)) return { currency: 'invested', amount: floor(grown, decimals.invested) };
  const linked = new Money(terms.linked_price);
  return { currency: 'other', amount: floor(terms.type === 'call' ? grown.times(linked) : grown.div(linked), decimals.other) };
}
