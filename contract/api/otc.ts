import { Type } from '@sinclair/typebox';
import { endpoint } from './define';
import { AmountField, IdField, LimitField, PageField, PayPasswordField, PlainText, RequestIdField, VoucherField } from './fields';
import { paged } from './wallet';

/**
 * OTC (P2P): advertisements to buy or sell USDT, BTC or ETH against the eleven fiat
 * currencies, paid between the two users outside the exchange. An order's coins wait in
 * the seller's frozen part (escrow); the buyer says it paid, the seller releases them;
 * an order not paid in its window expires and the coins return; either side may appeal,
 * and an operator decides. Per-order limits by verification level (spec 6): 2,000 USDT
 * at level 1, 1,000,000 at level 2.
 */
const Amount = Type.String({ description: 'decimal text' });
const Fiat = Type.String({ maxLength: 3, pattern: '^(USD|CNY|GBP|HKD|JPY|EUR|AED|THB|PHP|SGD|VND)$', errorKey: 'fiat_invalid' });
const Side = Type.Union([Type.Literal('buy'), Type.Literal('sell')], { errorKey: 'side_invalid' });
const Payment = Type.Union([Type.Literal('domestic'), Type.Literal('international')]);

export const OtcAdvertiser = Type.Object({
  uid: Type.Integer(),
  name: Type.String(),
  /** from the advertiser's orders of the last 30 days */
  orders_30d: Type.Integer(),
  completion_rate: Type.Union([Amount, Type.Null()]),
  avg_release_seconds: Type.Union([Type.Integer(), Type.Null()]),
});

export const OtcAd = Type.Object({
  id: Type.Integer(),
  /** the advertiser's side: sell (users buy from it) or buy (users sell to it) */
  side: Side,
  currency_id: Type.Integer(),
  code: Type.String(),
  precision: Type.Integer(),
  fiat: Type.String(),
  price_type: Type.Union([Type.Literal('fixed'), Type.Literal('floating')]),
  /** per coin, in the fiat, as it stands now */
  price: Amount,
  margin: Type.Union([Amount, Type.Null()]),
  min_fiat: Amount,
  max_fiat: Amount,
  remaining: Amount,
  payments: Type.Array(Payment),
  window_minutes: Type.Integer(),
  status: Type.Union([Type.Literal('online'), Type.Literal('offline')]),
  advertiser: OtcAdvertiser,
});

export const OtcPaymentDetails = Type.Object({ kind: Payment, holder_name: Type.String(), bank_name: Type.String(), account_number: Type.String(), branch: Type.String(), swift_code: Type.String() });

export const OtcOrder = Type.Object({
  id: Type.Integer(),
  ad_id: Type.Integer(),
  /** the caller's part in it */
  role: Type.Union([Type.Literal('buyer'), Type.Literal('seller')]),
  counterparty: Type.Object({ uid: Type.Integer(), name: Type.String() }),
  code: Type.String(),
  precision: Type.Integer(),
  fiat: Type.String(),
  price: Amount,
  amount: Amount,
  fiat_amount: Amount,
  status: Type.Union([Type.Literal('pending'), Type.Literal('paid'), Type.Literal('appeal'), Type.Literal('released'), Type.Literal('cancelled'), Type.Literal('expired'), Type.Literal('returned')]),
  pay_by: Type.Integer(),
  proof: Type.Union([Type.String(), Type.Null()]),
  /** where the buyer pays: the seller's cards of the kinds the advertisement takes */
  payment_details: Type.Array(OtcPaymentDetails),
  appeal_reason: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.Integer(),
  paid_at: Type.Union([Type.Integer(), Type.Null()]),
  closed_at: Type.Union([Type.Integer(), Type.Null()]),
});

export const otcAds = endpoint({
  method: 'GET',
  path: '/otc/ads',
  access: 'public',
  tag: 'otc',
  summary: 'Online advertisements for a user who wants to buy (advertisers selling) or sell (advertisers buying) a coin for a fiat, best price first',
  input: Type.Object({ side: Side, currency_id: IdField, fiat: Fiat, page: Type.Optional(PageField), limit: Type.Optional(LimitField) }),
  output: paged(OtcAd),
});

export const otcQuick = endpoint({
  method: 'GET',
  path: '/otc/quick',
  access: 'public',
  tag: 'otc',
  summary: 'Quick buy or sell: the best online advertisement that takes this fiat amount, or null',
  input: Type.Object({ side: Side, currency_id: IdField, fiat: Fiat, fiat_amount: AmountField }),
  output: Type.Union([OtcAd, Type.Null()]),
});

