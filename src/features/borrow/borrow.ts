import type { ApiOutput } from '../../../contract/api';
import { BORROW_RULES, hourlyInterest, loanLtv, priceAtLtv } from '../../../contract/borrow';
import { floor, Money, type MoneyValue } from '../../../contract/money';

/**
 * The borrowing screen's pure parts: what a loan would be before it is taken (by
 * contract/borrow.ts, the rules the server applies) and how healthy a loan is.
 */
export type BorrowConfig = ApiOutput<'GET /borrow/config'>;
export type Collateral = BorrowConfig['collaterals'][number];
export type Loan = ApiOutput<'GET /borrow/loans'>['data'][number];

/** The decimals of a price as the server writes it (toFixed at the market's price precision). */
export function decimalsOf(price: string): number {
  return price.split('.')[1]?.length ?? 0;
}

/** The most that `collateral` lends at `price`: its value at the start LTV, cut to the debt's decimals. */
export function maxBorrow(collateral: MoneyValue, price: MoneyValue, debtDecimals: number, maxStartLtv: MoneyValue = BORROW_RULES.maxStartLtv): Money {
  return floor(new Money(collateral).times(price).times(maxStartLtv), debtDecimals);
}

export interface LoanPreview {
  value: Money;
  ltv: Money;
  /** a day's interest at the APR (24 whole hours, rounded up as the server accrues it) */
  dailyInterest: Money;
  marginCallPrice: Money;
  liquidationPrice: Money;
}

/**
 * A loan of `amount` against `collateral` at `price`: its LTV, a day's interest and the
 * prices at which it would be margin-called and liquidated, rounded as the server
 * shows them (up, at the market's price decimals).
 */
export function previewLoan(input: {
  collateral: MoneyValue;
  amount: MoneyValue;
  price: MoneyValue;
  apr: MoneyValue;
  debtDecimals: number;
  priceDecimals: number;
  marginCallLtv?: MoneyValue;
  liquidationLtv?: MoneyValue;
}): LoanPreview {
  const at = (ltv: MoneyValue) => priceAtLtv(input.amount, input.collateral, ltv).toDecimalPlaces(input.priceDecimals, Money.ROUND_UP);
  return {
    value: new Money(input.collateral).times(input.price),
    ltv: loanLtv(input.amount, input.collateral, input.price),
    dailyInterest: hourlyInterest(input.amount, input.apr, 24, input.debtDecimals),
    marginCallPrice: at(input.marginCallLtv ?? BORROW_RULES.marginCallLtv),
    liquidationPrice: at(input.liquidationLtv ?? BORROW_RULES.liquidationLtv),
  };
}

export type Health = 'safe' | 'watch' | 'margin' | 'liquidation';

/** Below the start LTV a loan is safe; up to the margin call it wants watching; then margin-called; at the liquidation LTV it is sold. */
export function healthOf(ltv: MoneyValue, rules: { max_start_ltv: string; margin_call_ltv: string; liquidation_ltv: string } = defaultRules): Health {
  const value = new Money(ltv);
  if (value.gte(rules.liquidation_ltv)) return 'liquidation';
  if (value.gte(rules.margin_call_ltv)) return 'margin';
  if (value.gt(rules.max_start_ltv)) return 'watch';
  return 'safe';
}

const defaultRules = { max_start_ltv: BORROW_RULES.maxStartLtv, margin_call_ltv: BORROW_RULES.marginCallLtv, liquidation_ltv: BORROW_RULES.liquidationLtv };

/** A share (0 to 100 %) of an available balance, cut to the coin's decimals. */
export function shareOf(available: MoneyValue, percent: number, decimals: number): Money {
  return floor(new Money(available).times(percent).div(100), decimals);
}
