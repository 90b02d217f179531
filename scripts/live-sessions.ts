/**
 * Writes the sessions the fake exchanges replay in the live market tests:
 * tests/fixtures/binance-session.ndjson.gz (server/testing/fake-binance.ts) and
 * tests/fixtures/okx-session.ndjson.gz (server/testing/fake-okx.ts):
 *
 *   npx tsx scripts/live-sessions.ts [binance|okx FILE]
 *
 * No machine here reaches the exchanges, so the sessions are not captures: each is written
 * in its exchange's own formats (Binance: exchangeInfo symbols with their filters, depth
 * snapshots, kline rows, `trade` and `depthUpdate` stream messages with their ids; OKX:
 * SPOT instruments, books with `seqId`/`prevSeqId` and their CRC32 checksums, candles,
 * `trades` and `books` pushes) from one seeded random walk per exchange, and is the same on
 * every run. Three pairs we list (BTC, ETH and XRP against USDT) and one we do not (PEPE);
 * 40 s of trades and 100 ms book updates; candles of every interval before the start. Each
 * exchange's pairs have its own ticks and lot sizes (OKX's BTC lot is 0.00000001).
 */
import path from 'node:path';
import { Rng } from '../server/market/rng';
import { writeSession, type BinanceSymbol, type KlineRow, type SessionLine } from '../server/testing/fake-binance';
import { okxChecksum } from '../server/market/live/connector';
import { okxLevel, writeOkxSession, type OkxCandle, type OkxInstrument, type OkxLevel, type SessionLine as OkxLine } from '../server/testing/fake-okx';

/** 2026-11-27 12:00:00 UTC */
const START = Date.UTC(2026, 10, 27, 12);
const SECONDS = 40;

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

const BINANCE: Spec[] = [
  { symbol: 'BTCUSDT', base: 'BTC', tick: 0.01, step: 0.00001, price: 91_234.56, rate: 12, size: 0.02 },
  { symbol: 'ETHUSDT', base: 'ETH', tick: 0.01, step: 0.0001, price: 3_021.17, rate: 8, size: 0.4 },
  { symbol: 'XRPUSDT', base: 'XRP', tick: 0.0001, step: 0.1, price: 2.0512, rate: 5, size: 400 },
  { symbol: 'PEPEUSDT', base: 'PEPE', tick: 0.00000001, step: 1, price: 0.00000412, rate: 3, size: 2_000_000 },
];

const decimals = (unit: number) => Math.max(0, Math.round(-Math.log10(unit)));
const fmt = (value: number, unit: number) => value.toFixed(decimals(unit));

