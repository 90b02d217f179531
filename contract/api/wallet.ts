import { Type, type TSchema } from '@sinclair/typebox';
import { endpoint } from './define';
import {
  AccountKindField,
  AddressField,
  AmountField,
  IdField,
  LimitField,
  NetworkField,
  PageField,
  PayPasswordField,
  PlainText,
  QrCodeField,
  RequestIdField,
  TotpCodeField,
  VoucherField,
} from './fields';

/** Wallet endpoints (spec 7, "Wallet"). Amounts are decimal strings at their currency's precision. */
const Amount = Type.String({ description: 'decimal text' });
const Message = Type.String({ description: 'A translated confirmation' });
const CurrencyId = Type.Integer({ minimum: 1, maximum: 10_000, errorKey: 'currency_unknown' });

export const paged = <T extends TSchema>(item: T) => Type.Object({ data: Type.Array(item), page: Type.Integer(), limit: Type.Integer(), more: Type.Boolean() });

export const CoinEntry = Type.Object({
  id: Type.Integer({ description: 'currency id' }),
  name: Type.String(),
  subName: Type.String({ description: 'network: ERC20 / TRC20 for USDT, else empty' }),
  type: NetworkField,
  status: Type.Integer({ description: '1: deposits and withdrawals open' }),
  address: Type.String({ description: "the caller's deposit address, empty for visitors" }),
  precision: Type.Integer(),
  min_withdraw: Amount,
  withdraw_fee: Amount,
});

export const coinList = endpoint({
  method: 'GET',
  path: '/currency/list',
  access: 'public',
  tag: 'wallet',
  summary: 'Coins that can be deposited and withdrawn, one entry per network (USDT on ERC20 and TRC20)',
  input: Type.Object({}),
  output: Type.Array(CoinEntry),
});

const Balance = Type.Object({
  currency_id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  precision: Type.Integer(),
  available: Amount,
  frozen: Amount,
  locked: Amount,
  usd_value: Amount,
  /** the locked part's value (lock-up mining), in USD */
  locked_usd: Amount,
});

export const AccountSummary = Type.Object({
  kind: Type.String({ description: 'legal | change | lever | micro' }),
  kind_id: Type.Integer({ description: '1 legal, 2 change, 3 lever, 4 micro' }),
  usd_value: Amount,
  currencies: Type.Array(Balance),
});

export const walletList = endpoint({
  method: 'POST',
  path: '/wallet/list',
  access: 'user',
  tag: 'wallet',
  summary: 'Every account of the caller with its balances (available, frozen, locked) and their value in USD',
  input: Type.Object({}),
  output: Type.Object({ total_usd: Amount, accounts: Type.Array(AccountSummary) }),
});

export const walletDetail = endpoint({
  method: 'POST',
  path: '/wallet/detail',
  access: 'user',
  tag: 'wallet',
  summary: 'One currency in one account',
  input: Type.Object({ currency: CurrencyId, type: AccountKindField }),
  output: Balance,
});

export const Bill = Type.Object({
  id: Type.Integer(),
  reason: Type.String(),
  currency_id: Type.Integer(),
  code: Type.String(),
  kind: Type.String(),
  part: Type.String(),
  amount: Type.String({ description: 'signed: positive came in' }),
  balance_after: Amount,
  memo: Type.String(),
  created_at: Type.Integer(),
});

export const bills = endpoint({
  method: 'POST',
  path: '/wallet/legal_log',
  access: 'user',
  tag: 'wallet',
  summary: 'Account change records (bills), newest first; filtered by currency and account when given',
  input: Type.Object({ currency: Type.Optional(CurrencyId), type: Type.Optional(AccountKindField), page: Type.Optional(PageField), limit: Type.Optional(LimitField) }),
  output: paged(Bill),
});

export const NetworkInfo = Type.Object({
  network: Type.String(),
  name: Type.String(),
  min_withdraw: Amount,
  withdraw_fee: Amount,
});

export const coinInfo = endpoint({
  method: 'POST',
  path: '/wallet/get_info',
  access: 'user',
  tag: 'wallet',
  summary: "A coin: its networks, minimum and fee of withdrawals, and the caller's balance in the coin account",
  input: Type.Object({ currency: CurrencyId }),
  output: Type.Object({
    currency_id: Type.Integer(),
    code: Type.String(),
    name: Type.String(),
    precision: Type.Integer(),
    available: Amount,
    usd_price: Type.Number(),
    networks: Type.Array(NetworkInfo),
  }),
});

export const FiatRate = Type.Object({ code: Type.String(), rate: Amount, updated_at: Type.Integer(), source: Type.String() });

