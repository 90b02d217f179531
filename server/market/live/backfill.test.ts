import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { DAY, PERIODS, type Period } from '../../../contract/market';
import { openDatabase } from '../../db/database';
import { binanceKlines, FakeBinance, readSession } from '../../testing/fake-binance';
import type { FakeExchangeView, RecordedCandle } from '../../testing/fake-exchange';
import { FakeOkx, okxCandles, readOkxSession } from '../../testing/fake-okx';
import { storeOf } from '../../testing/store';
import { readCandles } from '../store';
import { backfillLive } from './backfill';
import { LiveConnector, type LiveExchangeId, type LiveMarket } from './connector';

const fixtures = path.resolve(import.meta.dirname, '../../../tests/fixtures');
const binanceSession = readSession(path.join(fixtures, 'binance-session.ndjson.gz'));
const okxSession = readOkxSession(path.join(fixtures, 'okx-session.ndjson.gz'));

const BINANCE_INTERVALS: Record<Period, string> = { '1min': '1m', '5min': '5m', '15min': '15m', '30min': '30m', '60min': '1h', '1day': '1d', '1week': '1w', '1mon': '1M' };
const OKX_BARS: Record<Period, string> = { '1min': '1m', '5min': '5m', '15min': '15m', '30min': '30m', '60min': '1H', '1day': '1Dutc', '1week': '1Wutc', '1mon': '1Mutc' };

const EXCHANGES: { exchange: LiveExchangeId; fake: () => FakeExchangeView; BTC: LiveMarket; start: number; recorded: (period: Period) => RecordedCandle[]; minuteRequest: string }[] = [
  {
    exchange: 'binance',
    fake: () => new FakeBinance(binanceSession),
    BTC: { id: 1, symbol: 'BTC/USDT', pricePrecision: 2, qtyPrecision: 5 },
    start: binanceSession.header.start,
    recorded: (period) => binanceKlines(binanceSession, 'BTCUSDT', BINANCE_INTERVALS[period]),
    minuteRequest: 'interval=1m&',
  },
  {
    exchange: 'okx',
    fake: () => new FakeOkx(okxSession),
    BTC: { id: 1, symbol: 'BTC/USDT', pricePrecision: 2, qtyPrecision: 8 },
    start: okxSession.header.start,
    recorded: (period) => okxCandles(okxSession, 'BTC-USDT', OKX_BARS[period]),
    minuteRequest: 'bar=1m&',
  },
];

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

describe.each(EXCHANGES)('$exchange', ({ exchange, fake: makeFake, BTC, start, recorded, minuteRequest }) => {
  /** A fresh store, and the connector open on a fresh fake of the exchange. */
  async function opened() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-backfill-'));
    const db = await openDatabase((await storeOf(dir)).location);
    closing.push(async () => {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    const fake = makeFake();
    const urls = await fake.listen();
    closing.push(() => fake.close());
    const connector = new LiveConnector({ exchange, markets: [BTC], urls });
    closing.push(() => connector.stop());
    await connector.open();
    return { db, fake, connector };
  }

  test("a live market's history is the exchange's candles of every period, read page by page, and a restart reads on from the newest stored candle", async () => {
    const { db, fake, connector } = await opened();

    // Pages of 50: the 120 recorded minutes take at least three requests. Each period goes
    // back as far as the session has candles (a real pair has them for the whole default reach).
    const days = Object.fromEntries(PERIODS.map((period) => [period, (start - (recorded(period)[0]?.[0] ?? start)) / DAY]));
    const first = await backfillLive(db, connector, BTC.id, start, { page: 50, days });
    for (const period of PERIODS) {
      const want = recorded(period).map(([time, open, high, low, close, volume]) => [time, Number(open), Number(high), Number(low), Number(close), Number(volume)]);
      expect(want.length, period).toBeGreaterThan(0);
      const stored = await readCandles(db, BTC.id, period, 0, start + 1, 10_000);
      expect(
        stored.map((candle) => [candle.time, candle.open, candle.high, candle.low, candle.close, candle.volume]),
        period,
      ).toEqual(want.filter(([time]) => (time as number) >= (first.find((entry) => entry.period === period)?.from ?? 0)));
    }
    expect(fake.requests.filter((request) => request.includes(minuteRequest)).length).toBeGreaterThanOrEqual(3);
    expect(first.find((entry) => entry.period === '1min')?.written).toBe(120);

    // A restart: each period is read again from its newest stored candle only.
    const before = fake.requests.length;
    const again = await backfillLive(db, connector, BTC.id, start, { page: 50, days });
    const newestMinute = recorded('1min').at(-1)?.[0];
    expect(again.find((entry) => entry.period === '1min')).toEqual({ period: '1min', from: newestMinute, written: 1 });
    expect(fake.requests.slice(before).filter((request) => request.includes(minuteRequest)).length).toBeLessThanOrEqual(2);
    expect(await readCandles(db, BTC.id, '1min', 0, start + 1, 10_000)).toHaveLength(120);
  });

  test("as the server reads it (its own reach, the exchange's own page), no recorded candle is skipped", async () => {
    const { db, connector } = await opened();
    // OKX answers windows of its page from the time asked: an empty one moves on by that page, not by more.
    await backfillLive(db, connector, BTC.id, start);
    for (const period of PERIODS) {
      const stored = await readCandles(db, BTC.id, period, 0, start + 1, 10_000);
      expect(
        stored.map((candle) => candle.time),
        period,
      ).toEqual(recorded(period).map(([time]) => time));
    }
  });
});
