import { bucketStart, DAY, HOUR, MINUTE, PERIODS, periodMs, type Candle, type Period } from '../../contract/market';
import { aggregate } from './candles';
import type { InstrumentDef } from './instruments';
import { Rng } from './rng';

/**
 * Kline history the simulator writes where it has not run: on the very first start
 * (years back, so every chart opens full) and for the time a server was stopped (so
 * charts have no hole). It is drawn from the same process as the live market: random
 * walk with clustered volatility and rare jumps, volume from the same trade flow.
 *
 * Resolutions by age: 1-minute candles for the most recent days, hourly before that,
 * daily before that; coarser periods are folded from them, so every period agrees
 * with the finer ones wherever both exist.
 */
/** Whole days before today at each resolution (today is always in minutes). */
export interface HistoryDepth {
  minuteDays: number;
  hourDays: number;
  dayDays: number;
}

export const FULL_HISTORY: HistoryDepth = { minuteDays: 7, hourDays: 120, dayDays: 6 * 365 };
/** For tests that need a market but not years of it. */
export const SHORT_HISTORY: HistoryDepth = { minuteDays: 2, hourDays: 10, dayDays: 400 };

const YEAR_MS = 365.25 * DAY;
/** Volatility regimes last about six hours. */
const REGIME_MS = 6 * HOUR;
/** About one jump a day per market. */
const JUMPS_PER_MS = 1 / DAY;

export interface FlowModel {
  instrument: InstrumentDef;
  /** trades per second this market gets */
  tradesPerSecond: number;
}

interface Walker {
  price: number;
  logVol: number;
}

function step(walker: Walker, flow: FlowModel, resolution: number, time: number, rng: Rng): Candle {
  const phi = Math.exp(-resolution / REGIME_MS);
  walker.logVol = phi * walker.logVol + Math.sqrt(1 - phi * phi) * 0.4 * rng.normal();
  const multiplier = Math.exp(walker.logVol);
  const sigma = flow.instrument.volatility * Math.sqrt(resolution / YEAR_MS) * multiplier;
  let r = sigma * rng.normal();
  if (rng.next() < JUMPS_PER_MS * resolution) r += 3 * sigma * rng.normal();
  const open = walker.price;
  const close = open * Math.exp(r);
  const high = Math.max(open, close) * Math.exp(Math.abs(rng.normal()) * sigma * 0.5);
  const low = Math.min(open, close) * Math.exp(-Math.abs(rng.normal()) * sigma * 0.5);
  const trades = rng.poisson(flow.tradesPerSecond * (resolution / 1000) * multiplier);
  const typical = (open + high + low + close) / 4;
  const volume = (trades * flow.instrument.averageNotional * Math.exp(0.3 * rng.normal() - 0.045)) / typical;
  walker.price = close;
  return { time, open, high, low, close, volume, amount: volume * typical };
}

function walk(flow: FlowModel, resolution: number, from: number, to: number, start: number, rng: Rng): Candle[] {
  const walker: Walker = { price: start, logVol: 0 };
  const candles: Candle[] = [];
  for (let time = from; time < to; time += resolution) candles.push(step(walker, flow, resolution, time, rng));
  return candles;
}

/**
 * Multiplies a path so its last close is `end` (a random walk looks the same scaled).
 * The turnover in the quote currency stays; the base volume shrinks as prices grow.
 */
function scaleTo(candles: Candle[], end: number): void {
  const last = candles.at(-1);
  if (!last) return;
  const factor = end / last.close;
  for (const candle of candles) {
    candle.open *= factor;
    candle.high *= factor;
    candle.low *= factor;
    candle.close *= factor;
    candle.volume /= factor;
  }
}

/** Sums of rounded figures pick up float dust; stored figures are cut back to cents. */
function tidy(candle: Candle): Candle {
  return { ...candle, volume: Math.round(candle.volume * 1e8) / 1e8, amount: Math.round(candle.amount * 100) / 100 };
}

