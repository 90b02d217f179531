import { Type } from '@sinclair/typebox';
import { endpoint } from './define';
import { AmountField, IdField, LimitField, PageField, PriceField, RequestIdField } from './fields';
import { paged } from './wallet';

/**
 * IEO subscriptions (spec 3 "IEO order", "IEO project", 4, 7 "IEO"): a token offered at an
 * issue price between start_at and end_at. A subscription freezes amount x issue price of
 * the subscription currency; after end_at the allocation runs once (pro rata when more
 * was asked than issued, contract/ieo.ts), the rest of each payment returns, and the
 * tokens stay locked for the lock period. At list_at the token trades against USDT.
 */
const Amount = Type.String({ description: 'decimal text' });

export const IeoStatus = Type.Union([Type.Literal('warmup'), Type.Literal('progress'), Type.Literal('ended')]);

export const IeoProject = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** the token's code, its currency id and decimals */
  token: Type.String(),
  token_currency_id: Type.Integer(),
  token_precision: Type.Integer(),
  /** the subscription currency */
  pay_currency_id: Type.Integer(),
  pay_code: Type.String(),
  pay_precision: Type.Integer(),
  /** in the subscription currency, per token */
  issue_price: Amount,
  total_issuance: Amount,
  /** tokens asked for by every subscription so far */
  subscribed: Amount,
  /** total issuance less what was asked for, never below zero */
  remaining: Amount,
  /** subscribed / total issuance, a fraction (above 1 when oversubscribed) */
  progress: Amount,
  /** the most tokens one user may ask for, all subscriptions together */
  max_per_user: Amount,
  /** days the allocated tokens stay locked */
  lock_days: Type.Integer(),
  start_at: Type.Integer(),
  end_at: Type.Integer(),
  /** time to market: the token is listed against USDT then */
  list_at: Type.Integer(),
  white_paper: Type.String(),
  website: Type.String(),
  intro: Type.String(),
  /** subscriptions made (spec: applications number) */
  applications: Type.Integer(),
  /** subscriptions allocated tokens (spec: passes number), once allocated */
  passes: Type.Integer(),
  /** from the clock: before start_at, until end_at, after */
  status: IeoStatus,
  allocated_at: Type.Union([Type.Integer(), Type.Null()]),
  /** the token's market once listed */
  market_id: Type.Union([Type.Integer(), Type.Null()]),
  symbol: Type.Union([Type.String(), Type.Null()]),
  listed_at: Type.Union([Type.Integer(), Type.Null()]),
});

export const IeoOrder = Type.Object({
  id: Type.Integer(),
  project: IeoProject,
  /** tokens asked for */
  amount: Amount,
  price: Amount,
  /** frozen when subscribing: amount x price */
  paid: Amount,
  status: Type.Union([Type.Literal('pending'), Type.Literal('allocated'), Type.Literal('released'), Type.Literal('refunded')]),
  /** once allocated: tokens given, what they cost, what returned */
  allocated: Type.Union([Amount, Type.Null()]),
  cost: Type.Union([Amount, Type.Null()]),
  refund: Type.Union([Amount, Type.Null()]),
  created_at: Type.Integer(),
  allocated_at: Type.Union([Type.Integer(), Type.Null()]),
  /** when the allocated tokens unlock */
  release_at: Type.Union([Type.Integer(), Type.Null()]),
  released_at: Type.Union([Type.Integer(), Type.Null()]),
});

export const ieoProjects = endpoint({
  method: 'GET',
  path: '/project',
  access: 'public',
  tag: 'finance',
  summary: 'IEO projects: in progress first, then warming up, then ended, newest first',
  input: Type.Object({ page: Type.Optional(PageField), limit: Type.Optional(LimitField) }),
  output: paged(IeoProject),
});

export const ieoProject = endpoint({
  method: 'GET',
  path: '/project/detail',
  access: 'public',
  tag: 'finance',
  summary: 'One IEO project',
  input: Type.Object({ project_id: IdField }),
  output: IeoProject,
});

export const ieoSubscribe = endpoint({
  method: 'POST',
  path: '/project/order',
  access: 'user',
  tag: 'finance',
  summary:
    "Subscribe to a project in progress: amount tokens at the issue price (price, which must be the project's) paid in its subscription currency (pay_currency, a currency id), frozen in the coin account until the allocation",
  input: Type.Object({
    project_id: IdField,
    amount: AmountField,
    pay_currency: IdField,
    price: PriceField,
    request_id: RequestIdField,
  }),
  output: IeoOrder,
});

export const ieoOrders = endpoint({
  method: 'GET',
  path: '/user/project/order',
  access: 'user',
  tag: 'finance',
  summary: "The caller's subscriptions, newest first (of one project with project_id)",
  input: Type.Object({ page: Type.Optional(PageField), limit: Type.Optional(LimitField), project_id: Type.Optional(IdField) }),
  output: paged(IeoOrder),
});
