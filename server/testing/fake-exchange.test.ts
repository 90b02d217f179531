import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { bucketStart, nextBucket, PERIODS, type Period } from '../../contract/market';
import { LiveConnector, TIMEFRAMES, type LiveEvent, type LiveExchangeId, type LiveMarket } from '../market/live/connector';
import { binanceKlines, binanceTrades, FakeBinance, readSession, shiftBinanceSession } from './fake-binance';
import { sessionShift, type FakeExchangeView, type RecordedCandle, type RecordedTrade } from './fake-exchange';
import { FakeOkx, okxCandles, okxTrades, readOkxSession, shiftOkxSession } from './fake-okx';
import { until } from './until';

/**
 * A fake exchange replaying its session shifted to now (what scripts/fake-exchange.ts runs
 * for a server to follow): the same trades and candles as recorded, the trades moved by
 * exactly now - the session's start, each candle by whole periods of its own so that the
 * history ends where now's candle opens; and the control endpoints a test in another
 * process uses to cut the fake.
 */
const fixtures = path.resolve(import.meta.dirname, '../../tests/fixtures');
const binanceSession = readSession(path.join(fixtures, 'binance-session.ndjson.gz'));
const okxSession = readOkxSession(path.join(fixtures, 'okx-session.ndjson.gz'));

/** Not on any period's boundary, and months after the recording (2026-11-27 12:00 UTC). */
const NOW = Date.UTC(2027, 1, 3, 7, 41, 27, 345);
const OKX_BARS: Record<Period, string> = { '1min': '1m', '5min': '5m', '15min': '15m', '30min': '30m', '60min': '1H', '1day': '1Dutc', '1week': '1Wutc', '1mon': '1Mutc' };

interface Venue {
  exchange: LiveExchangeId;
  start: number;
  /** the recorded trades and candles of BTC, or those of the session shifted to `now` */
  trades: (now?: number) => RecordedTrade[];
  candles: (period: Period, now?: number) => RecordedCandle[];
  fake: (now: number) => FakeExchangeView;
}

const VENUES: Venue[] = [
  {
    exchange: 'binance',
    start: binanceSession.header.start,
    trades: (now) => binanceTrades(now === undefined ? binanceSession : shiftBinanceSession(binanceSession, now), 'BTCUSDT'),
    candles: (period, now) => binanceKlines(now === undefined ? binanceSession : shiftBinanceSession(binanceSession, now), 'BTCUSDT', TIMEFRAMES[period]),
    fake: (now) => new FakeBinance(binanceSession, { now, speed: 5 }),
  },
  {
    exchange: 'okx',
    start: okxSession.header.start,
    trades: (now) => okxTrades(now === undefined ? okxSession : shiftOkxSession(okxSession, now), 'BTC-USDT'),
    candles: (period, now) => okxCandles(now === undefined ? okxSession : shiftOkxSession(okxSession, now), 'BTC-USDT', OKX_BARS[period]),
    fake: (now) => new FakeOkx(okxSession, { now, speed: 5 }),
  },
];

const opened: { fake: FakeExchangeView; connector?: LiveConnector }[] = [];
afterEach(async () => {
  for (const { fake, connector } of opened.splice(0)) {
    await connector?.stop();
    await fake.close();
  }
});

test('a session shifted to now: stream times move by exactly now - start; a candle moves by whole periods, so the one open at the start becomes the one open now', () => {
  const start = Date.UTC(2026, 10, 27, 12);
  const shift = sessionShift(start, NOW);
  expect(shift.ms).toBe(NOW - start);
  // 2026-11-27 12:00 -> 2027-02-03 07:41:27.345: 67 days, 19 h 41 min 27.345 s later.
  expect(shift.candle(Date.UTC(2026, 10, 27, 11, 59), '1min')).toBe(Date.UTC(2027, 1, 3, 7, 40));
  expect(shift.candle(Date.UTC(2026, 10, 27, 11), '60min')).toBe(Date.UTC(2027, 1, 3, 6));
  expect(shift.candle(Date.UTC(2026, 10, 26), '1day')).toBe(Date.UTC(2027, 1, 2));
  // Mondays (2026-11-16 -> 2027-01-25; 2027-02-01 is the Monday of the week of NOW).
  expect(shift.candle(Date.UTC(2026, 10, 16), '1week')).toBe(Date.UTC(2027, 0, 25));
  // Calendar months: October 2026 -> January 2027.
  expect(shift.candle(Date.UTC(2026, 9, 1), '1mon')).toBe(Date.UTC(2027, 0, 1));
});

