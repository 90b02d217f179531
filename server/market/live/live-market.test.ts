import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../../contract/api';
import { CHANNELS, type TickerBatch } from '../../../contract/realtime';
import { checkLedger } from '../../ledger/check';
import type { Trade } from '../engine';
import { createHarness, ok, type Harness } from '../../testing/harness';
import { binanceTrades, FakeBinance, readSession } from '../../testing/fake-binance';
import { fund, uidOf } from '../../testing/market';
import { balance, userIdOf } from '../../testing/wallet';
import { until } from '../../testing/until';

/**
 * MARKET=live end to end, against the local fake of Binance replaying a recorded session:
 * the exchange's trades are the tape and its book the liquidity; users' paper orders walk
 * that book without printing, and rest until a real trade goes through their price; every
 * paper fill cites what it went by there; a lost stream marks the market stale, refuses
 * orders, and the market comes back when the exchange does.
 */
const session = readSession(path.resolve(import.meta.dirname, '../../../tests/fixtures/binance-session.ndjson.gz'));
const START = session.header.start;
/** session ms per real ms: the 40 s session plays in 10 s */
const SPEED = 4;
let speed = SPEED;
let playedAt = 0;
/** where the fake's replay is: the session's time now */
const sessionTime = () => START + (Date.now() - playedAt) * speed;
const BTC_MARKET = 1;
const AAPL_MARKET = 25;
const trades = binanceTrades(session, 'BTCUSDT');