function binanceSymbol(spec: Spec): BinanceSymbol {
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
function klines(spec: Spec, rng: Rng): Record<string, KlineRow[]> {
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

/** What happened in one 100 ms step of a pair's walk. */
interface Step {
  at: number;
  /** price and quantity in ticks and base units; buy: the taker bought */
  trades: { at: number; time: number; ticks: number; quantity: number; buy: boolean }[];
  /** levels changed in the step (price in ticks -> quantity, 0: removed) */
  bids: Map<number, number>;
  asks: Map<number, number>;
}

interface Walk {
  klines: Record<string, KlineRow[]>;
  /** a random number for the pair's first update id */
  idSeed: number;
  /** the book at the start (price in ticks -> quantity) */
  bids: Map<number, number>;
  asks: Map<number, number>;
  steps: Step[];
}

/** One pair's session: klines before the start, a book, then trades taking from it and market makers re-quoting. */
function walk(spec: Spec, rng: Rng): Walk {
  const klineRows = klines(spec, rng);
  const idSeed = rng.next();
  const ticks = (price: number) => Math.round(price / spec.tick);
  let mid = ticks(spec.price);
  const level = () => Math.round(((spec.size * (1 + 4 * rng.next())) / spec.step) * 1) * spec.step;
  const bids = new Map<number, number>();
  const asks = new Map<number, number>();
  for (let i = 0; i < 40; i++) {
    bids.set(mid - 1 - i, level());
    asks.set(mid + 1 + i, level());
  }
  const start = { bids: new Map(bids), asks: new Map(asks) };
  const steps: Step[] = [];
  for (let at = 0; at < SECONDS * 1000; at += 100) {
    // Trades in this 100 ms, each taking from the best level of its side.
    const count = rng.poisson(spec.rate / 10);
    const step: Step = { at, trades: [], bids: new Map(), asks: new Map() };
    for (let i = 0; i < count; i++) {
      const buy = rng.next() < 0.5;
      const book = buy ? asks : bids;
      const best = buy ? Math.min(...book.keys()) : Math.max(...book.keys());
      const available = book.get(best) as number;
      const quantity = Math.max(spec.step, Math.min(available, Math.round((spec.size * Math.exp(rng.normal() - 0.5)) / spec.step) * spec.step));
      const left = Math.round((available - quantity) / spec.step) * spec.step;
      if (left <= 0) book.delete(best);
      else book.set(best, left);
      (buy ? step.asks : step.bids).set(best, Math.max(0, left));
      const offset = Math.floor((i * 100) / count);
      step.trades.push({ at: at + offset, time: START + at + offset, ticks: best, quantity, buy });
    }
    // The market makers re-quote around a drifting mid.
    mid = Math.round(mid * Math.exp(0.00002 * rng.normal()));
    for (const [price] of bids) {
      if (price < mid) continue;
      bids.delete(price);
      step.bids.set(price, 0);
    }
    for (const [price] of asks) {
      if (price > mid) continue;
      asks.delete(price);
      step.asks.set(price, 0);
    }
    for (let i = 0; i < 3; i++) {
      const bid = mid - 1 - Math.floor(rng.next() * 20);
      const ask = mid + 1 + Math.floor(rng.next() * 20);
      const bidSize = level();
      const askSize = level();
      bids.set(bid, bidSize);
      asks.set(ask, askSize);
      step.bids.set(bid, bidSize);
      step.asks.set(ask, askSize);
    }
    steps.push(step);
  }
  return { klines: klineRows, idSeed, ...start, steps };
}

/** Levels as the exchange writes them, best first when `bestFirst` is given (true for bids). */
function levels(spec: Spec, side: Map<number, number>, bestFirst?: boolean): [string, string][] {
  const entries = [...side];
  if (bestFirst !== undefined) entries.sort((a, b) => (bestFirst ? b[0] - a[0] : a[0] - b[0]));
  return entries.map(([price, quantity]) => [fmt(price * spec.tick, spec.tick), fmt(quantity, spec.step)]);
}

function binanceSession(file: string): string {
  const rng = new Rng(20261127);
  const lines: SessionLine[] = [];
  const books: Record<string, { lastUpdateId: number; bids: [string, string][]; asks: [string, string][] }> = {};
  const klineTable: Record<string, Record<string, KlineRow[]>> = {};
  let tradeId = 4_100_000_000;
  for (const spec of BINANCE) {
    const pair = walk(spec, rng);
    klineTable[spec.symbol] = pair.klines;
    const lower = spec.symbol.toLowerCase();
    let updateId = 50_000_000_000 + Math.floor(pair.idSeed * 1_000_000);
    books[spec.symbol] = { lastUpdateId: updateId, bids: levels(spec, pair.bids, true), asks: levels(spec, pair.asks, false) };
    for (const step of pair.steps) {
      for (const trade of step.trades) {
        lines.push({
          at: trade.at,
          stream: `${lower}@trade`,
          data: { e: 'trade', E: trade.time + 1, s: spec.symbol, t: ++tradeId, p: fmt(trade.ticks * spec.tick, spec.tick), q: fmt(trade.quantity, spec.step), T: trade.time, m: !trade.buy, M: true },
        });
      }
      const first = updateId + 1;
      updateId += step.bids.size + step.asks.size;
      lines.push({
        at: step.at + 99,
        stream: `${lower}@depth@100ms`,
        data: { e: 'depthUpdate', E: START + step.at + 99, s: spec.symbol, U: first, u: updateId, b: levels(spec, step.bids), a: levels(spec, step.asks) },
      });
    }
  }
  lines.sort((a, b) => a.at - b.at);
  writeSession(file, { header: { format: 'binance-session', version: 1, symbols: BINANCE.map(binanceSymbol), books, klines: klineTable, start: START }, lines });
  return `${path.relative(process.cwd(), file)}: ${lines.length} messages over ${SECONDS} s, ${BINANCE.length} symbols`;
}

/** OKX's pairs, with its ticks and lot sizes (finer lots than Binance's). */
const OKX: Spec[] = [
  { symbol: 'BTC-USDT', base: 'BTC', tick: 0.1, step: 0.00000001, price: 91_234.5, rate: 12, size: 0.02 },
  { symbol: 'ETH-USDT', base: 'ETH', tick: 0.01, step: 0.000001, price: 3_021.17, rate: 8, size: 0.4 },
  { symbol: 'XRP-USDT', base: 'XRP', tick: 0.0001, step: 0.000001, price: 2.0512, rate: 5, size: 400 },
  { symbol: 'PEPE-USDT', base: 'PEPE', tick: 0.000000001, step: 1, price: 0.00000412, rate: 3, size: 2_000_000 },
];

function okxInstrument(spec: Spec): OkxInstrument {
  return {
    instType: 'SPOT',
    instId: spec.symbol,
    baseCcy: spec.base,
    quoteCcy: 'USDT',
    settleCcy: '',
    ctVal: '',
    uly: '',
    instFamily: '',
    tickSz: fmt(spec.tick, spec.tick),
    lotSz: fmt(spec.step, spec.step),
    minSz: fmt(spec.step * 1000, spec.step),
    maxLmtSz: '9999999999',
    maxMktSz: '1000000',
    lever: '10',
    listTime: '1548133413000',
    state: 'live',
  };
}

/** OKX's bars for Binance's intervals (UTC days, weeks and months). */
const OKX_BARS: Record<string, string> = { '1m': '1m', '5m': '5m', '15m': '15m', '30m': '30m', '1h': '1H', '1d': '1Dutc', '1w': '1Wutc', '1M': '1Mutc' };

function okxSession(file: string): string {
  const rng = new Rng(20261128);
  const lines: OkxLine[] = [];
  const books: Record<string, { seqId: number; bids: OkxLevel[]; asks: OkxLevel[] }> = {};
  const candles: Record<string, Record<string, OkxCandle[]>> = {};
  for (const [index, spec] of OKX.entries()) {
    const pair = walk(spec, rng);
    candles[spec.symbol] = Object.fromEntries(
      Object.entries(pair.klines).map(([interval, rows]) => [
        OKX_BARS[interval] ?? interval,
        rows.map((row): OkxCandle => [String(row[0]), row[1], row[2], row[3], row[4], row[5], row[7], row[7], '1']),
      ]),
    );
    let seqId = 30_000_000_000 + Math.floor(pair.idSeed * 1_000_000);
    let tradeId = 700_000_000 + index * 100_000_000;
    const book = { bids: new Map(pair.bids), asks: new Map(pair.asks) };
    const okxLevels = (side: Map<number, number>, bestFirst?: boolean) => levels(spec, side, bestFirst).map(([price, size]) => okxLevel(price, size));
    books[spec.symbol] = { seqId, bids: okxLevels(book.bids, true), asks: okxLevels(book.asks, false) };
    for (const step of pair.steps) {
      for (const trade of step.trades) {
        lines.push({
          at: trade.at,
          stream: `trades:${spec.symbol}`,
          data: {
            arg: { channel: 'trades', instId: spec.symbol },
            data: [
              {
                instId: spec.symbol,
                tradeId: String(++tradeId),
                px: fmt(trade.ticks * spec.tick, spec.tick),
                sz: fmt(trade.quantity, spec.step),
                side: trade.buy ? 'buy' : 'sell',
                ts: String(trade.time),
                count: '1',
                source: '0',
                seqId: tradeId,
              },
            ],
          },
        });
      }
      for (const [price, quantity] of step.bids)
        if (quantity > 0) book.bids.set(price, quantity);
        else book.bids.delete(price);
      for (const [price, quantity] of step.asks)
        if (quantity > 0) book.asks.set(price, quantity);
        else book.asks.delete(price);
      const prevSeqId = seqId;
      seqId += step.bids.size + step.asks.size;
      lines.push({
        at: step.at + 99,
        stream: `books:${spec.symbol}`,
        data: {
          arg: { channel: 'books', instId: spec.symbol },
          action: 'update',
          data: [
            {
              asks: okxLevels(step.asks),
              bids: okxLevels(step.bids),
              ts: String(START + step.at + 99),
              checksum: okxChecksum(levels(spec, book.bids, true), levels(spec, book.asks, false)),
              prevSeqId,
              seqId,
            },
          ],
        },
      });
    }
  }
  lines.sort((a, b) => a.at - b.at);
  writeOkxSession(file, { header: { format: 'okx-session', version: 1, instruments: OKX.map(okxInstrument), books, candles, start: START }, lines });
  return `${path.relative(process.cwd(), file)}: ${lines.length} pushes over ${SECONDS} s, ${OKX.length} instruments`;
}

const [exchange, target] = process.argv.slice(2);
if (exchange === undefined || exchange === 'binance') console.log(binanceSession(path.resolve(target ?? 'tests/fixtures/binance-session.ndjson.gz')));
if (exchange === undefined || exchange === 'okx') console.log(okxSession(path.resolve(target ?? 'tests/fixtures/okx-session.ndjson.gz')));
