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

  test('trades arrive at about the configured rate and prices stay near where they started', () => {
    const engine = freshEngine();
    const trades: Trade[] = [];
    engine.listen({ trades: (_m, batch) => trades.push(...batch) });
    const sim = simulator(11, 200);
    for (let t = start; t < start + 60_000; t += 1000) engine.apply(sim.runUntil(t + 1000));
    // Takers go through one or more price levels; prints per second are near the taker rate.
    expect(trades.length / 60).toBeGreaterThan(120);
    expect(trades.length / 60).toBeLessThan(400);
    for (const def of INSTRUMENTS) {
      const ratio = engine.lastPrice(def.id) / def.referencePrice;
      expect(ratio, def.base).toBeGreaterThan(0.97);
      expect(ratio, def.base).toBeLessThan(1.03);
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
