import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { bucketStart, HOUR, MINUTE, PERIODS } from '../../contract/market';
import { createHarness, HARNESS_START, type Harness } from '../testing/harness';
import { INSTRUMENTS } from './instruments';
import { Simulator } from './simulator';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

/** Runs the simulated market for `ms` of the harness clock. */
function trade(ms: number, rate = 400): void {
  const engine = h.ctx.market.engine;
  const simulator = new Simulator({
    instruments: INSTRUMENTS,
    startPrices: new Map(INSTRUMENTS.map((def) => [def.id, engine.lastTicks(def.id)])),
    startTime: h.ctx.now(),
    seed: 99,
    tradesPerSecond: rate,
    now: () => h.ctx.now(),
  });
  h.advance(ms);
  engine.apply(simulator.runUntil(h.ctx.now()));
}

describe('GET /currency/quotation_new', () => {
  test('lists every market grouped by quote currency with its 24h figures', async () => {
    trade(5_000);
    const answer = await h.call(endpoints.quotations, {});
    if (answer.type !== 'ok') throw new Error(answer.message);
    const { groups } = answer.message;
    expect(groups.map((g) => [g.quote, g.markets.length])).toEqual([
      ['USDT', 24],
      ['USD', 8],
    ]);
    const btc = groups[0]!.markets[0]!;
    expect(btc).toMatchObject({ id: 1, currency_id: 1, legal_id: 3, symbol: 'BTC/USDT', kind: 'crypto', contract: true, price_precision: 2 });
    expect(btc.high).toBeGreaterThanOrEqual(btc.last);
    expect(btc.low).toBeLessThanOrEqual(btc.last);
    expect(btc.change).toBeCloseTo(((btc.last - btc.open) / btc.open) * 100, 1);
    expect(btc.volume).toBeGreaterThan(0);
    expect(groups[1]!.markets.every((m) => m.kind === 'stock' && m.quote === 'USD')).toBe(true);
  });
});

describe('GET /currency/new_timeshar', () => {
  test('answers {code: 1, data, seq}: candles keyed by open time, oldest first, 300 by default', async () => {
    trade(3 * MINUTE);
    const response = await h.app.inject({ method: 'GET', url: '/api/currency/new_timeshar?symbol=BTC/USDT&period=1min' });
    const body = response.json<{ code: number; msg: string; data: { time: number; close: number }[]; seq: number }>();
    expect(body.code).toBe(1);
    expect(body.data).toHaveLength(300);
    for (let i = 1; i < body.data.length; i++) expect(body.data[i]!.time - body.data[i - 1]!.time).toBe(MINUTE);
    const lastTrade = h.ctx.market.engine.recentTrades(1).at(-1)!;
    expect(body.data.at(-1)!.time).toBe(bucketStart(lastTrade.time, '1min'));
    expect(body.data.at(-1)!.close).toBe(h.ctx.market.engine.lastPrice(1));
    expect(body.seq).toBe(h.ctx.market.engine.lastSeq(1));
    expect(body.seq).toBeGreaterThan(0);
  });

  test('every period has history (tests keep a short one), and names like btcusdt work', async () => {
    for (const period of PERIODS) {
      const answer = await h.call(endpoints.klines, { symbol: 'btcusdt', period });
      if (answer.type !== 'ok') throw new Error(answer.message);
      expect(answer.message.data.length, period).toBeGreaterThanOrEqual(period === '1mon' ? 12 : 50);
      for (const candle of answer.message.data) expect(candle.time).toBe(bucketStart(candle.time, period));
    }
  });

  test('from and to select a range; at most 1000 candles', async () => {
    const to = bucketStart(HARNESS_START, '1min');
    const ranged = await h.call(endpoints.klines, { symbol: 'ETH/USDT', period: '1min', from: to - 10 * MINUTE, to });
    if (ranged.type !== 'ok') throw new Error(ranged.message);
    expect(ranged.message.data.map((c) => c.time)).toEqual(Array.from({ length: 10 }, (_, i) => to - (10 - i) * MINUTE));
    const wide = await h.call(endpoints.klines, { symbol: 'ETH/USDT', period: '1min', from: 0, to });
    if (wide.type !== 'ok') throw new Error(wide.message);
    expect(wide.message.data).toHaveLength(1000);
    expect(wide.message.data.at(-1)!.time).toBe(to - MINUTE);
  });

  test('from and to as 10-digit seconds (spec 9, what Huobi-style clients send) select the same range as milliseconds', async () => {
    const to = bucketStart(HARNESS_START, '1min');
    const inMs = await h.call(endpoints.klines, { symbol: 'ETH/USDT', period: '1min', from: to - 10 * MINUTE, to });
    const inSeconds = await h.call(endpoints.klines, { symbol: 'ETH/USDT', period: '1min', from: (to - 10 * MINUTE) / 1000, to: to / 1000 });
    if (inMs.type !== 'ok' || inSeconds.type !== 'ok') throw new Error('refused');
    expect(inSeconds.message.data).toHaveLength(10);
    expect(inSeconds.message.data).toEqual(inMs.message.data);
  });

  test('a wrong symbol or period answers code 0 with a translated message', async () => {
    const unknown = await h.app.inject({ method: 'GET', url: '/api/currency/new_timeshar?symbol=FOO/BAR&period=1min' });
    expect(unknown.json()).toEqual({ code: 0, msg: 'This market does not exist.' });
    const period = await h.app.inject({ method: 'GET', url: '/api/currency/new_timeshar?symbol=BTCUSDT&period=2min' });
    expect(period.json()).toEqual({ code: 0, msg: 'Please choose a valid chart period.' });
    const zh = await h.app.inject({ method: 'GET', url: '/api/currency/new_timeshar?symbol=FOO/BAR&period=1min&lang=zh-cn' });
    expect(zh.json<{ msg: string }>().msg).not.toBe('This market does not exist.');
  });
});