export const rates = endpoint({
  method: 'GET',
  path: '/wallet/getRateCurrency',
  access: 'public',
  tag: 'wallet',
  summary: "Fiat rates (units per US dollar) for converted values; with id, that currency's price in USD",
  input: Type.Object({ id: Type.Optional(CurrencyId) }),
  output: Type.Object({ fiats: Type.Array(FiatRate), usd_price: Type.Optional(Type.Number()) }),
});

export const depositAddress = endpoint({
  method: 'POST',
  path: '/wallet/get_in_address',
  access: 'user',
  tag: 'wallet',
  summary: "The caller's stable deposit address for a coin on a network (always the caller's: user_id is ignored)",
  input: Type.Object({ currency: CurrencyId, network: NetworkField, user_id: Type.Optional(Type.Integer()) }),
  output: Type.Object({ currency_id: Type.Integer(), network: Type.String(), address: Type.String() }),
});

export const RechargeRecord = Type.Object({
  id: Type.Integer(),
  currency_id: Type.Integer(),
  code: Type.String(),
  network: Type.String(),
  amount: Amount,
  status: Type.String({ description: 'pending | approved | rejected' }),
  reason: Type.String(),
  created_at: Type.Integer(),
  reviewed_at: Type.Union([Type.Integer(), Type.Null()]),
});

export const rechargeRequest = endpoint({
  method: 'POST',
  path: '/wallet/charge_req',
  access: 'user',
  tag: 'wallet',
  summary: 'Report a deposit with its payment voucher; an operator approves it (or the demo does at once)',
  input: Type.Object({
    currency: CurrencyId,
    network: NetworkField,
    amount: AmountField,
    account: Type.Optional(PlainText({ maxLength: 120, description: 'where it was sent from, or its transaction id' })),
    voucher: VoucherField,
  }),
  output: Message,
});

export const rechargeLog = endpoint({
  method: 'GET',
  path: '/recharge/log',
  access: 'user',
  tag: 'wallet',
  summary: "The caller's recharges, newest first",
  input: Type.Object({ page: Type.Optional(PageField), limit: Type.Optional(LimitField) }),
  output: paged(RechargeRecord),
});

export const WithdrawRecord = Type.Object({
  id: Type.Integer(),
  currency_id: Type.Integer(),
  code: Type.String(),
  network: Type.String(),
  address: Type.String(),
  amount: Amount,
  fee: Amount,
  net: Amount,
  status: Type.String({ description: 'pending | completed | rejected' }),
  reason: Type.String(),
  txid: Type.String(),
  created_at: Type.Integer(),
});

export const withdraw = endpoint({
  method: 'POST',
  path: '/wallet/out',
  access: 'user',
  tag: 'wallet',
  summary:
    'Withdraw from the coin account with the pay password; the amount is frozen until an operator sends it (deducted) or refuses it (returned). ' +
    'Needs identity verification: level 1 may withdraw 200 BTC worth per 24 hours, level 2 500. With the authenticator app on, one of its codes ' +
    '(or a recovery code) too; with the whitelist on, only to a saved address 24 hours after it was saved.',
  input: Type.Object({
    currency: CurrencyId,
    network: NetworkField,
    address: AddressField,
    amount: AmountField,
    pay_password: PayPasswordField,
    request_id: RequestIdField,
    /** with the authenticator app on: its code, or a recovery code */
    totp_code: Type.Optional(TotpCodeField),
  }),
  output: Message,
});

export const withdrawLog = endpoint({
  method: 'GET',
  path: '/user/withdraw/list',
  access: 'user',
  tag: 'wallet',
  summary: "The caller's withdrawals, newest first",
  input: Type.Object({ page: Type.Optional(PageField), limit: Type.Optional(LimitField) }),
  output: paged(WithdrawRecord),
});

export const movableCurrencies = endpoint({
  method: 'GET',
  path: '/currency/user_currency_list',
  access: 'user',
  tag: 'wallet',
  summary: 'Currencies the caller can move between accounts, with what is available in each account',
  input: Type.Object({}),
  output: Type.Array(
    Type.Object({
      currency_id: Type.Integer(),
      code: Type.String(),
      precision: Type.Integer(),
      available: Type.Object({ legal: Amount, change: Amount, lever: Amount, micro: Amount }),
    }),
  ),
});

export const moveFunds = endpoint({
  method: 'POST',
  path: '/wallet/change',
  access: 'user',
  tag: 'wallet',
  summary: "Move an available amount from one of the caller's accounts to another",
  input: Type.Object({ currency_id: CurrencyId, number: AmountField, from_field: AccountKindField, to_field: AccountKindField, request_id: RequestIdField }),
  output: Message,
});

export const MoveRecord = Type.Object({
  id: Type.Integer(),
  currency_id: Type.Integer(),
  code: Type.String(),
  amount: Amount,
  from_kind: Type.String(),
  to_kind: Type.String(),
  created_at: Type.Integer(),
});