describe.each(VENUES)('$exchange', (venue) => {
  test('the shifted session has the recorded trades, each moved by exactly the shift', () => {
    const recorded = venue.trades();
    const shifted = venue.trades(NOW);
    expect(recorded.length).toBeGreaterThan(100);
    expect(shifted).toEqual(recorded.map((trade) => ({ ...trade, time: trade.time + (NOW - venue.start) })));
    // The session's first trade of BTC comes within its first second.
    expect(shifted[0]?.time).toBeGreaterThanOrEqual(NOW);
    expect(shifted[0]?.time).toBeLessThan(NOW + 1000);
  });

  test.each(PERIODS)('its %s candles are the recorded ones moved by whole periods, on their boundaries, ending where the candle of now opens', (period) => {
    const recorded = venue.candles(period);
    const shifted = venue.candles(period, NOW);
    expect(recorded.length).toBeGreaterThan(1);
    expect(shifted.map(([, ...prices]) => prices)).toEqual(recorded.map(([, ...prices]) => prices));
    const shift = sessionShift(venue.start, NOW);
    expect(shifted.map(([time]) => time)).toEqual(recorded.map(([time]) => shift.candle(time, period)));
    for (const [time] of shifted) expect(bucketStart(time, period)).toBe(time);
    // No gap and no overlap: one after the other, the last closing as the candle of now opens.
    for (const [index, [time]] of shifted.entries()) expect(nextBucket(time, period)).toBe(shifted[index + 1]?.[0] ?? bucketStart(NOW, period));
  });

  test('a connector following the shifted fake reads its shifted candles and gets its trades at their shifted times', async () => {
    const now = Date.now();
    const fake = venue.fake(now);
    const urls = await fake.listen();
    const BTC: LiveMarket = { id: 1, symbol: 'BTC/USDT', pricePrecision: 2, qtyPrecision: 8 };
    const connector = new LiveConnector({ exchange: venue.exchange, markets: [BTC], urls, backoffFirstMs: 100, backoffMaxMs: 2000 });
    opened.push({ fake, connector });
    expect(await connector.open()).toEqual([]);

    const minutes = venue.candles('1min', now);
    const read = await connector.candles(BTC.id, '1min', (minutes[0] as RecordedCandle)[0], 1000);
    expect(read.map((candle) => [candle.time, candle.close])).toEqual(minutes.map(([time, , , , close]) => [time, Number(close)]));
    expect(nextBucket((read.at(-1) as { time: number }).time, '1min')).toBe(bucketStart(now, '1min'));

    const events: LiveEvent[] = [];
    connector.start((batch) => events.push(...batch));
    fake.play();
    const trades = () => events.filter((event): event is Extract<LiveEvent, { kind: 'trade' }> => event.kind === 'trade');
    await until(() => trades().length >= 10);
    const byId = new Map(venue.trades(now).map((trade) => [trade.id, trade.time]));
    for (const trade of trades()) expect(trade.t).toBe(byId.get(trade.id));
    expect((trades()[0] as { t: number }).t).toBeGreaterThanOrEqual(now);
  });

  test('its control endpoints drop every websocket, refuse new ones and allow them again, and tell how far the replay is', async () => {
    const fake = venue.fake(Date.now());
    opened.push({ fake });
    const { ws } = await fake.listen();
    const control = `${ws.replace(/^ws:/, 'http:').replace(/\/ws.*$/, '')}/__fake`;
    const socket = () => new WebSocket(venue.exchange === 'okx' ? `${ws}/public` : ws);
    const opens = (client: WebSocket) =>
      new Promise<boolean>((resolve) => {
        client.once('open', () => resolve(true));
        client.once('error', () => resolve(false));
      });

    const first = socket();
    expect(await opens(first)).toBe(true);
    const closed = new Promise((resolve) => first.once('close', resolve));
    expect((await fetch(`${control}/drop`, { method: 'POST' })).status).toBe(200);
    await closed;

    expect(await (await fetch(`${control}/refuse?on=1`, { method: 'POST' })).json()).toEqual({ refusing: true });
    expect(await opens(socket())).toBe(false);
    expect(await (await fetch(`${control}/refuse?on=0`, { method: 'POST' })).json()).toEqual({ refusing: false });
    const again = socket();
    expect(await opens(again)).toBe(true);
    again.close();

    expect((await fetch(`${control}/refuse?on=yes`, { method: 'POST' })).status).toBe(400);
    expect((await fetch(`${control}/drop`)).status).toBe(405);
    expect(await (await fetch(`${control}/status`)).json()).toMatchObject({ playing: false, sent: 0, finished: false });
    expect((await fetch(`${control}/play`, { method: 'POST' })).status).toBe(200);
    expect(await (await fetch(`${control}/status`)).json()).toMatchObject({ playing: true });
    // Control requests are not the exchange's: the fake does not count them as served.
    expect(fake.requests).toEqual([]);
  });
});
