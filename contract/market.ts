/**
 * Kline periods and their buckets, shared by the server (which stores candles) and
 * the worker (which merges live trades into them), so both cut time the same way.
 * Buckets are in UTC; weeks start on Monday.
 */
export const PERIODS = ['1min', '5min', '15min', '30min', '60min', '1day', '1week', '1mon'] as const;
export type Period = (typeof PERIODS)[number];

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const WEEK = 7 * DAY;

const FIXED: Partial<Record<Period, number>> = {
  '1min': MINUTE,
  '5min': 5 * MINUTE,
  '15min': 15 * MINUTE,
  '30min': 30 * MINUTE,
  '60min': HOUR,
  '1day': DAY,
};

export function isPeriod(value: unknown): value is Period {
  return typeof value === 'string' && (PERIODS as readonly string[]).includes(value);
}

/** Open time of the candle that contains `time` (ms). */
export function bucketStart(time: number, period: Period): number {
  const fixed = FIXED[period];
  if (fixed !== undefined) return time - (((time % fixed) + fixed) % fixed);
  if (period === '1week') {
    const day = Math.floor(time / DAY);
    // 1970-01-01 was a Thursday: (day + 3) % 7 is the number of days since Monday.
    return (day - ((((day + 3) % 7) + 7) % 7)) * DAY;
  }
  const date = new Date(time);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

/** Open time of the candle after the one opening at `start`. */
export function nextBucket(start: number, period: Period): number {
  const fixed = FIXED[period];
  if (fixed !== undefined) return start + fixed;
  if (period === '1week') return start + WEEK;
  const date = new Date(start);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

/** Nominal length of a period, for sizing requests (a month counts 30 days). */
export function periodMs(period: Period): number {
  return FIXED[period] ?? (period === '1week' ? WEEK : 30 * DAY);
}

/** A candle: open time (ms), prices, base volume and quote amount. */
export interface Candle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  amount: number;
}

/** The market kinds of the quote lists. */
export type MarketKind = 'crypto' | 'stock';

/**
 * Where a market's prices come from: the exchange's own simulated market, or a public
 * exchange's live trades and book (MARKET=live, paper trading on real prices).
 */
export const MARKET_FEEDS = ['simulated', 'binance', 'okx'] as const;
export type MarketFeed = (typeof MARKET_FEEDS)[number];

/** The exchanges' names as users know them. */
export const EXCHANGE_NAMES: Record<Exclude<MarketFeed, 'simulated'>, string> = { binance: 'Binance', okx: 'OKX' };

/** Adds a trade to the candle it falls in. */
export function extendCandle(candle: Candle, price: number, quantity: number): void {
  if (price > candle.high) candle.high = price;
  if (price < candle.low) candle.low = price;
  candle.close = price;
  candle.volume += quantity;
  candle.amount += price * quantity;
}

/** Folds a later, finer candle into a coarser one covering it. */
export function foldCandle(into: Candle, later: Candle): void {
  if (later.high > into.high) into.high = later.high;
  if (later.low < into.low) into.low = later.low;
  into.close = later.close;
  into.volume += later.volume;
  into.amount += later.amount;
}