function round(candles: Candle[], instrument: InstrumentDef): Candle[] {
  const p = 10 ** instrument.pricePrecision;
  const q = 10 ** instrument.qtyPrecision;
  const price = (value: number) => Math.max(1, Math.round(value * p)) / p;
  return candles.map((c) => ({
    time: c.time,
    open: price(c.open),
    high: price(c.high),
    low: price(c.low),
    close: price(c.close),
    volume: Math.round(c.volume * q) / q,
    amount: Math.round(c.amount * 100) / 100,
  }));
}

/** Base candles of one resolution, oldest first. */
interface Segment {
  resolution: number;
  candles: Candle[];
}

/**
 * Every period's candles from base segments (which must not overlap): each period
 * folds the segments at least as fine as itself, in time order.
 */
export function allPeriods(segments: readonly Segment[]): Map<Period, Candle[]> {
  const result = new Map<Period, Candle[]>();
  for (const period of PERIODS) {
    const span = periodMs(period);
    const base = segments
      .filter((segment) => segment.resolution <= span)
      .flatMap((segment) => segment.candles)
      .sort((a, b) => a.time - b.time);
    result.set(period, period === '1min' ? base : aggregate(base, period).map(tidy));
  }
  return result;
}

/**
 * History ending at `now` (the current minute excluded: live trades make it) whose
 * last close is `endPrice`.
 */
export function backfill(flow: FlowModel, now: number, endPrice: number, depth: HistoryDepth, seed: number): Map<Period, Candle[]> {
  const rng = new Rng(seed);
  const today = bucketStart(now, '1day');
  const minuteFrom = today - depth.minuteDays * DAY;
  const hourFrom = today - depth.hourDays * DAY;
  const dayFrom = today - depth.dayDays * DAY;
  const minute = walk(flow, MINUTE, minuteFrom, bucketStart(now, '1min'), 1, rng);
  scaleTo(minute, endPrice);
  const hour = walk(flow, HOUR, hourFrom, minuteFrom, 1, rng);
  scaleTo(hour, minute[0]?.open ?? endPrice);
  const day = walk(flow, DAY, dayFrom, hourFrom, 1, rng);
  scaleTo(day, hour[0]?.open ?? endPrice);
  return allPeriods([
    { resolution: DAY, candles: round(day, flow.instrument) },
    { resolution: HOUR, candles: round(hour, flow.instrument) },
    { resolution: MINUTE, candles: round(minute, flow.instrument) },
  ]);
}

/**
 * History for a time the server was not running: the minutes after `lastMinute` up to
 * the current one, walking on from `startPrice`. A stop longer than the minute window
 * is filled with hourly candles for its older part, as the first backfill would have.
 */
export function gapFill(flow: FlowModel, lastMinute: number, now: number, startPrice: number, depth: HistoryDepth, seed: number): Map<Period, Candle[]> {
  const rng = new Rng(seed);
  const from = lastMinute + MINUTE;
  const end = bucketStart(now, '1min');
  if (from >= end) return new Map();
  const windowStart = bucketStart(now, '1day') - depth.minuteDays * DAY;
  const segments: Segment[] = [];
  let price = startPrice;
  let cursor = from;
  if (windowStart > from) {
    // Minutes up to the next hour, then hours up to the minute window.
    const firstHour = Math.min(bucketStart(from + HOUR - 1, '60min'), windowStart);
    const lead = walk(flow, MINUTE, cursor, firstHour, price, rng);
    price = lead.at(-1)?.close ?? price;
    const hours = walk(flow, HOUR, firstHour, windowStart, price, rng);
    price = hours.at(-1)?.close ?? price;
    segments.push({ resolution: MINUTE, candles: lead }, { resolution: HOUR, candles: hours });
    cursor = windowStart;
  }
  segments.push({ resolution: MINUTE, candles: walk(flow, MINUTE, cursor, end, price, rng) });
  return allPeriods(segments.map((segment) => ({ resolution: segment.resolution, candles: round(segment.candles, flow.instrument) })));
}