let fake: FakeBinance;
let h: Harness;
let dataDir: string;
afterEach(async () => {
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
  await h.close();
  await fake.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function openLive(replaySpeed = SPEED): Promise<void> {
  speed = replaySpeed;
  fake = new FakeBinance(session, { speed });
  const urls = await fake.listen();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-live-'));
  h = await createHarness({ MARKET: 'live', LIVE_EXCHANGE: 'binance', LIVE_REST_URL: urls.rest, LIVE_WS_URL: urls.ws, LIVE_BACKOFF_MS: '100' }, { persist: dataDir, start: START });
  h.ctx.exchange.start();
  // From the session's first message: the connector has subscribed to BTC's trades and book.
  await until(() => fake.subscribed('btcusdt@trade') && fake.subscribed('btcusdt@depth@100ms'));
  fake.play();
  playedAt = Date.now();
}

const engine = () => h.ctx.market.engine;
const order = (token: string, input: { type: 'buy' | 'sell'; amount: string; target_price?: string }) => h.call(endpoints.spotTrade, { currency_id: 1, legal_id: 3, ...input }, { token });

async function trader(email: string): Promise<string> {
  const token = await h.registerUser(email);
  await fund(h, await uidOf(h, token), 'USDT', '50000');
  return token;
}

describe('MARKET=live on the fake Binance', () => {
  test("the tape is the exchange's trades, the book its levels; a market order walks them and prints nothing", async () => {
    await openLive();
    const quotes = await ok(h.call(endpoints.quotations, {}));
    const markets = quotes.groups.flatMap((group) => group.markets);
    expect(markets.find((market) => market.id === BTC_MARKET)).toMatchObject({ feed: 'binance', stale: false });
    // Binance does not list our stocks: they stay on the simulator, and say so.
    expect(markets.find((market) => market.id === AAPL_MARKET)).toMatchObject({ feed: 'simulated', stale: false });

    await until(() => engine().recentTrades(BTC_MARKET).length >= 5 && engine().depth(BTC_MARKET).asks.length > 0);
    const tape = engine().recentTrades(BTC_MARKET);
    const byId = new Map(trades.map((trade) => [trade.id, trade]));
    for (const trade of tape) {
      const recorded = byId.get(trade.source?.id ?? '');
      expect(recorded, `trade ${trade.seq} is not one of Binance's`).toBeDefined();
      expect(trade).toMatchObject({ time: recorded?.time, price: Number(recorded?.price), quantity: Number(recorded?.quantity), source: { exchange: 'binance' } });
    }

    const ann = await trader('ann@example.com');
    const uid = await userIdOf(h, 'ann@example.com');
    // In one step: the book as the order found it, and the order.
    const { asks, source, seq, placed } = await h.ctx.exchange.run(async (step) => ({
      asks: engine().depth(BTC_MARKET, 20).asks,
      source: engine().bookSource(BTC_MARKET),
      seq: engine().lastSeq(BTC_MARKET),
      placed: await h.ctx.trading.spot.place(step, uid, { currency_id: 1, legal_id: 3, type: 'buy', amount: '0.2' }),
    }));
    expect(placed.status).toBe('filled');
    const rows = await h.ctx.db.selectFrom('spot_fills').selectAll().where('taker_order_id', '=', placed.id).orderBy('id').execute();
    // It walked Binance's asks from the best, each level's real size, never better than the book.
    let wanted = 0.2;
    const expected: [string, string][] = [];
    for (const [price, quantity] of asks) {
      if (wanted <= 1e-9) break;
      const taken = Math.min(wanted, quantity);
      expected.push([price.toFixed(2), taken.toFixed(5)]);
      wanted = Math.round((wanted - taken) * 1e5) / 1e5;
    }
    expect(rows.map((row) => [row.price, row.amount])).toEqual(expected);
    for (const row of rows) expect(row).toMatchObject({ seq, exchange_ref: `binance:book:${source.id}`, exchange_time: source.time, maker_order_id: null });
    // Nothing of it printed: every trade on the tape is still Binance's.
    for (const trade of engine().recentTrades(BTC_MARKET)) expect(byId.has(trade.source?.id ?? '')).toBe(true);
    // 0.1 % of what it bought went in fees.
    expect(await balance(h, ann, 1)).toMatchObject({ available: '0.19980000' });
    const detail = await ok(h.call(endpoints.spotDetail, { id: placed.id }, { token: ann }));
    expect(detail.fills.map((fill) => fill.tick)).toEqual(rows.map((row) => ({ market_id: BTC_MARKET, seq, price: row.price, time: source.time, exchange: 'binance', book_id: source.id })));
  });

  test('a resting limit order fills at its price when a real trade goes through it, citing that trade', async () => {
    await openLive();
    await until(() => engine().recentTrades(BTC_MARKET).length > 0 && engine().depth(BTC_MARKET).bids.length > 0);
    const ann = await trader('ann@example.com');
    // A price the session trades through later: above the lowest trade still to come, below the best ask now.
    const now = engine().time;
    const later = trades.filter((trade) => trade.time > now + 2000);
    const lowest = Math.min(...later.map((trade) => Number(trade.price)));
    const bestAsk = engine().depth(BTC_MARKET).asks[0]?.[0] ?? 0;
    const limit = Math.min(lowest + 0.01, bestAsk - 0.01);
    expect(limit).toBeGreaterThan(lowest);
    const placed = await ok(order(ann, { type: 'buy', amount: '0.001', target_price: limit.toFixed(2) }));
    const taken = await h.ctx.db.selectFrom('spot_fills').select('id').where('taker_order_id', '=', placed.id).execute();
    const rested = placed.status === 'open' && taken.length === 0;
    expect(rested).toBe(true);
    // The resting order is not in the public book (Binance's levels only).
    expect(
      engine()
        .depth(BTC_MARKET, 1000)
        .bids.some(([price, quantity]) => price === limit && quantity === 0.001),
    ).toBe(false);

    await until(() => fake.finished, 30_000);
    await until(() => engine().lastSeq(BTC_MARKET) > 0 && engine().recentTrades(BTC_MARKET).at(-1)?.source?.id === later.at(-1)?.id);
    await h.ctx.exchange.idle();
    const fills = await h.ctx.db.selectFrom('spot_fills').selectAll().where('maker_order_id', '=', placed.id).orderBy('id').execute();
    expect(fills.length).toBeGreaterThan(0);
    // The first trade strictly below the limit after the order rested filled it, at the order's own price.
    const first = later.find((trade) => Number(trade.price) < limit);
    expect(fills[0]).toMatchObject({ price: limit.toFixed(2), exchange_ref: `binance:trade:${first?.id}`, exchange_time: first?.time, exchange_price: first?.price, taker_order_id: null });
    const detail = await ok(h.call(endpoints.spotDetail, { id: placed.id }, { token: ann }));
    expect(detail.fills[0]).toMatchObject({ role: 'maker', price: limit.toFixed(2), tick: { exchange: 'binance', trade_id: first?.id, price: first?.price, time: first?.time } });
    const done = await ok(h.call(endpoints.spotList, { status: 'history' }, { token: ann }));
    expect(done.data.find((row) => row.id === placed.id)?.status).toBe('filled');
    // The session's minute is the recorded trades' aggregation, and the paper fills changed none of it.
    const candle = engine().openCandle(BTC_MARKET, '1min');
    const prices = trades.map((trade) => Number(trade.price));
    expect(candle).toMatchObject({ time: START, open: prices[0], high: Math.max(...prices), low: Math.min(...prices), close: prices.at(-1) });
    expect(candle?.volume).toBeCloseTo(
      trades.reduce((sum, trade) => sum + Number(trade.quantity), 0),
      8,
    );
  });

  test('a lost stream marks the market stale and refuses orders on it; an option expiring then settles on the first real trade after', async () => {
    // Half speed: the option's 30 s end in the session, and the exchange comes back before the session does.
    await openLive(2);
    await until(() => engine().recentTrades(BTC_MARKET).length > 0);
    const ann = await trader('ann@example.com');
    await fund(h, await uidOf(h, ann), 'USDT', '1000', 'micro');
    const option = await ok(h.call(endpoints.optionSubmit, { match_id: BTC_MARKET, currency_id: 3, type: 'up', seconds: 30, number: '100' }, { token: ann }));
    expect(option.open_tick).toMatchObject({ exchange: 'binance', trade_id: engine().recentTrades(BTC_MARKET).at(-1)?.source?.id });
    const batches: TickerBatch[] = [];
    h.ctx.market.connect(
      (channel, _event, payload) => {
        if (channel === CHANNELS.tickers) batches.push(payload as TickerBatch);
      },
      () => true,
    );
    await until(() => sessionTime() >= option.expires_at - 4000, 30_000);
    fake.refuse(true);
    fake.dropAll();
    await until(() => engine().isStale(BTC_MARKET));
    await until(() => batches.some((batch) => batch.x?.includes(BTC_MARKET)), 5000);
    const quotes = await ok(h.call(endpoints.quotations, {}));
    expect(quotes.groups.flatMap((group) => group.markets).find((market) => market.id === BTC_MARKET)?.stale).toBe(true);
    const paused = 'BTC/USDT prices are paused while the connection to Binance is restored. Please try again in a moment.';
    expect(await order(ann, { type: 'buy', amount: '0.01' })).toEqual({ type: 'error', message: paused });
    expect(await order(ann, { type: 'buy', amount: '0.01', target_price: '90000' })).toEqual({ type: 'error', message: paused });
    expect(await h.call(endpoints.optionSubmit, { match_id: BTC_MARKET, currency_id: 3, type: 'up', seconds: 30, number: '100' }, { token: ann })).toEqual({ type: 'error', message: paused });
    expect(await balance(h, ann, 3)).toMatchObject({ available: '50000.000000', frozen: '0.000000' });
    // The simulated markets go on.
    expect(engine().isStale(AAPL_MARKET)).toBe(false);

    // Expired while stale: not settled on the last price seen.
    await until(() => sessionTime() >= option.expires_at + 1000, 30_000);
    await h.ctx.exchange.idle();
    expect((await ok(h.call(endpoints.optionResult, { id: option.id }, { token: ann }))).status).toBe('open');
    const lastBefore = engine().lastSeq(BTC_MARKET);
    const after: Trade[] = [];
    engine().listen({ trades: (marketId, printed) => void (marketId === BTC_MARKET && after.push(...printed)) });
    fake.refuse(false);
    await until(() => !engine().isStale(BTC_MARKET), 20_000);
    await until(() => batches.at(-1)?.x === undefined, 5000);
    await until(() => engine().lastSeq(BTC_MARKET) > lastBefore, 10_000);
    await h.ctx.exchange.idle();
    const settled = await ok(h.call(endpoints.optionResult, { id: option.id }, { token: ann }));
    const decider = after[0];
    expect(decider?.seq).toBe(lastBefore + 1);
    expect(settled).toMatchObject({ status: 'settled', close_price: decider?.price.toFixed(2) });
    expect(settled.close_tick).toEqual({ market_id: BTC_MARKET, seq: decider?.seq, price: decider?.price.toFixed(2), time: decider?.time, exchange: 'binance', trade_id: decider?.source?.id });
    expect(decider?.time).toBeGreaterThanOrEqual(option.expires_at + 1000);
    expect((await ok(order(ann, { type: 'buy', amount: '0.01' }))).status).toBe('filled');
  });
});
