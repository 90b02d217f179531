import { describe, expect, test } from 'vitest';
import { bucketStart, MINUTE, type Candle } from '../../contract/market';
import { MarketEngine, type MarketStart, type Trade } from './engine';
import { INSTRUMENTS } from './instruments';
import { liquidityFor } from './service';
import { Simulator } from './simulator';

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
