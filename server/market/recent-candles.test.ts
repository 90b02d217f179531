import { afterEach, beforeEach, expect, test } from 'vitest';
import { bucketStart, MINUTE, PERIODS, periodMs, type Candle, type Period } from '../../contract/market';
import { createHarness, type Harness } from '../testing/harness';
import { INSTRUMENTS } from './instruments';
import { RecentCandles, type ReadCandles } from './recent-candles';
import { Simulator } from './simulator';
import { readCandles } from './store';

let h: Harness;
let reads: number;
let read: ReadCandles;

beforeEach(async () => {
  h = await createHarness();
  reads = 0;
  read = (marketId, period, from, to, limit) => {
    reads++;
    return readCandles(h.ctx.db, marketId, period, from, to, limit);
  };
});
afterEach(async () => {
  await h.close();
});

/** Runs the simulated market for `ms` of the harness clock (the engine alone, no exchange steps). */
function trade(ms: number, rate = 200, seed = 21): void {
  const engine = h.ctx.market.engine;
  const simulator = new Simulator({
    instruments: INSTRUMENTS,
    startPrices: new Map(INSTRUMENTS.map((def) => [def.id, engine.lastTicks(def.id)])),
    startTime: h.ctx.now(),
    seed,
    tradesPerSecond: rate,
    now: () => h.ctx.now(),
  });
  h.advance(ms);
  engine.apply(simulator.runUntil(h.ctx.now()));
}

/** What the endpoint answered before candles were kept in memory: the store, then the unwritten candles and the open one. */
async function fromStore(marketId: number, period: Period, from: number, to: number, limit: number): Promise<Candle[]> {
  const stored = await readCandles(h.ctx.db, marketId, period, from, to, limit);
  const live = [...h.ctx.market.unsaved(marketId, period), h.ctx.market.engine.openCandle(marketId, period)];
  const byTime = new Map<number, Candle>(stored.map((candle) => [candle.time, candle]));
  for (const candle of live) if (candle && candle.time >= from && candle.time < to) byTime.set(candle.time, { ...candle });
  return [...byTime.values()].sort((a, b) => a.time - b.time).slice(-limit);
}

/** The ranges the endpoint asks for (routes.ts): the latest 300, the full range, ranges in the past. */
function ranges(period: Period): { name: string; from: number; to: number; limit: number }[] {
  const to = h.ctx.market.engine.time + 1;
  const length = periodMs(period);
  return [
    { name: 'latest', from: to - length * 302, to, limit: 300 },
    { name: 'full', from: 0, to, limit: 1000 },
    { name: 'older than memory', from: 0, to: to - 1100 * length, limit: 1000 },
    { name: 'ten in the past', from: to - 40 * length, to: to - 30 * length, limit: 1000 },
  ];
}

async function expectSameAsStore(candles: RecentCandles, marketId: number): Promise<void> {
  for (const period of PERIODS) {
    for (const range of ranges(period)) {
      const answer = await candles.snapshot(marketId, period, range.from, range.to, range.limit);
      expect(answer.data, `${period} ${range.name}`).toEqual(await fromStore(marketId, period, range.from, range.to, range.limit));
      expect(answer.seq).toBe(h.ctx.market.engine.lastSeq(marketId));
      // Written from the kept text, to the byte what JSON.stringify writes.
      const envelope = { code: 1, msg: 'ok', ...answer };
      expect(candles.serialize(envelope)).toBe(JSON.stringify(envelope));
    }
  }
}

test('answers what the store and the unwritten candles give, for every period and range, before and after trading and writing', async () => {
  const candles = RecentCandles.forEngine(h.ctx.market.engine, read, (marketId, period) => h.ctx.market.unsaved(marketId, period));
  await expectSameAsStore(candles, 1);
  trade(3 * MINUTE);
  await expectSameAsStore(candles, 1);
  await h.ctx.market.flush();
  await expectSameAsStore(candles, 2);
  trade(2 * MINUTE, 300, 22);
  await expectSameAsStore(candles, 1);
  await expectSameAsStore(candles, 2);

  // The charts' requests (the latest 300, the full range) no longer read the store.
  reads = 0;
  trade(MINUTE, 200, 23);
  for (const period of PERIODS) {
    const [latest, full] = ranges(period);
    for (const range of [latest!, full!]) {
      const answer = await candles.snapshot(1, period, range.from, range.to, range.limit);
      expect(answer.data.at(-1)).toEqual(h.ctx.market.engine.openCandle(1, period));
      const twice = await candles.snapshot(1, period, range.from, range.to, range.limit);
      expect(candles.serialize({ ...twice })).toBe(JSON.stringify(answer));
    }
  }
  expect(reads).toBe(0);
});

test('candles that close while an entry is read from the store are in it', async () => {
  const candles = RecentCandles.forEngine(h.ctx.market.engine, read, (marketId, period) => h.ctx.market.unsaved(marketId, period));
  // A range reaching past the minutes about to trade.
  const to = h.ctx.now() + 10 * MINUTE;
  const reading = candles.snapshot(1, '1min', 0, to, 1000);
  // Three minutes close before the read answers.
  const before = bucketStart(h.ctx.now(), '1min');
  trade(3 * MINUTE);
  const first = await reading;
  expect(first.data).toEqual(await fromStore(1, '1min', 0, to, 1000));
  expect(first.data.filter((candle) => candle.time >= before).length).toBeGreaterThanOrEqual(3);
  expect(first.seq).toBe(h.ctx.market.engine.lastSeq(1));
  const again = await candles.snapshot(1, '1min', 0, to, 1000);
  expect(again.data).toEqual(first.data);
  expect(reads).toBe(1);
});

test('a small memory: the oldest candles leave it, a range older than it is read from the store, the least recently used market-period leaves', async () => {
  const candles = RecentCandles.forEngine(h.ctx.market.engine, read, (marketId, period) => h.ctx.market.unsaved(marketId, period), { kept: 5, entries: 2 });
  const recent = async (period: Period, count: number) => {
    const to = h.ctx.market.engine.time + 1;
    const from = to - count * periodMs(period);
    const answer = await candles.snapshot(1, period, from, to, 1000);
    expect(answer.data).toEqual(await fromStore(1, period, from, to, 1000));
  };
  await recent('1min', 3);
  expect(reads).toBe(1);
  // Eight minutes close: more than the 6 kept before a trim.
  trade(8 * MINUTE, 20, 100);
  await recent('1min', 3);
  expect(reads).toBe(1);
  // Twelve minutes back reach past what is kept: the store answers.
  await recent('1min', 12);
  expect(reads).toBe(2);
  await expectSameAsStore(candles, 1);

  // Two market-periods at most: the least recently used leaves and is read again when asked.
  reads = 0;
  await recent('1min', 3);
  await recent('5min', 3);
  expect(reads).toBe(2);
  await recent('1min', 3);
  await recent('5min', 3);
  expect(reads).toBe(2);
  // 15min comes in, 1min (used longest ago) leaves.
  await recent('15min', 3);
  await recent('5min', 3);
  expect(reads).toBe(3);
  await recent('1min', 3);
  expect(reads).toBe(4);
});
