import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import type { Candle } from '../../../contract/market';
import { FakeBinance, readSession, type DepthMessage, type TradeMessage } from '../../testing/fake-binance';
import { OpenCandles } from '../candles';
import { LiveConnector, type LiveEvent, type LiveMarket } from './connector';

const session = readSession(path.resolve(import.meta.dirname, '../../../tests/fixtures/binance-session.ndjson.gz'));
/** session ms per real ms: the 40 s session plays in 8 s */
const SPEED = 5;

const BTC: LiveMarket = { id: 1, symbol: 'BTC/USDT', pricePrecision: 2, qtyPrecision: 5 };
const ETH: LiveMarket = { id: 2, symbol: 'ETH/USDT', pricePrecision: 2, qtyPrecision: 4 };
const XRP: LiveMarket = { id: 4, symbol: 'XRP/USDT', pricePrecision: 4, qtyPrecision: 1 };

const opened: { fake: FakeBinance; connector: LiveConnector }[] = [];
afterEach(async () => {
  for (const { fake, connector } of opened.splice(0)) {
    await connector.stop();
    await fake.close();
  }
});

async function follow(markets: LiveMarket[], options: { backoffFirstMs?: number } = {}) {
  const fake = new FakeBinance(session, SPEED);
  const urls = await fake.listen();
  const connector = new LiveConnector({ exchange: 'binance', markets, urls, backoffFirstMs: options.backoffFirstMs ?? 100, backoffMaxMs: 2000 });
  opened.push({ fake, connector });
  const refused = await connector.open();
  const events: LiveEvent[] = [];
  return { fake, urls, connector, refused, events, start: () => connector.start((batch) => events.push(...batch)) };
}

