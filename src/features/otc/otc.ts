import type { ApiOutput } from '../../../contract/api';
import { Money, parseAmount } from '../../../contract/money';

/**
 * OTC (P2P)'s pure parts, the screens' arithmetic: what a fiat amount buys at an
 * advertisement's price (as server/otc/desk.ts takes it: cut down to the coin's
 * decimals), whether it fits the advertisement, the countdown to pay, the live price a
 * floating advertisement follows, and the advertisement form's checks.
 */
export type OtcAd = ApiOutput<'GET /otc/ads'>['data'][number];
export type OtcOrder = ApiOutput<'GET /otc/order/detail'>;
export type OtcSide = 'buy' | 'sell';
export type PaymentKind = OtcAd['payments'][number];

/** The coins traded over the counter (server/otc/desk.ts OTC_COINS). */
export const OTC_COINS = ['USDT', 'BTC', 'ETH'] as const;
export type OtcCoin = (typeof OTC_COINS)[number];
export const PAYMENT_KINDS: readonly PaymentKind[] = ['domestic', 'international'];
/** Fiat amounts and prices have two decimals. */
export const FIAT_DECIMALS = 2;
/** A floating price is the live price times a margin in this range. */
export const MARGIN_RANGE = { min: '0.8', max: '1.2' } as const;
export const WINDOW_RANGE = { min: 5, max: 120, default: 15 } as const;

/** Orders still moving: the buyer has to pay, the seller to release, or an operator to decide. */
export function isOpen(status: OtcOrder['status']): boolean {
  return status === 'pending' || status === 'paid' || status === 'appeal';
}

/** The coins a fiat amount comes to at `price`, cut down to `precision` places (never rounded up). */
export function coinsFor(fiatAmount: Money, price: string, precision: number): Money {
  const per = new Money(price);
  if (per.lte(0)) return new Money(0);
  return fiatAmount.div(per).toDecimalPlaces(precision, Money.ROUND_DOWN);
}

/** The most one order may take of an advertisement: its highest limit, or what its remaining coins are worth when that is less. */
export function largestFiat(ad: Pick<OtcAd, 'max_fiat' | 'remaining' | 'price'>): Money {
  const worth = new Money(ad.remaining).times(ad.price).toDecimalPlaces(FIAT_DECIMALS, Money.ROUND_DOWN);
  return Money.min(worth, ad.max_fiat);
}

export type FiatProblem = 'invalid' | 'below' | 'above' | 'remaining';

/** Why a typed fiat amount cannot be ordered from `ad`, or null when it can (the server checks the same, and the caller's level). */
export function fiatProblem(typed: string, ad: Pick<OtcAd, 'min_fiat' | 'max_fiat' | 'remaining' | 'price' | 'precision'>): FiatProblem | null {
  const fiat = parseAmount(typed, FIAT_DECIMALS);
  if (!fiat) return 'invalid';
  if (fiat.lt(ad.min_fiat)) return 'below';
  if (fiat.gt(ad.max_fiat)) return 'above';
  const coins = coinsFor(fiat, ad.price, ad.precision);
  if (coins.lte(0)) return 'below';
  if (coins.gt(ad.remaining)) return 'remaining';
  return null;
}

/** Time left to pay as a clock: "14:59", "1:05:00" past an hour, "00:00" once over. */
export function countdownText(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const two = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(rest)}` : `${two(minutes)}:${two(rest)}`;
}

/** An average release time in the unit that reads best: under two minutes in seconds, under two hours in minutes, else hours. */
export function releaseTime(seconds: number): { unit: 'seconds' | 'minutes' | 'hours'; count: number } {
  if (seconds < 120) return { unit: 'seconds', count: Math.max(0, Math.round(seconds)) };
  if (seconds < 7200) return { unit: 'minutes', count: Math.round(seconds / 60) };
  return { unit: 'hours', count: Math.round(seconds / 3600) };
}

/**
 * A coin's price in a fiat now, as the desk prices a floating advertisement: its dollar
 * price times the fiat's rate times the margin, to cents (half up). A preview: the order
 * is priced by the server when it is placed.
 */
export function livePrice(usdPrice: number | undefined, fiatRate: number | undefined, margin: string): Money | null {
  if (usdPrice === undefined || fiatRate === undefined || !(usdPrice > 0) || !(fiatRate > 0)) return null;
  const factor = parseAmount(margin, 4);
  if (!factor) return null;
  return new Money(usdPrice).times(fiatRate).times(factor).toDecimalPlaces(FIAT_DECIMALS, Money.ROUND_HALF_UP);
}

export interface AdDraft {
  priceType: 'fixed' | 'floating';
  price: string;
  margin: string;
  minFiat: string;
  maxFiat: string;
  amount: string;
  payments: readonly PaymentKind[];
  window: string;
}
export type AdField = 'price' | 'margin' | 'limits' | 'amount' | 'payments' | 'window';

/** The advertisement form's checks, the server's rules (server/otc/desk.ts createAd): each field that is wrong. */
export function adDraftErrors(draft: AdDraft, precision: number): Partial<Record<AdField, true>> {
  const errors: Partial<Record<AdField, true>> = {};
  if (draft.priceType === 'fixed') {
    if (!parseAmount(draft.price, FIAT_DECIMALS)) errors.price = true;
  } else {
    const margin = parseAmount(draft.margin, 4);
    if (!margin || margin.lt(MARGIN_RANGE.min) || margin.gt(MARGIN_RANGE.max)) errors.margin = true;
  }
  const min = parseAmount(draft.minFiat, FIAT_DECIMALS);
  const max = parseAmount(draft.maxFiat, FIAT_DECIMALS);
  if (!min || !max || max.lt(min)) errors.limits = true;
  if (!parseAmount(draft.amount, precision)) errors.amount = true;
  if (draft.payments.length === 0) errors.payments = true;
  const window = Number(draft.window);
  if (!/^\d+$/.test(draft.window) || window < WINDOW_RANGE.min || window > WINDOW_RANGE.max) errors.window = true;
  return errors;
}
