import { Type } from '@sinclair/typebox';
import { endpoint } from './define';
import { AccountKindField, AmountField, IdField, PlainText, ReasonField } from './fields';

/**
 * The operator API: approvals the product needs, balance adjustments, fiat rates.
 * Called with an operator's token (header X-Operator-Token), never a user's; the
 * command line `npm run operator` uses it.
 */
const Done = Type.String();
const Signed = Type.String({ maxLength: 40, pattern: '^-?(0|[1-9][0-9]{0,20})(\\.[0-9]{1,30})?$', errorKey: 'amount_invalid' });

export const Pending = Type.Object({
  recharges: Type.Array(
    Type.Object({
      id: Type.Integer(),
      uid: Type.Integer(),
      code: Type.String(),
      network: Type.String(),
      amount: Type.String(),
      sender: Type.String(),
      voucher: Type.String(),
      created_at: Type.Integer(),
    }),
  ),
  withdrawals: Type.Array(
    Type.Object({
      id: Type.Integer(),
      uid: Type.Integer(),
      code: Type.String(),
      network: Type.String(),
      amount: Type.String(),
      fee: Type.String(),
      address: Type.String(),
      created_at: Type.Integer(),
    }),
  ),
  identities: Type.Array(
    Type.Object({
      id: Type.Integer(),
      uid: Type.Integer(),
      level: Type.Integer(),
      id_type: Type.String(),
      name: Type.String(),
      card_id: Type.String(),
      front_pic: Type.String(),
      reverse_pic: Type.String(),
      created_at: Type.Integer(),
    }),
  ),
  /** applications to become a copy-trading trader; id is the user's id */
  traders: Type.Array(Type.Object({ id: Type.Integer(), uid: Type.Integer(), nickname: Type.String(), applied_at: Type.Integer() })),
});

export const pending = endpoint({
  method: 'GET',
  path: '/operator/pending',
  access: 'operator',
  tag: 'operator',
  summary: 'What waits for review: recharges, withdrawals, identity submissions, trader applications',
  input: Type.Object({}),
  output: Pending,
});

const Id = Type.Object({ id: IdField });
const IdReason = Type.Object({ id: IdField, reason: ReasonField });

export const approveRecharge = endpoint({
  method: 'POST',
  path: '/operator/recharge/approve',
  access: 'operator',
  tag: 'operator',
  summary: "Credit a pending recharge to the user's coin account",
  input: Id,
  output: Done,
});
export const rejectRecharge = endpoint({ method: 'POST', path: '/operator/recharge/reject', access: 'operator', tag: 'operator', summary: 'Refuse a pending recharge', input: IdReason, output: Done });
export const approveWithdrawal = endpoint({
  method: 'POST',
  path: '/operator/withdrawal/approve',
  access: 'operator',
  tag: 'operator',
  summary: 'Mark a withdrawal sent: the frozen amount leaves the account',
  input: Type.Object({ id: IdField, txid: Type.Optional(PlainText({ maxLength: 120 })) }),
  output: Done,
});
export const rejectWithdrawal = endpoint({
  method: 'POST',
  path: '/operator/withdrawal/reject',
  access: 'operator',
  tag: 'operator',
  summary: 'Refuse a withdrawal: the frozen amount returns to available',
  input: IdReason,
  output: Done,
});
export const approveIdentity = endpoint({
  method: 'POST',
  path: '/operator/identity/approve',
  access: 'operator',
  tag: 'operator',
  summary: 'Pass an identity submission (the user needs e-mail and mobile bound)',
  input: Id,
  output: Done,
});
export const approveTrader = endpoint({
  method: 'POST',
  path: '/operator/trader/approve',
  access: 'operator',
  tag: 'operator',
  summary: "Approve a trader application (id: the applicant's user id): the trader is listed and can be followed",
  input: Id,
  output: Done,
});
export const rejectTrader = endpoint({
  method: 'POST',
  path: '/operator/trader/reject',
  access: 'operator',
  tag: 'operator',
  summary: 'Refuse a trader application with a reason the user sees',
  input: IdReason,
  output: Done,
});
export const createDual = endpoint({
  method: 'POST',
  path: '/operator/dual/create',
  access: 'operator',
  tag: 'operator',
  summary: 'Offer a dual product: market, kind, unit price, APR, linked price, days, when purchases close (ms), shares; answers its id',
  input: Type.Object({
    market_id: IdField,
    type: Type.Union([Type.Literal('call'), Type.Literal('put')], { errorKey: 'dual_type_invalid' }),
    unit_price: AmountField,
    apr: AmountField,
    linked_price: AmountField,
    days: Type.Integer({ minimum: 1, maximum: 365, errorKey: 'dual_days_invalid' }),
    subscribe_until: Type.Integer({ minimum: 0, errorKey: 'dual_time_invalid' }),
    total_shares: Type.Integer({ minimum: 1, maximum: 100_000_000, errorKey: 'dual_num_invalid' }),
  }),
  output: Type.Object({ id: Type.Integer() }),
});
export const closeDual = endpoint({
  method: 'POST',
  path: '/operator/dual/close',
  access: 'operator',
  tag: 'operator',
  summary: 'Withdraw a dual product before its holding period starts: every order is refunded in full and marked failed',
  input: Id,
  output: Done,
});
export const createProject = endpoint({
  method: 'POST',
  path: '/operator/ieo/create',
  access: 'operator',
  tag: 'operator',
  summary:
    'Offer an IEO project: its token (a new coin: code, name, decimals), the subscription currency and issue price, total issuance, the most one user may ask for, lock days, the subscription window, time to market (ms), white paper and website links, an introduction; answers its id',
  input: Type.Object({
    name: PlainText({ minLength: 1, maxLength: 60 }),
    token: Type.String({ pattern: '^[A-Z][A-Z0-9]{1,9}$', errorKey: 'ieo_token_invalid' }),
    token_name: PlainText({ minLength: 1, maxLength: 40 }),
    token_precision: Type.Integer({ minimum: 0, maximum: 8, errorKey: 'ieo_precision_invalid' }),
    pay_currency_id: IdField,
    issue_price: AmountField,
    total_issuance: AmountField,
    max_per_user: AmountField,
    lock_days: Type.Integer({ minimum: 0, maximum: 365, errorKey: 'ieo_lock_invalid' }),
    start_at: Type.Integer({ minimum: 0, errorKey: 'ieo_time_invalid' }),
    end_at: Type.Integer({ minimum: 0, errorKey: 'ieo_time_invalid' }),
    list_at: Type.Integer({ minimum: 0, errorKey: 'ieo_time_invalid' }),
    white_paper: Type.String({ maxLength: 300, pattern: '^https://[^\\s<>"]+$', errorKey: 'ieo_link_invalid' }),
    website: Type.String({ maxLength: 300, pattern: '^https://[^\\s<>"]+$', errorKey: 'ieo_link_invalid' }),
    intro: PlainText({ minLength: 1, maxLength: 2000 }),
  }),
  output: Type.Object({ id: Type.Integer() }),
});
export const rejectIdentity = endpoint({
  method: 'POST',
  path: '/operator/identity/reject',
  access: 'operator',
  tag: 'operator',
  summary: 'Refuse an identity submission with a reason the user sees',
  input: IdReason,
  output: Done,
});

