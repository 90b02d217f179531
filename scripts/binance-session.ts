/**
 * Writes tests/fixtures/binance-session.ndjson.gz, the session the fake Binance
 * (server/testing/fake-binance.ts) replays in the live market tests:
 *
 *   npx tsx scripts/binance-session.ts [FILE]
 *
 * No machine here reaches Binance, so the session is not a capture: it is written in
 * Binance's own formats (exchangeInfo symbols with their filters, depth snapshots, kline
 * rows, `trade` and `depthUpdate` stream messages with their ids) from a seeded random
 * walk, and is the same on every run. Three symbols we list (BTCUSDT, ETHUSDT, XRPUSDT)
 * and one we do not (PEPEUSDT); 40 s of trades and 100 ms book diffs; klines of every
 * interval before the start.
 */
import path from 'node:path';
import { Rng } from '../server/market/rng';
import { writeSession, type BinanceSymbol, type KlineRow, type SessionLine } from '../server/testing/fake-binance';

const file = path.resolve(process.argv[2] ?? 'tests/fixtures/binance-session.ndjson.gz');
/** 2026-11-27 12:00:00 UTC */
const START = Date.UTC(2026, 10, 27, 12);
const SECONDS = 40;
const rng = new Rng(20261127);

interface Spec {
  symbol: string;
  base: string;
  tick: number;
  step: number;
  price: number;
  /** trades per second */
  rate: number;
  /** typical trade size in base units */
  size: number;
}

const SPECS: Spec[] = [
  { symbol: 'BTCUSDT', base: 'BTC', tick: 0.01, step: 0.00001, price: 91_234.56, rate: 12, size: 0.02 },
  { symbol: 'ETHUSDT', base: 'ETH', tick: 0.01, step: 0.0001, price: 3_021.17, rate: 8, size: 0.4 },
  { symbol: 'XRPUSDT', base: 'XRP', tick: 0.0001, step: 0.1, price: 2.0512, rate: 5, size: 400 },
  { symbol: 'PEPEUSDT', base: 'PEPE', tick: 0.00000001, step: 1, price: 0.00000412, rate: 3, size: 2_000_000 },
];

const decimals = (unit: number) => Math.max(0, Math.round(-Math.log10(unit)));
const fmt = (value: number, unit: number) => value.toFixed(decimals(unit));

function symbolInfo(spec: Spec): BinanceSymbol {
  return {
    symbol: spec.symbol,
    status: 'TRADING',
    baseAsset: spec.base,
    quoteAsset: 'USDT',
    baseAssetPrecision: 8,
    quotePrecision: 8,
    quoteAssetPrecision: 8,
    orderTypes: ['LIMIT', 'LIMIT_MAKER', 'MARKET', 'STOP_LOSS_LIMIT', 'TAKE_PROFIT_LIMIT'],
    isSpotTradingAllowed: true,
    isMarginTradingAllowed: true,
    filters: [
      { filterType: 'PRICE_FILTER', minPrice: fmt(spec.tick, spec.tick), maxPrice: fmt(1_000_000, spec.tick), tickSize: fmt(spec.tick, spec.tick) },
      { filterType: 'LOT_SIZE', minQty: fmt(spec.step, spec.step), maxQty: fmt(9_000_000_000, spec.step), stepSize: fmt(spec.step, spec.step) },
    ],
    permissions: [],
    permissionSets: [['SPOT', 'MARGIN']],
  };
}

const INTERVALS: [string, number, number][] = [
  ['1m', 60_000, 120],
  ['5m', 300_000, 60],
  ['15m', 900_000, 40],
  ['30m', 1_800_000, 30],
  ['1h', 3_600_000, 30],
  ['1d', 86_400_000, 30],
];

/** Klines ending where the session starts: a walk backwards from the start price, then played forwards. */
function klines(spec: Spec): Record<string, KlineRow[]> {
  const out: Record<string, KlineRow[]> = {};
  const rows = (interval: number, count: number, firstOpen: number): KlineRow[] => {
    const closes: number[] = [spec.price];
    for (let i = 1; i <= count; i++) closes.push((closes[i - 1] as number) * Math.exp(-0.002 * Math.sqrt(interval / 60_000) * rng.normal()));
    closes.reverse();
    const result: KlineRow[] = [];
    for (let i = 0; i < count; i++) {
      const open = closes[i] as number;
      const close = closes[i + 1] as number;
      const wiggle = Math.abs(close - open) * 0.5 + spec.price * 0.0005;
      const high = Math.max(open, close) + wiggle * rng.next();
      const low = Math.min(open, close) - wiggle * rng.next();
      const trades = 1 + Math.round(spec.rate * (interval / 1000) * (0.5 + rng.next()));
      const volume = Math.round((trades * spec.size * (0.5 + rng.next())) / spec.step) * spec.step;
      const openTime = firstOpen + i * interval;
      const mid = (open + close) / 2;
      const round = (value: number) => Math.round(value / spec.tick) * spec.tick;
      result.push([
        openTime,
        fmt(round(open), spec.tick),
        fmt(round(high), spec.tick),
        fmt(round(low), spec.tick),
        fmt(round(close), spec.tick),
        fmt(volume, spec.step),
        openTime + interval - 1,
        (volume * mid).toFixed(8),
        trades,
        fmt(volume / 2, spec.step),
        ((volume / 2) * mid).toFixed(8),
        '0',
      ]);
    }
    return result;
  };
  for (const [name, interval, count] of INTERVALS) {
    const firstOpen = Math.floor(START / interval) * interval - count * interval;
    out[name] = rows(interval, count, firstOpen);
  }
  // Weeks start on Monday, months on the 1st (UTC), as Binance cuts them.
  const day = Math.floor(START / 86_400_000);
  const monday = (day - ((day + 3) % 7)) * 86_400_000;
  out['1w'] = rows(7 * 86_400_000, 10, monday - 10 * 7 * 86_400_000);
  const months: KlineRow[] = [];
  const monthly = rows(30 * 86_400_000, 6, 0);
  const date = new Date(START);
  monthly.forEach((row, index) => {
    const open = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 6 + index, 1);
    const close = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 5 + index, 1) - 1;
    months.push([open, row[1], row[2], row[3], row[4], row[5], close, row[7], row[8], row[9], row[10], row[11]]);
  });
  out['1M'] = months;
  return out;
}

