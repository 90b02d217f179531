import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { bucketStart, MINUTE } from '../../contract/market';
import { readConfig } from '../config';
import { openDatabase } from '../db/database';
import { openMarket } from './service';
import { Simulator } from './simulator';
import { readCandles } from './store';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

test('after a stop the market carries on from its last price, and the 1-minute chart has no hole and no double', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-restart-'));
  dirs.push(dataDir);
  const config = readConfig({ DATA_DIR: dataDir, MARKET_HISTORY: 'short' });
  let clock = Date.parse('2026-11-22T08:00:30Z');
  const now = () => clock;

  // First run: two and a half minutes of trading, then a clean stop.
  let db = await openDatabase(dataDir);
  let market = await openMarket(db, config.market, now);
  if (!(market.source instanceof Simulator)) throw new Error('expected the simulator');
  const events = market.source.runUntil(clock + 150_000);
  clock += 150_000;
  market.engine.apply(events);
  const lastPrice = market.engine.lastPrice(1);
  const lastSeqs = new Map(market.instruments.map((def) => [def.id, market.engine.lastSeq(def.id)]));
  const lastDepthSeq = market.engine.depthSeq(1);
  await market.stop();
  await db.destroy();

  // Second run, 40 minutes later.
  clock += 40 * MINUTE;
  db = await openDatabase(dataDir);
  market = await openMarket(db, config.market, now);
  const minutes = await readCandles(db, 1, '1min', clock - 3 * 60 * MINUTE, clock, 1000);
  for (let i = 1; i < minutes.length; i++) expect(minutes[i]!.time - minutes[i - 1]!.time).toBe(MINUTE);
  expect(minutes.at(-1)!.time).toBe(bucketStart(clock, '1min') - MINUTE);
  // The first made-up minute opens where the market stood.
  const stopMinute = bucketStart(Date.parse('2026-11-22T08:02:59Z'), '1min');
  const resumed = minutes.find((candle) => candle.time === stopMinute + MINUTE)!;
  const stopped = minutes.find((candle) => candle.time === stopMinute)!;
  expect(stopped.close).toBe(lastPrice);
  expect(resumed.open).toBe(lastPrice);
  // The hour candle around the stop holds the minutes on both sides of it.
  const hour = (await readCandles(db, 1, '60min', bucketStart(clock, '60min') - 60 * MINUTE, clock, 10))[0]!;
  expect(hour.high).toBeGreaterThanOrEqual(Math.max(...minutes.filter((m) => m.time >= hour.time && m.time < hour.time + 60 * MINUTE).map((m) => m.high)));
  expect(market.engine.lastPrice(1)).toBe(minutes.at(-1)!.close);
  // Trades and depth are numbered above everything the first run numbered: a client that
  // stayed connected sees a gap and takes a snapshot, never an old number again.
  if (!(market.source instanceof Simulator)) throw new Error('expected the simulator');
  market.engine.apply(market.source.runUntil(clock + 5_000));
  for (const [id, seq] of lastSeqs) expect(market.engine.lastSeq(id), `market ${id}`).toBeGreaterThan(seq);
  expect(market.engine.depthSeq(1)).toBeGreaterThan(lastDepthSeq);
  await market.stop();
  await db.destroy();
});
