import { Type } from '@sinclair/typebox';
import { endpoint } from './define';
import { AmountField, IdField, LimitField, PageField } from './fields';
import { paged } from './wallet';

/**
 * Lock-up mining (spec 3, 4, 7 "Lock-up"): coins locked in the coin account for a term,
 * a daily yield paid every 24 hours after purchase, the principal back at the end.
 * The daily rate grows with the amount, from rate_min at min_amount to rate_max at
 * full_rate_amount and above, and is fixed at purchase. Early redemption costs
 * penalty_rate x days left x amount (spec 4).
 */
const Amount = Type.String({ description: 'decimal text' });
const Rate = Type.String({ description: 'a fraction: 0.003 is 0.3 %' });

export const LockupProduct = Type.Object({
  id: Type.Integer(),
  currency_id: Type.Integer(),
  code: Type.String(),
  precision: Type.Integer(),
  days: Type.Integer(),
  min_amount: Amount,
  rate_min: Rate,
  rate_max: Rate,
  full_rate_amount: Amount,
  penalty_rate: Rate,
});

export const LockupOrder = Type.Object({
  id: Type.Integer(),
  product_id: Type.Integer(),
  currency_id: Type.Integer(),
  code: Type.String(),
  amount: Amount,
  daily_rate: Rate,
  daily_yield: Amount,
  days: Type.Integer(),
  days_paid: Type.Integer(),
  earned: Amount,
  status: Type.Union([Type.Literal('active'), Type.Literal('completed'), Type.Literal('redeemed')]),
  /** what redeeming now would cost (active orders), or what it cost (redeemed) */
  penalty: Amount,
  started_at: Type.Integer(),
  next_payout_at: Type.Union([Type.Integer(), Type.Null()]),
  ends_at: Type.Integer(),
  closed_at: Type.Union([Type.Integer(), Type.Null()]),
});

export const lockupConfig = endpoint({
  method: 'GET',
  path: '/lh/deposit/config',
  access: 'public',
  tag: 'finance',
  summary: 'Lock-up products: coin, term, minimum, daily rate range and early-redemption penalty',
  input: Type.Object({}),
  output: Type.Array(LockupProduct),
});

export const lockupOrders = endpoint({
  method: 'GET',
  path: '/lh/deposit/order',
  access: 'user',
  tag: 'finance',
  summary: "The caller's lock-up orders, newest first; status active or closed (completed and redeemed)",
  input: Type.Object({
    page: Type.Optional(PageField),
    limit: Type.Optional(LimitField),
    status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('closed')])),
  }),
  output: paged(LockupOrder),
});

export const lockupBuy = endpoint({
  method: 'POST',
  path: '/lh/deposit',
  access: 'user',
  tag: 'finance',
  summary: 'Lock an amount of the coin account in a product; answers the order',
  input: Type.Object({ config_id: IdField, amount: AmountField }),
  output: LockupOrder,
});

export const lockupRedeem = endpoint({
  method: 'POST',
  path: '/lh/deposit/order/cancel',
  access: 'user',
  tag: 'finance',
  summary: 'Redeem an active order early: the amount less the penalty returns to the coin account; yield paid so far is kept',
  input: Type.Object({ id: IdField }),
  output: LockupOrder,
});
