import { Money, type MoneyValue } from './money';

/**
 * Crypto-backed loans, the arithmetic both sides use. A loan's debt is its principal plus
 * the interest accrued so far; its loan-to-value (LTV) is the debt over the collateral's
 * value at a price. A loan opens at an LTV of at most BORROW_RULES.maxStartLtv; at
 * marginCallLtv the borrower is warned; at liquidationLtv the first trade that reaches it
 * sells the collateral to repay the debt.
 *
 * Interest is simple, on the principal, by whole hours: principal x APR x hours / 8760,
 * rounded up to the debt currency's decimals (a debt is never rounded in the borrower's
 * favour below what was owed).
 */
export const BORROW_RULES = { maxStartLtv: '0.5', marginCallLtv: '0.7', liquidationLtv: '0.83' } as const;
export const HOURS_A_YEAR = 8760;

export function loanLtv(debt: MoneyValue, collateral: MoneyValue, price: MoneyValue): Money {
  const value = new Money(collateral).times(price);
  return value.lte(0) ? new Money(Infinity) : new Money(debt).div(value);
}

export function hourlyInterest(principal: MoneyValue, apr: MoneyValue, hours: number, decimals: number): Money {
  return new Money(principal).times(apr).times(hours).div(HOURS_A_YEAR).toDecimalPlaces(decimals, Money.ROUND_UP);
}

/** The price at which a loan's LTV reaches a threshold: debt / (collateral x ltv). */
export function priceAtLtv(debt: MoneyValue, collateral: MoneyValue, ltv: MoneyValue): Money {
  return new Money(debt).div(new Money(collateral).times(ltv));
}
