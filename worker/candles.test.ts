import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { bucketStart, PERIODS, type Period } from '../contract/market';
import { CANDLE_WIDTH } from '../contract/worker-api';
import { CandleSeries } from './candles';

interface Tick {
  time: number;
  price: number;
  quantity: number;
}

/** The plain reference: group trades by bucket, in time order. */
function reference(ticks: readonly Tick[], period: Period): number[][] {
  const buckets = new Map<number, number[]>();
  for (const { time, price, quantity } of ticks) {
    const open = bucketStart(time, period);
    const row = buckets.get(open);
    if (!row) buckets.set(open, [open, price, price, price, price, quantity, price * quantity]);
    else {
      row[2] = Math.max(row[2]!, price);
      row[3] = Math.min(row[3]!, price);
      row[4] = price;
      row[5]! += quantity;
      row[6]! += price * quantity;
    }
  }
  return [...buckets.values()].sort((a, b) => a[0]! - b[0]!);
}

function rowsOf(series: CandleSeries): number[][] {
  const flat = series.rows();
  const rows: number[][] = [];
  for (let i = 0; i < flat.length; i += CANDLE_WIDTH) rows.push(Array.from(flat.subarray(i, i + CANDLE_WIDTH)));
  return rows;
}

function same(actual: number[][], expected: number[][]): void {
  expect(actual.length).toBe(expected.length);
  actual.forEach((row, i) => {
    expect(row.slice(0, 5)).toEqual(expected[i]!.slice(0, 5));
    expect(row[5]).toBeCloseTo(expected[i]![5]!, 6);
    expect(row[6]).toBeCloseTo(expected[i]![6]!, 3);
  });
}

const start = Date.parse('2026-10-30T22:00:00Z');
const ticksArb = fc
  .array(
    fc.record({
      dt: fc.integer({ min: 0, max: 40 * 60 * 60 * 1000 }),
      price: fc.integer({ min: 1, max: 1_000_000 }).map((n) => n / 100),
      quantity: fc.integer({ min: 1, max: 100_000 }).map((n) => n / 1000),
    }),
    { maxLength: 300 },
  )
  .map((raw) => raw.map(({ dt, price, quantity }) => ({ time: start + dt, price, quantity })).sort((a, b) => a.time - b.time));

describe('CandleSeries', () => {
  test('merging trades one by one equals the reference aggregation, for every period', () => {
    fc.assert(
      fc.property(ticksArb, (ticks) => {
        for (const period of PERIODS) {
          const series = new CandleSeries(period);
          ticks.forEach((tick, i) => series.trade(i + 1, tick.time, tick.price, tick.quantity));
          same(rowsOf(series), reference(ticks, period));
        }
      }),
      { numRuns: 150 },
    );
  });

  test('a snapshot valid at seq k plus the trades after k equals all trades; repeats are ignored', () => {
    fc.assert(
      fc.property(ticksArb, fc.nat(), fc.constantFrom(...PERIODS), (ticks, cut, period) => {
        const k = ticks.length === 0 ? 0 : cut % (ticks.length + 1);
        const series = new CandleSeries(period);
        series.load(reference(ticks.slice(0, k), period).flat(), k);
        // Deliver everything, with an overlap the snapshot already covers.
        ticks.forEach((tick, i) => series.trade(i + 1, tick.time, tick.price, tick.quantity));
        ticks.slice(Math.max(0, k - 3)).forEach((tick, i) => series.trade(Math.max(0, k - 3) + i + 1, tick.time, tick.price, tick.quantity));
        same(rowsOf(series), reference(ticks, period));
      }),
      { numRuns: 200 },
    );
  });

  test('patches carry the whole series after a load, then only the rows that changed', () => {
    const series = new CandleSeries('1min');
    series.load([start, 1, 2, 0.5, 1.5, 10, 12, start + 60_000, 1.5, 1.6, 1.4, 1.55, 5, 7.7], 9);
    expect(series.takePatch()).toMatchObject({ reset: true });
    expect(series.takePatch()).toBeNull();
    series.trade(10, start + 60_500, 1.7, 1);
    series.trade(11, start + 120_000, 1.65, 2);
    const patch = series.takePatch()!;
    expect(patch.reset).toBe(false);
    expect(Array.from(patch.candles)).toEqual([start + 60_000, 1.5, 1.7, 1.4, 1.7, 6, 7.7 + 1.7, start + 120_000, 1.65, 1.65, 1.65, 1.65, 2, 3.3]);
  });
});
