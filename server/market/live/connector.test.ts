import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, test } from 'vitest';
import type { Candle } from '../../../contract/market';
import { binanceKlines, binanceTrades, FakeBinance, readSession } from '../../testing/fake-binance';
import type { FakeExchangeView, RecordedCandle, RecordedTrade } from '../../testing/fake-exchange';
import { FakeOkx, okxCandles, okxTrades, readOkxSession } from '../../testing/fake-okx';
import { OpenCandles } from '../candles';
import { LiveConnector, okxChecksum, type LiveEvent, type LiveExchangeId, type LiveMarket } from './connector';
import { until } from '../../testing/until';

const fixtures = path.resolve(import.meta.dirname, '../../../tests/fixtures');
const binanceSession = readSession(path.join(fixtures, 'binance-session.ndjson.gz'));
const okxSession = readOkxSession(path.join(fixtures, 'okx-session.ndjson.gz'));
/** session ms per real ms: the 40 s sessions play in 8 s */
const SPEED = 5;

/** One exchange the connector follows, with its fake and what that fake recorded, in the same shapes. */
interface Exchange {
  exchange: LiveExchangeId;
  fake: () => FakeExchangeView;
  /** our markets as they fit the exchange's ticks and lots */
  BTC: LiveMarket;
  ETH: LiveMarket;
  XRP: LiveMarket;
  /** the REST requests reading the markets: spot ones only, public only */
  marketRequests: string[];
  /** the exchange's id of a pair */
  id: (market: LiveMarket) => string;
  trades: (id: string) => RecordedTrade[];
  /** recorded candles by ccxt's interval name (1m, 1w, 1M) */
  candles: (id: string, interval: '1m' | '1w' | '1M') => RecordedCandle[];
}

const EXCHANGES: Exchange[] = [
  {
    exchange: 'binance',
    fake: () => new FakeBinance(binanceSession, { speed: SPEED }),
    BTC: { id: 1, symbol: 'BTC/USDT', pricePrecision: 2, qtyPrecision: 5 },
    ETH: { id: 2, symbol: 'ETH/USDT', pricePrecision: 2, qtyPrecision: 4 },
    XRP: { id: 4, symbol: 'XRP/USDT', pricePrecision: 4, qtyPrecision: 1 },
    marketRequests: ['/api/v3/exchangeInfo'],
    id: (market) => market.symbol.replace('/', ''),
    trades: (id) => binanceTrades(binanceSession, id),
    candles: (id, interval) => binanceKlines(binanceSession, id, interval),
  },
  {
    exchange: 'okx',
    fake: () => new FakeOkx(okxSession, { speed: SPEED }),
    // OKX's lots are finer than Binance's (BTC: 0.00000001); ours as fine here, so every size below compares exactly.
    BTC: { id: 1, symbol: 'BTC/USDT', pricePrecision: 2, qtyPrecision: 8 },
    ETH: { id: 2, symbol: 'ETH/USDT', pricePrecision: 2, qtyPrecision: 6 },
    XRP: { id: 4, symbol: 'XRP/USDT', pricePrecision: 4, qtyPrecision: 6 },
    marketRequests: ['/api/v5/public/instruments?instType=SPOT'],
    id: (market) => market.symbol.replace('/', '-'),
    trades: (id) => okxTrades(okxSession, id),
    candles: (id, interval) => okxCandles(okxSession, id, { '1m': '1m', '1w': '1Wutc', '1M': '1Mutc' }[interval]),
  },
];

const opened: { fake: FakeExchangeView; connector: LiveConnector }[] = [];
afterEach(async () => {
  for (const { fake, connector } of opened.splice(0)) {
    await connector.stop();
    await fake.close();
  }
});

async function followOn({ exchange, fake: makeFake }: Exchange, markets: LiveMarket[], options: { backoffFirstMs?: number } = {}) {
  const fake = makeFake();
  const urls = await fake.listen();
  const connector = new LiveConnector({ exchange, markets, urls, backoffFirstMs: options.backoffFirstMs ?? 100, backoffMaxMs: 2000 });
  opened.push({ fake, connector });
  const refused = await connector.open();
  const events: LiveEvent[] = [];
  return { fake, connector, refused, events, start: () => connector.start((batch) => events.push(...batch)) };
}

