/**
 * npm run market:record -- --seconds 300 --rate 30 --out tests/fixtures/feed.ndjson.gz
 *
 * Records N seconds of the simulated market feed (the market maker's quotes and the
 * takers' orders, which the exchange turns into trades) to a file that the server can
 * replay: MARKET=replay REPLAY_FILE=<file> npm start. Options: --seed, --start (ISO
 * time; default now, to the minute), --history full|short (what the replaying server
 * writes before the start).
 *
 * Beside the recording it writes <out>.expected.json: what any replay of it must end
 * with (last prices, 24h figures, the last minutes' candles), computed by running the
 * recording through the exchange's own engine. Browser tests compare the phone with it.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { bucketStart, MINUTE, type Candle } from '../contract/market';
import { readConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { INSTRUMENTS, symbolOf } from '../server/market/instruments';
import { writeRecording } from '../server/market/replay';
import { openMarket } from '../server/market/service';
import { Simulator } from '../server/market/simulator';
import { readCandles } from '../server/market/store';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    rate: { type: 'string', default: '200' },
    seed: { type: 'string', default: '7' },
    start: { type: 'string' },
    history: { type: 'string', default: 'short' },
    out: { type: 'string' },
  },
});

const seconds = Number(values.seconds);
const rate = Number(values.rate);
const seed = Math.floor(Number(values.seed));
const start = values.start ? Date.parse(values.start) : bucketStart(Date.now(), '1min');
const history = values.history === 'full' ? 'full' : 'short';
const out = values.out;
if (!out || !(seconds > 0) || !(rate > 0) || !Number.isFinite(seed) || !Number.isFinite(start)) {
  console.error('usage: npm run market:record -- --seconds N --rate R --out FILE [--seed S] [--start ISO] [--history full|short]');
  process.exit(2);
}

const simulator = new Simulator({
  instruments: INSTRUMENTS,
  startPrices: new Map(INSTRUMENTS.map((def) => [def.id, Math.round(def.referencePrice * 10 ** def.pricePrecision)])),
  startTime: start,
  seed,
  tradesPerSecond: rate,
  now: () => start,
});
const duration = seconds * 1000;
const events = simulator.runUntil(start + duration);
writeRecording(out, { header: { format: 'kestrel-feed', version: 1, start, duration, seed, tradesPerSecond: rate, history }, events });
console.log(`recorded ${events.length} events over ${seconds} s from ${new Date(start).toISOString()} to ${out}`);

// Replay it through the engine, as a replaying server would, and keep the outcome.
const db = await openDatabase(':memory:');
const config = readConfig({ MARKET: 'replay', REPLAY_FILE: out });
const market = await openMarket(db, config.market, () => start);
market.engine.apply(events);
await market.flush();
const end = start + duration;
const expected: Record<string, { last: number; high: number; low: number; open: number; minutes: Candle[] }> = {};
for (const def of INSTRUMENTS) {
  const ticker = market.engine.ticker(def.id);
  const minutes = await readCandles(db, def.id, '1min', bucketStart(start, '1min') - 5 * MINUTE, end + MINUTE, 1000);
  expected[symbolOf(def)] = { last: ticker.last, open: ticker.open, high: ticker.high, low: ticker.low, minutes };
}
fs.writeFileSync(`${out}.expected.json`, `${JSON.stringify({ start, end, markets: expected }, null, 1)}\n`);
console.log(`wrote ${out}.expected.json`);
await db.destroy();
