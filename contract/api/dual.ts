import { Type } from '@sinclair/typebox';
import { endpoint } from './define';
import { Tick } from './trade';
import { IdField, LimitField, PageField } from './fields';
import { paged } from './wallet';

/**
 * Dual investment (spec 3, 4, 7 "Dual invest", 9): products linked to a market at a
 * linked price, for a number of days at an APR; "sell high" (call) invests the coin,
 * "buy low" (put) invests USDT. Bought in whole shares of the unit price until the
 * holding period starts; settled by the first trade of the market at or after maturity
 * (contract/dual.ts has the rule).
 */
const Amount = Type.String({ description: 'decimal text' });

export const DualType = Type.Union([Type.Literal('call'), Type.Literal('put')], { errorKey: 'dual_type_invalid' });

export const DualProduct = Type.Object({
  id: Type.Integer(),
  market_id: Type.Integer(),
  symbol: Type.String(),
  type: DualType,
  /** what is invested: the coin (call) or the quote (put) */
  invest_currency_id: Type.Integer(),
  invest_code: Type.String(),
  invest_precision: Type.Integer(),
  /** what the other outcome pays in */
  other_currency_id: Type.Integer(),
  other_code: Type.String(),
  other_precision: Type.Integer(),
  /** the amount of one share, in the invested currency */
  unit_price: Amount,
  /** a fraction a year: 0.365 is 36.5 % */
  apr: Amount,
  linked_price: Amount,
  days: Type.Integer(),
  /** purchases close when the holding period starts */
  subscribe_until: Type.Integer(),
  maturity_at: Type.Integer(),
  total_shares: Type.Integer(),
  remaining_shares: Type.Integer(),
  /** sold / total, a fraction */
  progress: Amount,
  status: Type.Union([Type.Literal('open'), Type.Literal('holding'), Type.Literal('settling'), Type.Literal('settled'), Type.Literal('closed')]),
  /** the trade that settled the product, once settled */
  settle_tick: Type.Union([Tick, Type.Null()]),
});

export const DualOrder = Type.Object({
  id: Type.Integer(),
  product: DualProduct,
  num: Type.Integer(),
  amount: Amount,
  status: Type.Union([Type.Literal('purchased'), Type.Literal('settling'), Type.Literal('completed'), Type.Literal('failed')]),
  payout_currency_id: Type.Union([Type.Integer(), Type.Null()]),
  payout_code: Type.Union([Type.String(), Type.Null()]),
  payout_amount: Type.Union([Amount, Type.Null()]),
  settle_tick: Type.Union([Tick, Type.Null()]),
  created_at: Type.Integer(),
  settled_at: Type.Union([Type.Integer(), Type.Null()]),
});

export const dualIndex = endpoint({
  method: 'GET',
  path: '/dual/index',
  access: 'public',
  tag: 'finance',
  summary: 'Dual products of a coin (all coins when absent), of one kind (call: sell high, the default; put: buy low), open ones first',
  input: Type.Object({ currency_id: Type.Optional(IdField), type: Type.Optional(DualType), page: Type.Optional(PageField), limit: Type.Optional(LimitField) }),
  output: paged(DualProduct),
});

export const dualDetail = endpoint({
  method: 'GET',
  path: '/dual/detail',
  access: 'public',
  tag: 'finance',
  summary: 'One dual product with the live price of its market',
  input: Type.Object({ id: IdField }),
  output: Type.Object({ product: DualProduct, price: Amount }),
});

export const dualBuy = endpoint({
  method: 'POST',
  path: '/dual/buyDual',
  access: 'user',
  tag: 'finance',
  summary: "Buy whole shares of an open product: num x unit price of the invested currency moves to the coin account's locked part until settlement",
  input: Type.Object({ id: IdField, num: Type.Integer({ minimum: 1, maximum: 1_000_000, errorKey: 'dual_num_invalid' }) }),
  output: DualOrder,
});

export const dualOrders = endpoint({
  method: 'POST',
  path: '/dual/dual_list',
  access: 'user',
  tag: 'finance',
  summary: "The caller's dual orders, newest first; status active (purchased, settling) or closed (completed, failed)",
  input: Type.Object({
    page: Type.Optional(PageField),
    limit: Type.Optional(LimitField),
    status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('closed')], { errorKey: 'sort_invalid' })),
  }),
  output: paged(DualOrder),
});
