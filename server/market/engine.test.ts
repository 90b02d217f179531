import { describe, expect, test } from 'vitest';
import { bucketStart, DAY, MINUTE, type Candle } from '../../contract/market';
import { MarketEngine, type MarketStart, type Trade } from './engine';
import { INSTRUMENTS } from './instruments';
import { liquidityFor } from './service';
import { Simulator } from './simulator';
import type { SourceEvent } from './source';

const start = Date.parse('2026-11-22T10:00:00Z');

function freshEngine(rate = 200): MarketEngine {
  const starts = new Map<number, MarketStart>(INSTRUMENTS.map((def) => [def.id, { last: def.referencePrice, open: [], minutes: [] }]));
  return new MarketEngine(INSTRUMENTS, starts, start, liquidityFor(rate));
}

function simulator(seed: number, rate = 200) {
  return new Simulator({
    instruments: INSTRUMENTS,
    startPrices: new Map(INSTRUMENTS.map((def) => [def.id, Math.round(def.referencePrice * 10 ** def.pricePrecision)])),
    startTime: start,
    seed,
    tradesPerSecond: rate,
    now: () => start,
  });
}

describe('the simulated market', () => {
  test('the same seed and start give the same events; another seed does not', () => {
    const a = simulator(5).runUntil(start + 10_000);
    const b = simulator(5).runUntil(start + 10_000);
    const c = simulator(6).runUntil(start + 10_000);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  test('takers arrive at the configured rate on average, each printing one trade or a few', () => {
    // Twelve seeds of two minutes: each market starts in its own volatility regime, so
    // single runs differ; their mean is the configured rate.
    const rates: number[] = [];
    for (let seed = 1; seed <= 12; seed++)
      rates.push(
        simulator(seed, 200)
          .runUntil(start + 120_000)
          .filter((event) => event.kind === 'take').length / 120,
      );
    const mean = rates.reduce((sum, rate) => sum + rate, 0) / rates.length;
    expect(mean).toBeGreaterThan(186);
    expect(mean).toBeLessThan(214);
    for (const rate of rates) expect(rate).toBeGreaterThan(100);
    for (const rate of rates) expect(rate).toBeLessThan(300);

    const engine = freshEngine();
    let prints = 0;
    engine.listen({ trades: (_m, batch) => (prints += batch.length) });
    const events = simulator(11, 200).runUntil(start + 60_000);
    engine.apply(events);
    const takers = events.filter((event) => event.kind === 'take').length;
    // A taker goes through one price level, sometimes more.
    expect(prints / takers).toBeGreaterThanOrEqual(1);
    expect(prints / takers).toBeLessThan(1.5);
    for (const def of INSTRUMENTS) {
      const ratio = engine.lastPrice(def.id) / def.referencePrice;
      expect(ratio, def.base).toBeGreaterThan(0.97);
      expect(ratio, def.base).toBeLessThan(1.03);
    }
  });

  test('prices move like markets do: returns uncorrelated, volatility clustered, tails fat', () => {
    // A day of BTC alone, quotes only: the market maker's fair price at each minute's end.
    const btc = INSTRUMENTS.filter((def) => def.id === 1);
    const autocorrelation = (x: readonly number[], lag: number) => {
      const mean = x.reduce((sum, v) => sum + v, 0) / x.length;
      let num = 0;
      let den = 0;
      for (let i = 0; i < x.length; i++) {
        den += (x[i]! - mean) ** 2;
        if (i >= lag) num += (x[i]! - mean) * (x[i - lag]! - mean);
      }
      return num / den;
    };
    for (const seed of [1, 2, 3]) {
      const events = new Simulator({ instruments: btc, startPrices: new Map([[1, 9_600_000]]), startTime: start, seed, tradesPerSecond: 0, now: () => start }).runUntil(start + 86_400_000);
      const closes: number[] = [];
      let fair = Number.NaN;
      let minuteEnd = start + MINUTE;
      for (const event of events) {
        while (event.t >= minuteEnd) {
          closes.push(fair);
          minuteEnd += MINUTE;
        }
        if (event.kind === 'quote') fair = event.fair;
      }
      const returns = closes.slice(1).map((close, i) => Math.log(close / closes[i]!));
      expect(returns.length).toBeGreaterThan(1400);
      const mean = returns.reduce((sum, r) => sum + r, 0) / returns.length;
      const variance = returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / returns.length;
      const kurtosis = returns.reduce((sum, r) => sum + (r - mean) ** 4, 0) / returns.length / variance ** 2;
      const sizes = returns.map(Math.abs);
      // No momentum to trade on, but calm and busy spells (a random walk would give about 0 for both).
      expect(Math.abs(autocorrelation(returns, 1)), `seed ${seed}`).toBeLessThan(0.1);
      expect(autocorrelation(sizes, 1), `seed ${seed}`).toBeGreaterThan(0.1);
      expect(autocorrelation(sizes, 5), `seed ${seed}`).toBeGreaterThan(0.1);
      // Jumps and regimes: far more big moves than a normal distribution's kurtosis of 3.
      expect(kurtosis, `seed ${seed}`).toBeGreaterThan(5);
    }
  });

  test('runs at 20,000 trades per second when asked', () => {
    const engine = freshEngine(20_000);
    let count = 0;
    engine.listen({ trades: (_m, batch) => (count += batch.length) });
    const sim = simulator(3, 20_000);
    engine.apply(sim.runUntil(start + 2_000));
    expect(count / 2).toBeGreaterThan(15_000);
  });

  test('every trade is at a price the market maker quoted, in sequence, and the candles follow the trades', () => {
    const engine = freshEngine();
    const trades: Trade[] = [];
    const closed: Candle[] = [];
    engine.listen({
      trades: (m, batch) => m === 1 && trades.push(...batch),
      closed: (m, period, candle) => m === 1 && period === '1min' && closed.push(candle),
    });
    const sim = simulator(21);
    engine.apply(sim.runUntil(start + 3 * MINUTE + 5_000));
    trades.forEach((trade, i) => expect(trade.seq).toBe(i + 1));
    // Rebuild the 1-minute candles from the trades: they must match the engine's.
    const rebuilt = new Map<number, Candle>();
    for (const trade of trades) {
      const time = bucketStart(trade.time, '1min');
      const candle = rebuilt.get(time);
      if (!candle) rebuilt.set(time, { time, open: trade.price, high: trade.price, low: trade.price, close: trade.price, volume: trade.quantity, amount: trade.price * trade.quantity });
      else {
        candle.high = Math.max(candle.high, trade.price);
        candle.low = Math.min(candle.low, trade.price);
        candle.close = trade.price;
        candle.volume += trade.quantity;
        candle.amount += trade.price * trade.quantity;
      }
    }
    expect(closed.map((c) => c.time)).toEqual([start, start + MINUTE, start + 2 * MINUTE]);
    for (const candle of closed) {
      const expected = rebuilt.get(candle.time)!;
      expect({ ...candle, volume: 0, amount: 0 }).toEqual({ ...expected, volume: 0, amount: 0 });
      expect(candle.volume).toBeCloseTo(expected.volume, 6);
    }
    const ticker = engine.ticker(1);
    expect(ticker.last).toBe(trades.at(-1)!.price);
    expect(ticker.high).toBe(Math.max(...trades.map((t) => t.price)));
  });
});

describe('the 24h tickers', () => {
  /** A day of closed minutes before `start`, with volumes whose sums depend on their order. */
  function dayOfMinutes(def: (typeof INSTRUMENTS)[number]): Candle[] {
    const minutes: Candle[] = [];
    for (let k = 0; k < 1442; k++) {
      const time = start - DAY - 2 * MINUTE + k * MINUTE;
      const price = def.referencePrice * (1 + 0.01 * Math.sin(k / 37 + def.id));
      const volume = 0.1 + ((k * 7919 + def.id * 104729) % 1000) / 3000;
      minutes.push({ time, open: price, high: price * 1.001, low: price * 0.999, close: price, volume, amount: price * volume });
    }
    return minutes;
  }

  test('kept between minutes, they are the same to the last bit as a scan of the window, as the clock moves with or without trades', () => {
    const starts = new Map<number, MarketStart>(INSTRUMENTS.map((def) => [def.id, { last: def.referencePrice, open: [], minutes: dayOfMinutes(def) }]));
    const engine = new MarketEngine(INSTRUMENTS, starts, start, liquidityFor(200));
    // The scan GET /currency/quotation_new made on every call: the minutes since a day
    // (and a minute) ago, the open minute last.
    const minutes = new Map(INSTRUMENTS.map((def) => [def.id, [...starts.get(def.id)!.minutes]]));
    engine.listen({
      closed: (marketId, period, candle) => {
        if (period !== '1min') return;
        const list = minutes.get(marketId)!;
        list.push(candle);
        while (list[0]!.time <= engine.time - DAY) list.shift();
      },
    });
    const scan = (marketId: number) => {
      const window = minutes.get(marketId)!.filter((candle) => candle.time > engine.time - DAY - MINUTE);
      const current = engine.openCandle(marketId, '1min');
      if (current) window.push(current);
      const last = engine.lastPrice(marketId);
      if (window.length === 0) return { marketId, last, open: last, high: last, low: last, volume: 0, amount: 0 };
      let high = -Infinity;
      let low = Infinity;
      let volume = 0;
      let amount = 0;
      for (const candle of window) {
        if (candle.high > high) high = candle.high;
        if (candle.low < low) low = candle.low;
        volume += candle.volume;
        amount += candle.amount;
      }
      const { lotScale } = engine.scales(marketId);
      return { marketId, last, open: window[0]!.open, high, low, volume: Math.round(volume * lotScale) / lotScale, amount: Math.round(amount * 100) / 100 };
    };

    const events = simulator(8).runUntil(start + 4 * MINUTE);
    const watched = [1, 2, 9];
    let checks = 0;
    let changes = 0;
    let previous = engine.ticker(2);
    for (let i = 0; i < events.length; i += 40) {
      // The first half only BTC trades: the others' windows slide with the clock alone.
      const batch = events.slice(i, i + 40).filter((event) => i > events.length / 2 || event.m === 1);
      engine.apply(batch);
      for (const marketId of watched) {
        expect(engine.ticker(marketId), `market ${marketId} at ${engine.time}`).toEqual(scan(marketId));
        checks++;
      }
      const now = engine.ticker(2);
      if (now.open !== previous.open || now.volume !== previous.volume) changes++;
      previous = now;
    }
    expect(checks).toBeGreaterThan(300);
    // ETH's figures moved while it did not trade (minutes left its window), and when it did.
    expect(changes).toBeGreaterThan(4);
  });
});

describe('a market following a live exchange', () => {
  const BTC = 1;
  function liveEngine(): MarketEngine {
    const starts = new Map<number, MarketStart>(INSTRUMENTS.map((def) => [def.id, { last: def.referencePrice, open: [], minutes: [], ...(def.id === BTC ? { feed: 'binance' as const } : {}) }]));
    return new MarketEngine(INSTRUMENTS, starts, start);
  }
  const book: SourceEvent = {
    t: start,
    kind: 'book',
    m: BTC,
    ref: '7',
    bids: [
      [9_000_000, 300],
      [8_999_900, 500],
    ],
    asks: [
      [9_000_100, 200],
      [9_000_200, 400],
    ],
  };

  test("its book is the exchange's, replaced whole by each update; the simulator's events do not touch it", () => {
    const engine = liveEngine();
    engine.apply([book, { t: start, kind: 'quote', m: BTC, fair: 5_000_000 }, { t: start, kind: 'take', m: BTC, side: 1, lots: 100 }]);
    expect(engine.depth(BTC)).toEqual({
      bids: [
        [90_000, 0.003],
        [89_999, 0.005],
      ],
      asks: [
        [90_001, 0.002],
        [90_002, 0.004],
      ],
    });
    expect(engine.recentTrades(BTC)).toEqual([]);
    engine.apply([{ ...book, ref: '8', bids: [[9_000_050, 100]], asks: [[9_000_060, 100]] }]);
    expect(engine.depth(BTC)).toEqual({ bids: [[90_000.5, 0.001]], asks: [[90_000.6, 0.001]] });
    expect(engine.bookSource(BTC)).toEqual({ exchange: 'binance', kind: 'book', id: '8', time: start });
  });

  test("a user's order walks the exchange's levels and prints nothing; what rests waits apart from them", () => {
    const engine = liveEngine();
    engine.apply([book, { t: start + 1, kind: 'print', m: BTC, price: 9_000_100, lots: 50, side: 1, ref: 'b1' }]);
    const seq = engine.lastSeq(BTC);
    const { fills, resting } = engine.submit({ marketId: BTC, ref: 11, owner: 5, side: 1, lots: 700, limit: 9_000_200 }, start + 2);
    expect(fills.map((fill) => [fill.price, fill.lots, fill.seq, fill.source])).toEqual([
      [9_000_100, 200, seq, { exchange: 'binance', kind: 'book', id: '7', time: start }],
      [9_000_200, 400, seq, { exchange: 'binance', kind: 'book', id: '7', time: start }],
    ]);
    expect(resting).toBe(100);
    expect(engine.lastSeq(BTC)).toBe(seq);
    expect(engine.recentTrades(BTC).map((trade) => trade.source?.id)).toEqual(['b1']);
    // The resting rest is not in the public book.
    expect(engine.depth(BTC).bids).toEqual([
      [90_000, 0.003],
      [89_999, 0.005],
    ]);
    expect(engine.resting(BTC, 11)).toBe(100);
  });

  test("a resting order fills at its own price when a real trade goes through it, up to the trade's size; a trade at its price does not", () => {
    const engine = liveEngine();
    const fills: { ref: number; lots: number; price: number; trade?: string }[] = [];
    engine.listen({ userFills: (made) => fills.push(...made.map((fill) => ({ ref: fill.makerRef, lots: fill.lots, price: fill.price, trade: fill.source?.id }))) });
    engine.apply([book]);
    engine.submit({ marketId: BTC, ref: 21, owner: 5, side: 1, lots: 100, limit: 8_999_950 }, start);
    engine.submit({ marketId: BTC, ref: 22, owner: 6, side: -1, lots: 100, limit: 9_000_500 }, start);
    engine.apply([{ t: start + 1, kind: 'print', m: BTC, price: 8_999_950, lots: 80, side: -1, ref: 'at' }]);
    expect(fills).toEqual([]);
    engine.apply([{ t: start + 2, kind: 'print', m: BTC, price: 8_999_900, lots: 30, side: -1, ref: 'through' }]);
    expect(fills).toEqual([{ ref: 21, lots: 30, price: 8_999_950, trade: 'through' }]);
    // A buyer went up through the resting sell: all of it, at its own price.
    engine.apply([{ t: start + 3, kind: 'print', m: BTC, price: 9_000_600, lots: 500, side: 1, ref: 'up' }]);
    expect(fills.slice(1)).toEqual([{ ref: 22, lots: 100, price: 9_000_500, trade: 'up' }]);
    engine.apply([{ t: start + 4, kind: 'print', m: BTC, price: 8_999_000, lots: 500, side: -1, ref: 'down' }]);
    expect(fills.slice(2)).toEqual([{ ref: 21, lots: 70, price: 8_999_950, trade: 'down' }]);
    expect(engine.resting(BTC, 21)).toBe(0);
    expect(engine.resting(BTC, 22)).toBe(0);
  });

  test('stale and live again: said once each, and the ticker figures say which markets are stale', () => {
    const engine = liveEngine();
    const changes: [number, boolean][] = [];
    engine.listen({ staleChanged: (marketId, stale) => changes.push([marketId, stale]) });
    engine.apply([
      { t: start, kind: 'stale', m: BTC },
      { t: start, kind: 'stale', m: BTC },
    ]);
    expect(engine.isStale(BTC)).toBe(true);
    expect(engine.staleMarkets()).toEqual([BTC]);
    engine.apply([{ t: start + 1, kind: 'live', m: BTC }]);
    expect(changes).toEqual([
      [BTC, true],
      [BTC, false],
    ]);
    expect(engine.staleMarkets()).toEqual([]);
  });
});
