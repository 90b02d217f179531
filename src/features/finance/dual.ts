import type { ApiOutput } from '../../../contract/api';
import { dualFactor, dualPayout, type DualTerms } from '../../../contract/dual';
import { Money, type MoneyValue } from '../../../contract/money';

export type DualProduct = ApiOutput<'GET /dual/detail'>['product'];
export type DualOrder = ApiOutput<'POST /dual/dual_list'>['data'][number];

/** The coin of a product's market (BTC of BTC/USDT): what sell high invests and buy low may buy. */
export function coinOf(product: DualProduct): { id: number; code: string } {
  return product.type === 'call' ? { id: product.invest_currency_id, code: product.invest_code } : { id: product.other_currency_id, code: product.other_code };
}

/** What `shares` shares take, in the invested currency. */
export function dualAmount(product: DualProduct, shares: number): Money {
  return new Money(product.unit_price).times(shares);
}

/**
 * Both outcomes of an amount invested, by the shared rule (contract/dual.ts): paid in the
 * invested currency (the price on its side of the linked price) or in the other one (at
 * the linked price or past it). Every price on one side pays the same, so the rule is
 * asked at the linked price itself and at a price on the invested side.
 */
export function dualOutcomes(terms: DualTerms, amount: MoneyValue, decimals: { invested: number; other: number }): { invested: Money; other: Money } {
  const linked = new Money(terms.linked_price);
  const investedSide = terms.type === 'call' ? new Money(0) : linked.times(2);
  return { invested: dualPayout(terms, amount, investedSide, decimals).amount, other: dualPayout(terms, amount, linked, decimals).amount };
}

/** A product's decimals: of the currency invested and of the other one. */
export function decimalsOf(product: DualProduct): { invested: number; other: number } {
  return { invested: product.invest_precision, other: product.other_precision };
}

/** The yield for the whole term, a fraction: days x APR / 365. */
export function termYield(product: Pick<DualProduct, 'apr' | 'days'>): Money {
  return dualFactor(product).minus(1);
}
