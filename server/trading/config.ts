import { Money } from '../../contract/money';
import type { MarketKind } from '../../contract/market';

/**
 * The exchange's trading rules. One place, read by the services and served to the app
 * (/coin/info, /lever/deal, /microtrade/seconds), so the forms show what is enforced.
 */

/** Spot: fee on what each side receives (maker and taker alike). */
export const SPOT_FEE = new Money('0.001');
/** Spot: an order must be worth at least this much of the quote currency. */
export const SPOT_MIN_NOTIONAL = new Money('1');
/** Spot: a limit price must lie within this share of the last price (fat-finger band). */
export const SPOT_PRICE_BAND = new Money('0.5');

/** Contracts: margin currency (a stock's USD counts as USDT). */
export const MARGIN_CURRENCY = 3;
/** Contracts: fee on the position's value, charged when it opens. */
export const LEVER_FEE = new Money('0.0005');
/** Contracts: overnight fee, a daily share of the opening value, per midnight (UTC) held, paid on closing. */
export const LEVER_OVERNIGHT = new Money('0.0003');
/** Contracts: every position of an account is liquidated when its risk rate falls to this. */
export const LIQUIDATION_RISK = new Money('0.2');
export const LEVER_MIN_SHARE = 1;
export const LEVER_MAX_SHARE = 1000;
const CRYPTO_MULTIPLES = [5, 10, 20, 50, 100];
const STOCK_MULTIPLES = [2, 5, 10, 20];
const CRYPTO_LEVERAGE = { min: 1, max: 100 };
const STOCK_LEVERAGE = { min: 1, max: 20 };

/** The preset multiples the order form marks, by the kind of market (the lot size is the catalogue's, Market.contractLot). */
export function leverMultiples(kind: MarketKind): readonly number[] {
  return kind === 'stock' ? STOCK_MULTIPLES : CRYPTO_MULTIPLES;
}

/** The leverage a contract may be opened at: any whole multiple in this range (the presets lie in it). */
export function leverRange(kind: MarketKind): { min: number; max: number } {
  return kind === 'stock' ? STOCK_LEVERAGE : CRYPTO_LEVERAGE;
}

/** Contracts: a reduce-only limit close must lie within this share of the last price (as spot limits, SPOT_PRICE_BAND). */
export const LEVER_PRICE_BAND = new Money('0.5');
/** Contracts: a trailing stop's callback, as a share of the price (a rate, or a distance that is this share of the last price). */
export const TRAIL_RATE_MIN = new Money('0.001');
export const TRAIL_RATE_MAX = new Money('0.1');

export interface OptionRule {
  seconds: number;
  /** a win pays stake x (1 + ratio) */
  ratio: Money;
  feeRate: Money;
  min: Money;
  max: Money;
}

export const OPTION_DURATIONS: readonly OptionRule[] = [
  { seconds: 30, ratio: new Money('0.8'), feeRate: new Money('0.001'), min: new Money('10'), max: new Money('5000') },
  { seconds: 60, ratio: new Money('0.85'), feeRate: new Money('0.001'), min: new Money('10'), max: new Money('10000') },
  { seconds: 180, ratio: new Money('0.9'), feeRate: new Money('0.001'), min: new Money('50'), max: new Money('20000') },
  { seconds: 300, ratio: new Money('0.92'), feeRate: new Money('0.001'), min: new Money('100'), max: new Money('50000') },
];
/** Options a user may have open at once. */
export const OPTION_MAX_OPEN = 5;
/** Currencies options are bought with (held in the options account). */
export const OPTION_CURRENCIES = [3];

// Invitations: the share of every trading fee an invitee pays that goes to the inviter
// is the REBATE_RATE setting (server/config.ts, rebateRate), paid by the fee path (ledger/fees.ts).
