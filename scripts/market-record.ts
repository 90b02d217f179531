/**
 * npm run market:record -- --seconds 300 --rate 40 --out tests/fixtures/feed.ndjson.gz
 *
 * Records N seconds of the simulated market feed (the market maker's quotes and the
 * takers' orders, which the exchange turns into trades) to a file that the server can
 * replay: MARKET=replay REPLAY_FILE=<file> npm start. Options: --seed, --start (ISO
 * time; default now, to the minute), --history full|short (what the replaying server
 * writes before the start).
 */
import { parseArgs } from 'node:util';
import { bucketStart } from '../contract/market';
import { INSTRUMENTS } from '../server/market/instruments';
import { writeRecording } from '../server/market/replay';
import { Simulator } from '../server/market/simulator';

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
if (!values.out || !(seconds > 0) || !(rate > 0) || !Number.isFinite(seed) || !Number.isFinite(start)) {
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
const events = simulator.runUntil(start + seconds * 1000);
writeRecording(values.out, { header: { format: 'kestrel-feed', version: 1, start, duration: seconds * 1000, seed, tradesPerSecond: rate, history }, events });
console.log(`recorded ${events.length} events over ${seconds} s from ${new Date(start).toISOString()} to ${values.out}`);