describe('GET /market/depth and /market/trades', () => {
  test('the book has bids below asks, best first, and trades happen at book prices', async () => {
    trade(2_000);
    const depth = await h.call(endpoints.depth, { symbol: 'BTC/USDT' });
    if (depth.type !== 'ok') throw new Error(depth.message);
    const { bids, asks } = depth.message;
    // Takers may have eaten the top levels since the last quote; 20 at most.
    for (const side of [bids, asks]) {
      expect(side.length).toBeGreaterThan(5);
      expect(side.length).toBeLessThanOrEqual(20);
    }
    for (let i = 1; i < Math.min(bids.length, asks.length); i++) {
      expect(bids[i]![0]).toBeLessThan(bids[i - 1]![0]);
      expect(asks[i]![0]).toBeGreaterThan(asks[i - 1]![0]);
    }
    expect(bids[0]![0]).toBeLessThan(asks[0]![0]);
    const trades = await h.call(endpoints.recentTrades, { symbol: 'BTC/USDT' });
    if (trades.type !== 'ok') throw new Error(trades.message);
    const list = trades.message.trades;
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(50);
    expect(list.at(-1)![0]).toBe(trades.message.seq);
    for (let i = 1; i < list.length; i++) expect(list[i]![0]).toBe(list[i - 1]![0] + 1);
    for (const [, , price, quantity, side] of list) {
      expect(Math.round(price * 100)).toBeCloseTo(price * 100, 6);
      expect(quantity).toBeGreaterThan(0);
      expect([1, -1]).toContain(side);
    }
  });
});

describe('favourites', () => {
  test('add, list and remove are per user and need a session', async () => {
    const ann = await h.registerUser('ann@example.com');
    const bob = await h.registerUser('bob@example.com');
    expect(await h.call(endpoints.favouriteAdd, { currency_id: 2 }, { token: ann })).toEqual({ type: 'ok', message: 'Added to favourites.' });
    h.advance(1000);
    await h.call(endpoints.favouriteAdd, { currency_id: 1 }, { token: ann });
    await h.call(endpoints.favouriteAdd, { currency_id: 1 }, { token: ann });
    expect(await h.call(endpoints.favouriteList, {}, { token: ann })).toEqual({
      type: 'ok',
      message: [
        { currency_id: 2, market_id: 2, symbol: 'ETH/USDT' },
        { currency_id: 1, market_id: 1, symbol: 'BTC/USDT' },
      ],
    });
    expect(await h.call(endpoints.favouriteList, {}, { token: bob })).toEqual({ type: 'ok', message: [] });
    expect(await h.call(endpoints.favouriteDel, { id: 2 }, { token: bob })).toEqual({ type: 'ok', message: 'Removed from favourites.' });
    expect((await h.call(endpoints.favouriteList, {}, { token: ann })).message).toHaveLength(2);
    await h.call(endpoints.favouriteDel, { id: 2 }, { token: ann });
    expect(await h.call(endpoints.favouriteList, {}, { token: ann })).toEqual({ type: 'ok', message: [{ currency_id: 1, market_id: 1, symbol: 'BTC/USDT' }] });
    expect(await h.call(endpoints.favouriteAdd, { currency_id: 999 }, { token: ann })).toEqual({ type: 'error', message: 'This market does not exist.' });
    expect(await h.call(endpoints.favouriteAdd, { currency_id: 'x' }, { token: ann })).toEqual({ type: 'error', message: 'This market does not exist.' });
    expect((await h.call(endpoints.favouriteList, {})).type).toBe('999');
  });
});

