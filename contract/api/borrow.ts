import { Type } from '@sinclair/typebox';
import { endpoint } from './define';
import { Tick } from './trade';
import { AmountField, IdField, LimitField, PageField, RequestIdField } from './fields';
import { paged } from './wallet';

/**
 * Borrowing (spec 1, 2 "common/borrowing"): USDT lent against BTC or ETH held as
 * collateral in the coin account's locked part. contract/borrow.ts has the rules: a start
 * at an LTV of at most 50 %, a margin call at 70 %, liquidation at 83 % on the market's
 * trades, interest by the hour.
 */
const Amount = Type.String({ description: 'decimal text' });

export const Loan = Type.Object({
  id: Type.Integer(),
  market_id: Type.Integer(),
  collateral_currency_id: Type.Integer(),
  collateral_code: Type.String(),
  collateral_precision: Type.Integer(),
  collateral: Amount,
  debt_code: Type.String(),
  debt_precision: Type.Integer(),
  /** lent at the start */
  borrowed: Amount,
  /** still owed of it */
  principal: Amount,
  /** accrued to the last whole hour */
  interest: Amount,
  /** principal + interest */
  debt: Amount,
  /** a fraction a year */
  apr: Amount,
  /** the collateral's last price, and the LTV at it (a fraction) */
  price: Amount,
  ltv: Amount,
  /** the prices at which the LTV reaches the margin call and the liquidation */
  margin_call_price: Amount,
  liquidation_price: Amount,
  status: Type.Union([Type.Literal('open'), Type.Literal('repaid'), Type.Literal('liquidated')]),
  margin_called_at: Type.Union([Type.Integer(), Type.Null()]),
  open_tick: Tick,
  close_tick: Type.Union([Tick, Type.Null()]),
  /** after a liquidation: what was left of the proceeds once the debt was paid, returned in USDT */
  surplus: Type.Union([Amount, Type.Null()]),
  created_at: Type.Integer(),
  closed_at: Type.Union([Type.Integer(), Type.Null()]),
});

export const borrowConfig = endpoint({
  method: 'GET',
  path: '/borrow/config',
  access: 'public',
  tag: 'borrow',
  summary: 'What can be pledged (with its live price), what is lent, the APR and the LTV thresholds',
  input: Type.Object({}),
  output: Type.Object({
    collaterals: Type.Array(Type.Object({ currency_id: Type.Integer(), code: Type.String(), precision: Type.Integer(), market_id: Type.Integer(), price: Amount })),
    debt: Type.Object({ currency_id: Type.Integer(), code: Type.String(), precision: Type.Integer() }),
    apr: Amount,
    max_start_ltv: Amount,
    margin_call_ltv: Amount,
    liquidation_ltv: Amount,
    min_amount: Amount,
  }),
});

export const borrowApply = endpoint({
  method: 'POST',
  path: '/borrow/apply',
  access: 'user',
  tag: 'borrow',
  summary: 'Borrows amount USDT against collateral of a coin from the coin account (moved to its locked part), at an LTV of at most 50 % at the last price',
  input: Type.Object({ collateral_currency_id: IdField, collateral: AmountField, amount: AmountField, request_id: RequestIdField }),
  output: Loan,
});

export const borrowLoans = endpoint({
  method: 'GET',
  path: '/borrow/loans',
  access: 'user',
  tag: 'borrow',
  summary: "The caller's loans, newest first: open ones (status open) or closed ones (repaid, liquidated)",
  input: Type.Object({
    page: Type.Optional(PageField),
    limit: Type.Optional(LimitField),
    status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('closed')], { errorKey: 'sort_invalid' })),
  }),
  output: paged(Loan),
});

export const borrowRepay = endpoint({
  method: 'POST',
  path: '/borrow/repay',
  access: 'user',
  tag: 'borrow',
  summary: 'Repays part or all of a loan from the coin account (interest first); repaid in full, the collateral is free again',
  input: Type.Object({ id: IdField, amount: AmountField }),
  output: Loan,
});

export const borrowAddCollateral = endpoint({
  method: 'POST',
  path: '/borrow/addCollateral',
  access: 'user',
  tag: 'borrow',
  summary: 'Pledges more of the collateral coin to an open loan, lowering its LTV',
  input: Type.Object({ id: IdField, amount: AmountField }),
  output: Loan,
});
