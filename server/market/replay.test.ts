import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { bucketStart, MINUTE, type Candle } from '../../contract/market';
import { readConfig } from '../config';
import { openDatabase } from '../db/database';
import { INSTRUMENTS, symbolOf } from './instruments';
import { Replay, readRecording } from './replay';
import { openMarket } from './service';
import { readCandles } from './store';

const fixture = path.resolve(import.meta.dirname, '../../tests/fixtures/feed.ndjson.gz');

test('replaying the recorded feed in any rhythm ends exactly as recorded', async () => {
  const expected = JSON.parse(fs.readFileSync(`${fixture}.expected.json`, 'utf8')) as {
    start: number;
    end: number;
    markets: Record<string, { last: number; minutes: Candle[] }>;
  };
  const recording = readRecording(fixture);
  let clock = recording.header.start;
  const db = await openDatabase(':memory:');
  const market = await openMarket(db, readConfig({ MARKET: 'replay', REPLAY_FILE: fixture }).market, () => clock);
  expect(market.source).toBeInstanceOf(Replay);
  const replay = market.source as Replay;
  // Uneven steps, as timers would fire.
  let step = 37;
  while (!replay.finished) {
    clock += step;
    step = ((step * 7) % 1000) + 13;
    market.engine.apply(replay.take(clock));
  }
  await market.flush();
  for (const def of INSTRUMENTS) {
    const symbol = symbolOf(def);
    expect(market.engine.lastPrice(def.id), symbol).toBe(expected.markets[symbol]!.last);
    const minutes = await readCandles(db, def.id, '1min', bucketStart(expected.start, '1min') - 5 * MINUTE, expected.end + MINUTE, 1000);
    expect(minutes, symbol).toEqual(expected.markets[symbol]!.minutes);
  }
  await db.destroy();
});
