import { BollingerBands, EMA, MACD, RSI, SMA } from 'technicalindicators';
import { describe, expect, test } from 'vitest';
import { Boll, Ema, Kdj, Macd, Rsi, Sma, type Bar, type Indicator } from './indicators';

/**
 * The chart's indicators against a reference (the `technicalindicators` package, a test
 * dependency only; KDJ, which it lacks, against its definition computed over the whole
 * history), on a random walk of 600 candles: candle by candle (`push`), and tick by tick
 * of the open candle (`peek`), which must give what the candle gives once it closes.
 */
function walk(count: number, seed: number): Bar[] {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const bars: Bar[] = [];
  let price = 100;
  for (let i = 0; i < count; i++) {
    const open = price;
    price = Math.max(1, price * (1 + (random() - 0.5) * 0.04));
    bars.push({ close: price, high: Math.max(open, price) * (1 + random() * 0.01), low: Math.min(open, price) * (1 - random() * 0.01), volume: 1 + random() * 100 });
  }
  return bars;
}

const bars = walk(600, 7);
const closes = bars.map((bar) => bar.close);

/** Every candle pushed in turn, each first seen through three ticks of the open candle. */
function run<V>(indicator: Indicator<V>): (V | null)[] {
  return bars.map((bar) => {
    // The open candle's ticks: a partial close, then the final one, peeked and pushed.
    indicator.peek({ ...bar, close: (bar.close + bar.low) / 2 });
    const peeked = indicator.peek(bar);
    const pushed = indicator.push(bar);
    expect(peeked).toEqual(pushed);
    return pushed;
  });
}

/** The defined values, aligned with the reference's (which leaves out the first ones). */
const defined = <V>(values: (V | null)[]): V[] => values.filter((value): value is V => value !== null);

describe('indicators against the reference', () => {
  test('MA and EMA of 5, 10, 30 and 99', () => {
    for (const period of [5, 10, 30, 99]) {
      const sma = defined(run(new Sma(period)));
      const reference = SMA.calculate({ period, values: closes });
      expect(sma).toHaveLength(reference.length);
      sma.forEach((value, i) => expect(value).toBeCloseTo(reference[i] as number, 8));
      const ema = defined(run(new Ema(period)));
      const emaReference = EMA.calculate({ period, values: closes });
      expect(ema).toHaveLength(emaReference.length);
      ema.forEach((value, i) => expect(value).toBeCloseTo(emaReference[i] as number, 8));
    }
  });

  test('BOLL(20, 2)', () => {
    const boll = defined(run(new Boll(20, 2)));
    const reference = BollingerBands.calculate({ period: 20, stdDev: 2, values: closes });
    expect(boll).toHaveLength(reference.length);
    boll.forEach((value, i) => {
      expect(value.middle).toBeCloseTo(reference[i]?.middle ?? NaN, 8);
      expect(value.upper).toBeCloseTo(reference[i]?.upper ?? NaN, 8);
      expect(value.lower).toBeCloseTo(reference[i]?.lower ?? NaN, 8);
    });
  });

  test('MACD(12, 26, 9)', () => {
    const macd = defined(run(new Macd(12, 26, 9)));
    const reference = MACD.calculate({ fastPeriod: 12, slowPeriod: 26, signalPeriod: 9, values: closes, SimpleMAOscillator: false, SimpleMASignal: false });
    expect(macd).toHaveLength(reference.length);
    macd.forEach((value, i) => {
      expect(value.macd).toBeCloseTo(reference[i]?.MACD ?? NaN, 8);
      if (reference[i]?.signal === undefined) expect(value.signal).toBeNull();
      else expect(value.signal).toBeCloseTo(reference[i]?.signal ?? NaN, 8);
      if (reference[i]?.histogram !== undefined) expect(value.histogram).toBeCloseTo(reference[i]?.histogram ?? NaN, 8);
    });
  });

  test('RSI(6), RSI(14), RSI(24)', () => {
    for (const period of [6, 14, 24]) {
      const rsi = defined(run(new Rsi(period)));
      // The reference rounds to two decimals.
      const reference = RSI.calculate({ period, values: closes });
      expect(rsi).toHaveLength(reference.length);
      rsi.forEach((value, i) => expect(Math.abs(value - (reference[i] as number))).toBeLessThanOrEqual(0.005 + 1e-9));
    }
  });

  test('KDJ(9, 3, 3) as defined over the whole history', () => {
    const kdj = run(new Kdj(9, 3, 3));
    let k = 50;
    let d = 50;
    bars.forEach((bar, i) => {
      if (i < 8) return expect(kdj[i]).toBeNull();
      const range = bars.slice(i - 8, i + 1);
      const high = Math.max(...range.map((candle) => candle.high));
      const low = Math.min(...range.map((candle) => candle.low));
      const rsv = ((bar.close - low) / (high - low)) * 100;
      k = (2 * k + rsv) / 3;
      d = (2 * d + k) / 3;
      expect(kdj[i]?.k).toBeCloseTo(k, 8);
      expect(kdj[i]?.d).toBeCloseTo(d, 8);
      expect(kdj[i]?.j).toBeCloseTo(3 * k - 2 * d, 8);
    });
  });

  test('the volume MA reads the volume', () => {
    const ma = defined(run(new Sma(5, (bar) => bar.volume)));
    const reference = SMA.calculate({ period: 5, values: bars.map((bar) => bar.volume) });
    ma.forEach((value, i) => expect(value).toBeCloseTo(reference[i] as number, 8));
  });

  test('parameters out of range are refused', () => {
    expect(() => new Sma(0)).toThrow(RangeError);
    expect(() => new Ema(1.5)).toThrow(RangeError);
    expect(() => new Boll(20, 0)).toThrow(RangeError);
    expect(() => new Macd(26, 12, 9)).toThrow(RangeError);
    expect(() => new Rsi(501)).toThrow(RangeError);
    expect(() => new Kdj(9, 0, 3)).toThrow(RangeError);
  });
});