export const otcAdvertiserProfile = endpoint({
  method: 'GET',
  path: '/otc/advertiser',
  access: 'public',
  tag: 'otc',
  summary:
    "An advertiser's profile (by uid): their record from their orders (30 days, and all their completed trades), since when they are a user, whether they are verified, and their online advertisements",
  input: Type.Object({ uid: IdField }),
  output: Type.Object({
    advertiser: OtcAdvertiser,
    joined_at: Type.Integer(),
    verified: Type.Boolean(),
    /** every released order they were a side of, as advertiser or taker */
    completed_total: Type.Integer(),
    ads: Type.Array(OtcAd),
  }),
});

export const otcAdCreate = endpoint({
  method: 'POST',
  path: '/otc/ad/create',
  access: 'user',
  tag: 'otc',
  summary:
    'Advertises to sell or buy a coin (identity level 1 and a bank card of each payment kind needed): a fixed price or a margin on the live price, limits per order in the fiat, the amount offered, the payment window',
  input: Type.Object({
    side: Side,
    currency_id: IdField,
    fiat: Fiat,
    price_type: Type.Union([Type.Literal('fixed'), Type.Literal('floating')], { errorKey: 'otc_price_type_invalid' }),
    price: Type.Optional(AmountField),
    margin: Type.Optional(AmountField),
    min_fiat: AmountField,
    max_fiat: AmountField,
    amount: AmountField,
    payments: Type.String({ maxLength: 40, pattern: '^(domestic|international)(,(domestic|international))?$', errorKey: 'otc_payments_invalid' }),
    window_minutes: Type.Optional(Type.Integer({ minimum: 5, maximum: 120, errorKey: 'otc_window_invalid' })),
  }),
  output: OtcAd,
});

export const otcAdStatus = endpoint({
  method: 'POST',
  path: '/otc/ad/status',
  access: 'user',
  tag: 'otc',
  summary: "Takes one of the caller's advertisements offline or back online",
  input: Type.Object({ id: IdField, status: Type.Union([Type.Literal('online'), Type.Literal('offline')], { errorKey: 'otc_status_invalid' }) }),
  output: OtcAd,
});

export const otcMyAds = endpoint({
  method: 'GET',
  path: '/otc/ad/mine',
  access: 'user',
  tag: 'otc',
  summary: "The caller's advertisements",
  input: Type.Object({ page: Type.Optional(PageField), limit: Type.Optional(LimitField) }),
  output: paged(OtcAd),
});

export const otcOrderCreate = endpoint({
  method: 'POST',
  path: '/otc/order/create',
  access: 'user',
  tag: 'otc',
  summary: "Takes an advertisement for a fiat amount within its limits and the caller's level's: the seller's coins go into escrow until released",
  input: Type.Object({ ad_id: IdField, fiat_amount: AmountField, request_id: RequestIdField }),
  output: OtcOrder,
});

export const otcOrder = endpoint({
  method: 'GET',
  path: '/otc/order/detail',
  access: 'user',
  tag: 'otc',
  summary: 'One of the caller’s orders, with where to pay',
  input: Type.Object({ id: IdField }),
  output: OtcOrder,
});

export const otcOrders = endpoint({
  method: 'GET',
  path: '/otc/orders',
  access: 'user',
  tag: 'otc',
  summary: "The caller's orders as buyer or seller, newest first: open ones (pending, paid, appeal) or closed ones",
  input: Type.Object({
    page: Type.Optional(PageField),
    limit: Type.Optional(LimitField),
    status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('closed')], { errorKey: 'sort_invalid' })),
  }),
  output: paged(OtcOrder),
});

export const otcPaid = endpoint({
  method: 'POST',
  path: '/otc/order/paid',
  access: 'user',
  tag: 'otc',
  summary: 'The buyer says it has paid, within the window, with a payment proof (an uploaded image) if it has one',
  input: Type.Object({ id: IdField, proof: Type.Optional(VoucherField) }),
  output: OtcOrder,
});

export const otcRelease = endpoint({
  method: 'POST',
  path: '/otc/order/release',
  access: 'user',
  tag: 'otc',
  summary: 'The seller releases the escrowed coins to the buyer (with the pay password)',
  input: Type.Object({ id: IdField, pay_password: PayPasswordField }),
  output: OtcOrder,
});

export const otcCancel = endpoint({
  method: 'POST',
  path: '/otc/order/cancel',
  access: 'user',
  tag: 'otc',
  summary: 'The buyer cancels an order it has not paid: the coins return to the seller',
  input: Type.Object({ id: IdField }),
  output: OtcOrder,
});

export const otcAppeal = endpoint({
  method: 'POST',
  path: '/otc/order/appeal',
  access: 'user',
  tag: 'otc',
  summary: 'Either side appeals an order once the buyer has said it paid: the coins stay in escrow until an operator decides',
  input: Type.Object({ id: IdField, reason: PlainText({ minLength: 1, maxLength: 500 }) }),
  output: OtcOrder,
});
