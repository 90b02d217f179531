import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { PERIODS } from '../../../contract/market';
import { openDatabase, type Db } from '../../db/database';
import { FakeBinance, readSession } from '../../testing/fake-binance';
import { storeOf } from '../../testing/store';
import { readCandles } from '../store';
import { backfillLive } from './backfill';
import { LiveConnector, TIMEFRAMES, type LiveMarket } from './connector';

const session = readSession(path.resolve(import.meta.dirname, '../../../tests/fixtures/binance-session.ndjson.gz'));
const BTC: LiveMarket = { id: 1, symbol: 'BTC/USDT', pricePrecision: 2, qtyPrecision: 5 };

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

async function setUp(): Promise<{ db: Db; fake: FakeBinance; connector: LiveConnector }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-backfill-'));
  const db = await openDatabase((await storeOf(dir)).location);
  const fake = new FakeBinance(session);
  const urls = await fake.listen();
  const connector = new LiveConnector({ exchange: 'binance', markets: [BTC], urls });
  await connector.open();
  closing.push(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  closing.push(() => fake.close());
  closing.push(() => connector.stop());
  return { db, fake, connector };
}

test("a live market's history is the exchange's klines of every period, read page by page, and a restart reads on from the newest stored candle", async () => {
  const { db, fake, connector } = await setUp();
  const now = session.header.start;
  // Pages of 50 candles: the 120 minutes take three requests.
  const first = await backfillLive(db, connector, BTC.id, now, 50);
  for (const period of PERIODS) {
    const rows = session.header.klines['BTCUSDT']?.[TIMEFRAMES[period]] ?? [];
    const stored = await readCandles(db, BTC.id, period, 0, now + 1, 10_000);
    expect(
      stored.map((candle) => [candle.time, candle.open, candle.high, candle.low, candle.close, candle.volume]),
      period,
    ).toEqual(
      rows
        .filter((row) => row[0] >= (first.find((entry) => entry.period === period)?.from ?? 0))
        .map((row) => [row[0], Number(row[1]), Number(row[2]), Number(row[3]), Number(row[4]), Number(row[5])]),
    );
  }
  const minuteRequests = fake.requests.filter((request) => request.includes('interval=1m&'));
  expect(minuteRequests).toHaveLength(3);
  expect(first.find((entry) => entry.period === '1min')?.written).toBe(120);

  // A restart: each period is read again from its newest stored candle only.
  const before = fake.requests.length;
  const again = await backfillLive(db, connector, BTC.id, now, 50);
  const newestMinute = session.header.klines['BTCUSDT']?.['1m']?.at(-1)?.[0];
  expect(again.find((entry) => entry.period === '1min')).toEqual({ period: '1min', from: newestMinute, written: 1 });
  expect(fake.requests.slice(before).filter((request) => request.includes('interval=1m&'))).toEqual([expect.stringContaining(`startTime=${newestMinute}`)]);
  expect(await readCandles(db, BTC.id, '1min', 0, now + 1, 10_000)).toHaveLength(120);
});