async function until(condition: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const tradesOf = (symbol: string) => session.lines.filter((line) => line.data.e === 'trade' && line.data.s === symbol).map((line) => line.data as TradeMessage);

test('markets the exchange does not list, or prices and sizes finer than ours, are refused and stay simulated', async () => {
  const notListed: LiveMarket = { id: 6, symbol: 'SOL/USDT', pricePrecision: 2, qtyPrecision: 2 };
  const coarse: LiveMarket = { ...XRP, qtyPrecision: 0 };
  const coarsePrice: LiveMarket = { ...ETH, id: 9, pricePrecision: 1 };
  const { refused, connector } = await follow([BTC, notListed, coarse, coarsePrice]);
  expect(refused.map(({ market, reason }) => [market.id, reason])).toEqual([
    [6, 'not_listed'],
    [4, 'finer_quantity'],
    [9, 'finer_price'],
  ]);
  expect(connector.markets.map((market) => market.id)).toEqual([1]);
});

test('every recorded trade arrives once, with its exchange id and time, and the candles built from them are the recorded trades aggregated', async () => {
  const { fake, events, start } = await follow([BTC, ETH]);
  start();
  fake.play();
  const recorded = tradesOf('BTCUSDT');
  await until(() => fake.finished && events.filter((event) => event.kind === 'trade' && event.m === BTC.id).length >= recorded.length);

  const trades = events.filter((event): event is Extract<LiveEvent, { kind: 'trade' }> => event.kind === 'trade' && event.m === BTC.id);
  // The first trades may pass before the subscription is made; from the first one seen, none is missed or doubled.
  const firstIndex = recorded.findIndex((message) => String(message.t) === trades[0]?.id);
  expect(firstIndex).toBeGreaterThanOrEqual(0);
  const expected = recorded.slice(firstIndex);
  expect(trades.map((trade) => trade.id)).toEqual(expected.map((message) => String(message.t)));
  expect(trades.map((trade) => [trade.t, trade.price, trade.lots, trade.side])).toEqual(
    expected.map((message) => [message.T, Math.round(Number(message.p) * 100), Math.round(Number(message.q) * 1e5), message.m ? -1 : 1]),
  );

  const build = (rows: [number, number, number][]): Candle[] => {
    const candles = new OpenCandles();
    const closed: Candle[] = [];
    for (const [time, price, quantity] of rows)
      closed.push(
        ...candles
          .trade(time, price, quantity)
          .filter((entry) => entry.period === '1min')
          .map((entry) => entry.candle),
      );
    return [...closed, candles.current.get('1min') as Candle];
  };
  const fromLive = build(trades.map((trade) => [trade.t, trade.price / 100, trade.lots / 1e5]));
  const fromRecording = build(expected.map((message) => [message.T, Number(message.p), Number(message.q)]));
  expect(fromLive.length).toBeGreaterThan(0);
  for (const [index, candle] of fromLive.entries()) {
    const want = fromRecording[index] as Candle;
    expect([candle.time, candle.open, candle.high, candle.low, candle.close]).toEqual([want.time, want.open, want.high, want.low, want.close]);
    expect(candle.volume).toBeCloseTo(want.volume, 8);
    expect(candle.amount).toBeCloseTo(want.amount, 4);
  }
});

test("the book follows the exchange's updates and, after a gap in them, is marked stale and rebuilt from a new snapshot", async () => {
  const { fake, urls, connector, events, start } = await follow([BTC]);
  start();
  fake.play();
  const books = () => events.filter((event): event is Extract<LiveEvent, { kind: 'book' }> => event.kind === 'book');
  await until(() => books().length >= 5);
  expect(fake.requests.filter((request) => request.startsWith('/api/v3/depth?symbol=BTCUSDT'))).toHaveLength(1);
  for (const book of books()) {
    expect(book.bids.length).toBeGreaterThan(0);
    expect((book.bids[0] as [number, number])[0]).toBeLessThan((book.asks[0] as [number, number])[0]);
  }
  // Update ids only go up while the stream is whole.
  const ids = books().map((book) => book.seq);
  expect(ids).toEqual([...ids].sort((a, b) => a - b));

  fake.skipNextDiff('BTCUSDT');
  await until(() => events.some((event) => event.kind === 'stale'));
  const stale = events.find((event) => event.kind === 'stale');
  expect(stale).toMatchObject({ m: BTC.id });
  expect(connector.isLive(BTC.id)).toBe(false);
  await until(() => events.some((event) => event.kind === 'live'));
  expect(connector.isLive(BTC.id)).toBe(true);
  // A second snapshot was read to rebuild the book.
  expect(fake.requests.filter((request) => request.startsWith('/api/v3/depth?symbol=BTCUSDT')).length).toBeGreaterThanOrEqual(2);

  // After the replay, the book given is the exchange's own: compare with its depth endpoint.
  await until(() => fake.finished);
  const lastDiff = [...session.lines].reverse().find((line) => line.data.e === 'depthUpdate' && line.data.s === 'BTCUSDT')?.data as DepthMessage;
  await until(() => books().at(-1)?.seq === lastDiff.u);
  const response = (await (await fetch(`${urls.rest}/depth?symbol=BTCUSDT&limit=20`)).json()) as { bids: [string, string][]; asks: [string, string][] };
  const last = books().at(-1) as Extract<LiveEvent, { kind: 'book' }>;
  expect(last.bids).toEqual(response.bids.map(([price, quantity]) => [Math.round(Number(price) * 100), Math.round(Number(quantity) * 1e5)]));
  expect(last.asks).toEqual(response.asks.map(([price, quantity]) => [Math.round(Number(price) * 100), Math.round(Number(quantity) * 1e5)]));
});

test('a dropped connection marks every market stale, tries again with growing waits, and goes live without repeating a trade', async () => {
  const { fake, connector, events, start } = await follow([BTC, ETH], { backoffFirstMs: 200 });
  start();
  fake.play();
  await until(() => events.filter((event) => event.kind === 'trade').length >= 10 && connector.isLive(BTC.id) && connector.isLive(ETH.id));
  fake.refuse(true);
  const refusedFrom = fake.connections.length;
  fake.dropAll();
  await until(() => !connector.isLive(BTC.id) && !connector.isLive(ETH.id));
  expect(
    events
      .filter((event) => event.kind === 'stale')
      .map((event) => event.m)
      .sort(),
  ).toEqual([BTC.id, ETH.id]);

  // Tries against the refusing exchange come further and further apart: fewer in the
  // second two seconds than in the first two (a fixed wait would make them equal).
  const from = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 4000));
  const attempts = fake.connections.slice(refusedFrom).map((connection) => connection.at - from);
  const early = attempts.filter((at) => at < 2000).length;
  const late = attempts.filter((at) => at >= 2000 && at < 4000).length;
  expect(early).toBeGreaterThan(0);
  expect(late).toBeLessThan(early);

  fake.refuse(false);
  await until(() => connector.isLive(BTC.id) && connector.isLive(ETH.id), 15_000);
  const live = events.filter((event) => event.kind === 'live').map((event) => event.m);
  expect(live.sort()).toEqual([BTC.id, ETH.id]);
  const before = events.filter((event) => event.kind === 'trade').length;
  await until(() => events.filter((event) => event.kind === 'trade').length > before + 5);
  const ids = events.filter((event) => event.kind === 'trade').map((event) => event.id);
  expect(new Set(ids).size).toBe(ids.length);
});

test("candles of every period come from the exchange's klines, in our ticks and lots", async () => {
  const { connector } = await follow([BTC, XRP]);
  const rows = session.header.klines['BTCUSDT']?.['1m'] ?? [];
  const since = rows[0]?.[0] ?? 0;
  const minutes = await connector.candles(BTC.id, '1min', since, 1000);
  expect(minutes.map((candle) => [candle.time, candle.open, candle.high, candle.low, candle.close, candle.volume])).toEqual(
    rows.map((row) => [row[0], Number(row[1]), Number(row[2]), Number(row[3]), Number(row[4]), Number(row[5])]),
  );
  const months = await connector.candles(XRP.id, '1mon', 0, 100);
  expect(months.map((candle) => new Date(candle.time).getUTCDate())).toEqual((session.header.klines['XRPUSDT']?.['1M'] ?? []).map(() => 1));
  const weeks = await connector.candles(XRP.id, '1week', 0, 100);
  expect(weeks.length).toBeGreaterThan(0);
  // Weeks open on Monday, as ours do.
  for (const candle of weeks) expect(new Date(candle.time).getUTCDay()).toBe(1);
});