describe('hot search', () => {
  test('counts distinct people over 7 days; looking again within the hour counts once', async () => {
    expect(await h.call(endpoints.hotSearch, {})).toEqual({ type: 'ok', message: [] });
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) await h.call(endpoints.recordView, { market_id: 7, source: 'search' }, { ip });
    await h.call(endpoints.recordView, { market_id: 2, source: 'detail' }, { ip: '10.0.0.1' });
    await h.call(endpoints.recordView, { market_id: 2, source: 'detail' }, { ip: '10.0.0.1' });
    const hot = await h.call(endpoints.hotSearch, {});
    expect(hot).toEqual({
      type: 'ok',
      message: [
        { market_id: 7, symbol: 'BNB/USDT', viewers: 3 },
        { market_id: 2, symbol: 'ETH/USDT', viewers: 1 },
      ],
    });
    const rows = await h.ctx.db.selectFrom('market_views').select('id').where('market_id', '=', 2).execute();
    expect(rows).toHaveLength(1);
    h.advance(7 * 24 * HOUR + 1);
    expect(await h.call(endpoints.hotSearch, {})).toEqual({ type: 'ok', message: [] });
    expect((await h.call(endpoints.recordView, { market_id: 99, source: 'search' })).type).toBe('error');
  });
});

describe('rate limits on the public market endpoints', () => {
  test('each endpoint counts per IP: past PUBLIC_RATE_LIMIT a minute it answers 429 with the translated envelope and Retry-After', async () => {
    const limited = await createHarness({ PUBLIC_RATE_LIMIT: '3' });
    try {
      const get = (url: string, ip = '10.9.0.1') => limited.app.inject({ method: 'GET', url, remoteAddress: ip });
      for (let i = 0; i < 3; i++) expect((await get('/api/currency/quotation_new')).statusCode).toBe(200);
      const refused = await get('/api/currency/quotation_new');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ type: 'error', message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/) });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.json<{ message: string }>().message).toContain(`${retryAfter} seconds`);
      // In the language the app asks for (its lang field), as every other message.
      const zh = await get('/api/currency/quotation_new?lang=zh-cn');
      expect(zh.statusCode).toBe(429);
      expect(zh.json<{ message: string }>().message).toMatch(/^请求过于频繁，请\d+秒后再试。$/);

      // Another address has its own count; so has each endpoint.
      expect((await get('/api/currency/quotation_new', '10.9.0.2')).statusCode).toBe(200);
      const candles = '/api/currency/new_timeshar?symbol=BTC/USDT&period=1min';
      for (let i = 0; i < 3; i++) expect((await get(candles)).json<{ code: number }>().code).toBe(1);
      // The kline endpoint keeps its own envelope, {code: 0, msg}.
      const refusedCandles = await get(candles);
      expect(refusedCandles.statusCode).toBe(429);
      expect(refusedCandles.json()).toEqual({ code: 0, msg: expect.stringMatching(/^Too many requests\./) });
      for (const url of ['/api/market/depth?symbol=BTC/USDT', '/api/market/trades?symbol=BTC/USDT', '/api/market/hot']) {
        for (let i = 0; i < 3; i++) expect((await get(url)).statusCode, url).toBe(200);
        expect((await get(url)).statusCode, url).toBe(429);
      }
      // Endpoints outside the market's public ones are not counted here.
      for (let i = 0; i < 5; i++) expect((await get('/api/getSiteConfig')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