export const moveHistory = endpoint({
  method: 'GET',
  path: '/wallet/hzhistory',
  access: 'user',
  tag: 'wallet',
  summary: "Moves between the caller's accounts, newest first",
  input: Type.Object({ page: Type.Optional(PageField), limit: Type.Optional(LimitField) }),
  output: paged(MoveRecord),
});

export const ExchangeCurrency = Type.Object({
  currency_id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  precision: Type.Integer(),
  usd_price: Type.Number(),
  available: Amount,
});

export const exchangeList = endpoint({
  method: 'POST',
  path: '/user/getTransferList',
  access: 'user',
  tag: 'exchange',
  summary: 'Coins that can be exchanged for each other in the coin account, at live prices',
  input: Type.Object({}),
  output: Type.Array(ExchangeCurrency),
});

export const exchangeQuote = endpoint({
  method: 'POST',
  path: '/user/getTransferFee',
  access: 'user',
  tag: 'exchange',
  summary: "The rate (units of to per unit of from) and fee of an exchange right now, with the caller's best conversion fee coupon",
  input: Type.Object({ from_currency_id: CurrencyId, to_currency_id: CurrencyId }),
  output: Type.Object({ rate: Type.Number(), fee_rate: Amount, discount: Amount, coupon_id: Type.Union([Type.Integer(), Type.Null()]) }),
});

export const exchange = endpoint({
  method: 'POST',
  path: '/user/Transfer',
  access: 'user',
  tag: 'exchange',
  summary: 'Exchange `number` of one coin for another at the live market prices, less the fee (a conversion fee coupon applies by itself)',
  input: Type.Object({ number: AmountField, from_currency_id: CurrencyId, to_currency_id: CurrencyId, request_id: RequestIdField }),
  output: Type.Object({ received: Amount, fee: Amount, message: Message }),
});

export const SavedAddress = Type.Object({
  id: Type.Integer(),
  currency_id: Type.Integer(),
  code: Type.String(),
  network: Type.String(),
  name: Type.String(),
  address: Type.String(),
  qrcode: Type.String(),
  created_at: Type.Integer(),
  usable_at: Type.Integer({ description: 'With the withdrawal whitelist on, withdrawals may go to it from then on (24 hours after it was saved)' }),
});

export const addressSave = endpoint({
  method: 'POST',
  path: '/user/wallet/save',
  access: 'user',
  tag: 'wallet',
  summary: 'Save a withdrawal address with a name and its QR image',
  input: Type.Object({
    currency: CurrencyId,
    network: NetworkField,
    name: PlainText({ minLength: 1, maxLength: 30, errorKey: 'address_name_rule' }),
    address: AddressField,
    qrcode: QrCodeField,
  }),
  output: Message,
});

export const addressList = endpoint({
  method: 'GET',
  path: '/user/wallet/list',
  access: 'user',
  tag: 'wallet',
  summary: "The caller's saved addresses, newest first",
  input: Type.Object({ page: Type.Optional(PageField), limit: Type.Optional(LimitField) }),
  output: paged(SavedAddress),
});

export const addressDelete = endpoint({
  method: 'POST',
  path: '/user/wallet/delete',
  access: 'user',
  tag: 'wallet',
  summary: 'Delete a saved address',
  input: Type.Object({ id: IdField }),
  output: Message,
});

export const Coupon = Type.Object({
  id: Type.Integer(),
  kind: Type.String({ description: 'fee_discount | bonus' }),
  value: Amount,
  scope: Type.Union([Type.Literal('conversion'), Type.Literal('spot'), Type.Null()], { description: 'fee_discount: the one product whose fee it discounts; bonus: null' }),
  code: Type.String({ description: 'currency of a bonus' }),
  status: Type.String({ description: 'available | used | expired | revoked (taken back by the exchange; listed with the expired ones)' }),
  expires_at: Type.Integer(),
  used_at: Type.Union([Type.Integer(), Type.Null()]),
  revoked_at: Type.Union([Type.Integer(), Type.Null()]),
});

export const couponList = endpoint({
  method: 'GET',
  path: '/coupon/list',
  access: 'user',
  tag: 'wallet',
  summary: "The caller's coupons in one state (expired: also those the exchange took back)",
  input: Type.Object({ status: Type.Union([Type.Literal('available'), Type.Literal('used'), Type.Literal('expired')], { default: 'available' }) }),
  output: Type.Array(Coupon),
});

export const couponUse = endpoint({
  method: 'POST',
  path: '/coupon/use',
  access: 'user',
  tag: 'wallet',
  summary: 'Redeem a bonus coupon into the coin account (fee coupons apply by themselves)',
  input: Type.Object({ id: IdField }),
  output: Message,
});