export const adjust = endpoint({
  method: 'POST',
  path: '/operator/adjust',
  access: 'operator',
  tag: 'operator',
  summary: "Adjust a user's available balance (positive credits, negative debits) with a reason, through the ledger",
  input: Type.Object({
    uid: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    currency: Type.String({ minLength: 1, maxLength: 10, pattern: '^[A-Z0-9]+$' }),
    amount: Signed,
    account: Type.Optional(AccountKindField),
    reason: ReasonField,
  }),
  output: Done,
});

export const setRate = endpoint({
  method: 'POST',
  path: '/operator/rate',
  access: 'operator',
  tag: 'operator',
  summary: 'Set a fiat rate (units per US dollar)',
  input: Type.Object({ code: Type.String({ minLength: 3, maxLength: 3, pattern: '^[A-Z]{3}$' }), rate: Type.String({ maxLength: 30, pattern: '^[0-9]+(\\.[0-9]+)?$' }) }),
  output: Done,
});

/** Operator accounts: the local operator (DATA_DIR/operator.token) adds and removes the others; each has its own token, and every decision is audited under its name. */
const OperatorName = Type.String({ minLength: 2, maxLength: 30, pattern: '^[a-z][a-z0-9_-]{1,29}$', errorKey: 'operator_name_rule' });
export const listOperators = endpoint({
  method: 'GET',
  path: '/operator/operators',
  access: 'operator',
  tag: 'operator',
  summary: 'The operator accounts, oldest first',
  input: Type.Object({}),
  output: Type.Array(Type.Object({ name: Type.String(), created_at: Type.Integer() })),
});
export const addOperator = endpoint({
  method: 'POST',
  path: '/operator/operators/add',
  access: 'operator',
  tag: 'operator',
  summary: 'Add an operator (local operator only); answers its token, shown this once',
  input: Type.Object({ name: OperatorName }),
  output: Type.Object({ name: Type.String(), token: Type.String() }),
});
export const removeOperator = endpoint({
  method: 'POST',
  path: '/operator/operators/remove',
  access: 'operator',
  tag: 'operator',
  summary: 'Remove an operator (local operator only; not the local operator itself): its token stops working',
  input: Type.Object({ name: OperatorName }),
  output: Done,
});