/** a decimal as the exchange writes it, in units of 10^-decimals */
const units = (value: string, decimals: number) => Math.round(Number(value) * 10 ** decimals);

describe.each(EXCHANGES)('$exchange', (venue) => {
  const { BTC, ETH, XRP, id, marketRequests, trades: tradesOf, candles: candlesOf } = venue;
  const follow = (markets: LiveMarket[], options: { backoffFirstMs?: number } = {}) => followOn(venue, markets, options);
  test('markets the exchange does not list, or quotes in prices finer than ours, are refused and stay simulated', async () => {
    const notListed: LiveMarket = { id: 6, symbol: 'SOL/USDT', pricePrecision: 2, qtyPrecision: 2 };
    const coarse: LiveMarket = { ...XRP, qtyPrecision: 0 };
    const coarsePrice: LiveMarket = { ...ETH, id: 9, pricePrecision: 1 };
    const { refused, connector, fake } = await follow([BTC, notListed, coarse, coarsePrice]);
    expect(fake.requests).toEqual(marketRequests);
    expect(refused.map(({ market, reason }) => [market.id, reason])).toEqual([
      [6, 'not_listed'],
      [9, 'finer_price'],
    ]);
    // Sizes finer than ours are followed (trades keep theirs, the book is cut to whole lots: below).
    expect(connector.markets.map((market) => market.id)).toEqual([1, 4]);
  });

  test('every recorded trade arrives once, with its exchange id, time and exact size, and the candles built from them are the recorded trades aggregated', async () => {
    // XRP in whole coins: its sizes are finer than our lots there (below).
    const coarse: LiveMarket = { ...XRP, qtyPrecision: 0 };
    const { fake, events, start } = await follow([BTC, ETH, coarse]);
    start();
    fake.play();
    const recorded = tradesOf(id(BTC));
    // Until the last recorded trade has come (the first ones may pass before the subscription is made).
    const lastId = recorded.at(-1)?.id;
    await until(() => fake.finished && events.some((event) => event.kind === 'trade' && event.m === BTC.id && event.id === lastId));

    const trades = events.filter((event): event is Extract<LiveEvent, { kind: 'trade' }> => event.kind === 'trade' && event.m === BTC.id);
    // The first trades may pass before the subscription is made; from the first one seen, none is missed or doubled.
    const firstIndex = recorded.findIndex((trade) => trade.id === trades[0]?.id);
    expect(firstIndex).toBeGreaterThanOrEqual(0);
    const expected = recorded.slice(firstIndex);
    expect(trades.map((trade) => trade.id)).toEqual(expected.map((trade) => trade.id));
    expect(trades.map((trade) => [trade.t, trade.price, trade.quantity, trade.lots, trade.side])).toEqual(
      expected.map((trade) => [trade.time, units(trade.price, BTC.pricePrecision), Number(trade.quantity), units(trade.quantity, BTC.qtyPrecision), trade.buy ? 1 : -1]),
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
    const fromLive = build(trades.map((trade) => [trade.t, trade.price / 10 ** BTC.pricePrecision, trade.lots / 10 ** BTC.qtyPrecision]));
    const fromRecording = build(expected.map((trade) => [trade.time, Number(trade.price), Number(trade.quantity)]));
    expect(fromLive.length).toBeGreaterThan(0);
    for (const [index, candle] of fromLive.entries()) {
      const want = fromRecording[index] as Candle;
      expect([candle.time, candle.open, candle.high, candle.low, candle.close]).toEqual([want.time, want.open, want.high, want.low, want.close]);
      expect(candle.volume).toBeCloseTo(want.volume, 8);
      expect(candle.amount).toBeCloseTo(want.amount, 4);
    }

    // Where the exchange's sizes are finer than our lots, trades keep their exact sizes and the book its whole lots, never more.
    await until(() => events.some((event) => event.kind === 'book' && event.m === coarse.id && event.seq === fake.lastUpdateId(id(XRP))));
    const xrp = new Map(tradesOf(id(XRP)).map((trade) => [trade.id, trade]));
    const xrpTrades = events.filter((event): event is Extract<LiveEvent, { kind: 'trade' }> => event.kind === 'trade' && event.m === coarse.id);
    expect(xrpTrades.length).toBeGreaterThan(0);
    for (const trade of xrpTrades) {
      const quantity = Number(xrp.get(trade.id)?.quantity);
      expect([trade.quantity, trade.lots]).toEqual([quantity, Math.floor(quantity)]);
    }
    const xrpBook = events.filter((event): event is Extract<LiveEvent, { kind: 'book' }> => event.kind === 'book' && event.m === coarse.id).at(-1);
    const whole = (side: [string, string][]) => side.filter(([, quantity]) => Number(quantity) >= 1).map(([price, quantity]) => [units(price, XRP.pricePrecision), Math.floor(Number(quantity))]);
    const exchangeBook = fake.book(id(XRP), 1000);
    expect(xrpBook?.bids).toEqual(whole(exchangeBook.bids).slice(0, 20));
    expect(xrpBook?.asks).toEqual(whole(exchangeBook.asks).slice(0, 20));
  });

  test("the book follows the exchange's updates and, after a gap in them, is marked stale and rebuilt from a new snapshot", async () => {
    const { fake, connector, events, start } = await follow([BTC]);
    start();
    fake.play();
    const books = () => events.filter((event): event is Extract<LiveEvent, { kind: 'book' }> => event.kind === 'book');
    await until(() => books().length >= 5);
    expect(fake.snapshots(id(BTC))).toBe(1);
    for (const book of books()) {
      expect(book.bids.length).toBeGreaterThan(0);
      expect((book.bids[0] as [number, number])[0]).toBeLessThan((book.asks[0] as [number, number])[0]);
    }
    // Update ids only go up while the stream is whole.
    const ids = books().map((book) => book.seq);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    fake.skipNextDiff(id(BTC));
    await until(() => events.some((event) => event.kind === 'stale'));
    const stale = events.find((event) => event.kind === 'stale');
    expect(stale).toMatchObject({ m: BTC.id });
    expect(connector.isLive(BTC.id)).toBe(false);
    await until(() => events.some((event) => event.kind === 'live'));
    expect(connector.isLive(BTC.id)).toBe(true);
    // A second snapshot was read to rebuild the book.
    expect(fake.snapshots(id(BTC))).toBeGreaterThanOrEqual(2);

    // After the replay, the book given is the exchange's own, as of its last update.
    await until(() => fake.finished);
    await until(() => books().at(-1)?.seq === fake.lastUpdateId(id(BTC)));
    const exchangeBook = fake.book(id(BTC), 20);
    const level = ([price, quantity]: [string, string]) => [units(price, BTC.pricePrecision), units(quantity, BTC.qtyPrecision)];
    const last = books().at(-1) as Extract<LiveEvent, { kind: 'book' }>;
    expect(last.bids).toEqual(exchangeBook.bids.map(level));
    expect(last.asks).toEqual(exchangeBook.asks.map(level));
  });

  test('a dropped connection marks every market stale, tries again with growing waits, and goes live without repeating a trade', async () => {
    const { fake, connector, events, start } = await follow([BTC, ETH], { backoffFirstMs: 200 });
    start();
    fake.play();
    await until(() => events.filter((event) => event.kind === 'trade').length >= 10 && connector.isLive(BTC.id) && connector.isLive(ETH.id));
    fake.refuse(true);
    const from = Date.now();
    fake.dropAll();
    await until(() => !connector.isLive(BTC.id) && !connector.isLive(ETH.id));
    expect(
      events
        .filter((event) => event.kind === 'stale')
        .map((event) => event.m)
        .sort(),
    ).toEqual([BTC.id, ETH.id]);

    // Tries against the refusing exchange come further and further apart. Each stream's
    // waits double from 200 ms (with up to half off, at random): every wait is at least the
    // one before, and the third at least twice the first, which a fixed wait never is. The
    // waits are the connector's schedule, not timed here, so a busy machine does not change them.
    await until(() => [...connector.waits.values()].every((waits) => waits.length >= 3), 15_000);
    for (const [stream, waits] of connector.waits) {
      for (let i = 1; i < waits.length; i++) expect(waits[i], `${stream}: ${waits.join(', ')}`).toBeGreaterThanOrEqual(waits[i - 1] as number);
      expect(waits[2], `${stream}: ${waits.join(', ')}`).toBeGreaterThanOrEqual(2 * (waits[0] as number));
    }
    // And they are waited out: a stream's third wait is chosen only after its first two have passed.
    const slept = Math.min(...[...connector.waits.values()].map((waits) => (waits[0] as number) + (waits[1] as number)));
    expect(Date.now() - from).toBeGreaterThanOrEqual(slept);

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
    const rows = candlesOf(id(BTC), '1m');
    const since = rows[0]?.[0] ?? 0;
    expect(rows.length).toBeGreaterThan(100);
    const minutes = await connector.candles(BTC.id, '1min', since, 1000);
    expect(minutes.map((candle) => [candle.time, candle.open, candle.high, candle.low, candle.close, candle.volume])).toEqual(
      rows.map((row) => [row[0], Number(row[1]), Number(row[2]), Number(row[3]), Number(row[4]), Number(row[5])]),
    );
    // From the first recorded month and week (OKX gives the `limit` periods after `since`, not the first candles after it).
    const recordedMonths = candlesOf(id(XRP), '1M');
    const months = await connector.candles(XRP.id, '1mon', recordedMonths[0]?.[0] ?? 0, 100);
    expect(months.map((candle) => candle.time)).toEqual(recordedMonths.map((row) => row[0]));
    expect(months.map((candle) => new Date(candle.time).getUTCDate())).toEqual(recordedMonths.map(() => 1));
    const recordedWeeks = candlesOf(id(XRP), '1w');
    const weeks = await connector.candles(XRP.id, '1week', recordedWeeks[0]?.[0] ?? 0, 100);
    expect(weeks.map((candle) => candle.time)).toEqual(recordedWeeks.map((row) => row[0]));
    expect(weeks.length).toBeGreaterThan(0);
    // Weeks open on Monday, as ours do.
    for (const candle of weeks) expect(new Date(candle.time).getUTCDay()).toBe(1);
  });
});

test("OKX's book checksum is the CRC32 of its 25 best bids and asks interleaved, price then size, as a signed integer", () => {
  const bids = [
    ['3366.1', '7'],
    ['3366', '6'],
  ];
  const asks = [
    ['3366.8', '9'],
    ['3368', '8'],
    ['3368.5', '2'],
  ];
  expect(okxChecksum(bids, asks)).toBe(zlib.crc32('3366.1:7:3366.8:9:3366:6:3368:8:3368.5:2') | 0);
  const deep = Array.from({ length: 30 }, (_, index) => [String(4000 - index), '1.5']);
  expect(okxChecksum(deep, [])).toBe(zlib.crc32(deep.slice(0, 25).flat().join(':')) | 0);
  expect(okxChecksum(deep, [])).toBeLessThan(2 ** 31);
});

test('an OKX book update that leaves no gap in its seqIds but does not match its checksum marks the market stale, and the book is rebuilt from a new snapshot', async () => {
  const okx = EXCHANGES.find((venue) => venue.exchange === 'okx') as Exchange;
  const { fake, connector, events, start } = await followOn(okx, [okx.BTC]);
  if (!(fake instanceof FakeOkx)) throw new Error('not the fake OKX');
  start();
  fake.play();
  const books = () => events.filter((event): event is Extract<LiveEvent, { kind: 'book' }> => event.kind === 'book');
  await until(() => books().length >= 5);
  expect(fake.snapshots('BTC-USDT')).toBe(1);
  fake.corruptNextDiff('BTC-USDT');
  await until(() => events.some((event) => event.kind === 'stale'));
  expect(events.find((event) => event.kind === 'stale')).toMatchObject({ m: okx.BTC.id, reason: expect.stringContaining('ChecksumError') as unknown });
  await until(() => connector.isLive(okx.BTC.id));
  expect(fake.snapshots('BTC-USDT')).toBe(2);
  // Rebuilt, the book is the exchange's again.
  await until(() => fake.finished);
  await until(() => books().at(-1)?.seq === fake.lastUpdateId('BTC-USDT'));
  const exchangeBook = fake.book('BTC-USDT', 20);
  const level = ([price, quantity]: [string, string]) => [units(price, okx.BTC.pricePrecision), units(quantity, okx.BTC.qtyPrecision)];
  expect(books().at(-1)?.bids).toEqual(exchangeBook.bids.map(level));
  expect(books().at(-1)?.asks).toEqual(exchangeBook.asks.map(level));
});