const lines: SessionLine[] = [];
const books: Record<string, { lastUpdateId: number; bids: [string, string][]; asks: [string, string][] }> = {};
const klineTable: Record<string, Record<string, KlineRow[]>> = {};
let tradeId = 4_100_000_000;
for (const spec of SPECS) {
  klineTable[spec.symbol] = klines(spec);
  const lower = spec.symbol.toLowerCase();
  let updateId = 50_000_000_000 + Math.floor(rng.next() * 1_000_000);
  const ticks = (price: number) => Math.round(price / spec.tick);
  let mid = ticks(spec.price);
  const level = () => Math.round(((spec.size * (1 + 4 * rng.next())) / spec.step) * 1) * spec.step;
  const bids = new Map<number, number>();
  const asks = new Map<number, number>();
  for (let i = 0; i < 40; i++) {
    bids.set(mid - 1 - i, level());
    asks.set(mid + 1 + i, level());
  }
  const side = (map: Map<number, number>, descending: boolean): [string, string][] =>
    [...map].sort((a, b) => (descending ? b[0] - a[0] : a[0] - b[0])).map(([price, quantity]) => [fmt(price * spec.tick, spec.tick), fmt(quantity, spec.step)]);
  books[spec.symbol] = { lastUpdateId: updateId, bids: side(bids, true), asks: side(asks, false) };

  for (let at = 0; at < SECONDS * 1000; at += 100) {
    // Trades in this 100 ms, each taking from the best level of its side.
    const count = rng.poisson(spec.rate / 10);
    const changedBids = new Map<number, number>();
    const changedAsks = new Map<number, number>();
    for (let i = 0; i < count; i++) {
      const buy = rng.next() < 0.5;
      const book = buy ? asks : bids;
      const best = buy ? Math.min(...book.keys()) : Math.max(...book.keys());
      const available = book.get(best) as number;
      const quantity = Math.max(spec.step, Math.min(available, Math.round((spec.size * Math.exp(rng.normal() - 0.5)) / spec.step) * spec.step));
      const left = Math.round((available - quantity) / spec.step) * spec.step;
      if (left <= 0) book.delete(best);
      else book.set(best, left);
      (buy ? changedAsks : changedBids).set(best, Math.max(0, left));
      const time = START + at + Math.floor((i * 100) / count);
      lines.push({
        at: at + Math.floor((i * 100) / count),
        stream: `${lower}@trade`,
        data: { e: 'trade', E: time + 1, s: spec.symbol, t: ++tradeId, p: fmt(best * spec.tick, spec.tick), q: fmt(quantity, spec.step), T: time, m: !buy, M: true },
      });
    }
    // The market makers re-quote around a drifting mid.
    mid = Math.round(mid * Math.exp(0.00002 * rng.normal()));
    for (const [price] of bids) {
      if (price < mid) continue;
      bids.delete(price);
      changedBids.set(price, 0);
    }
    for (const [price] of asks) {
      if (price > mid) continue;
      asks.delete(price);
      changedAsks.set(price, 0);
    }
    for (let i = 0; i < 3; i++) {
      const bid = mid - 1 - Math.floor(rng.next() * 20);
      const ask = mid + 1 + Math.floor(rng.next() * 20);
      const bidSize = level();
      const askSize = level();
      bids.set(bid, bidSize);
      asks.set(ask, askSize);
      changedBids.set(bid, bidSize);
      changedAsks.set(ask, askSize);
    }
    const first = updateId + 1;
    updateId += changedBids.size + changedAsks.size;
    const entries = (map: Map<number, number>): [string, string][] => [...map].map(([price, quantity]) => [fmt(price * spec.tick, spec.tick), fmt(quantity, spec.step)]);
    lines.push({
      at: at + 99,
      stream: `${lower}@depth@100ms`,
      data: { e: 'depthUpdate', E: START + at + 99, s: spec.symbol, U: first, u: updateId, b: entries(changedBids), a: entries(changedAsks) },
    });
  }
}
lines.sort((a, b) => a.at - b.at);
writeSession(file, { header: { format: 'binance-session', version: 1, symbols: SPECS.map(symbolInfo), books, klines: klineTable, start: START }, lines });
console.log(`${path.relative(process.cwd(), file)}: ${lines.length} messages over ${SECONDS} s, ${SPECS.length} symbols`);
