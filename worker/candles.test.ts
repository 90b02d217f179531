import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { bucketStart, nextBucket, PERIODS, type Period } from '../contract/market';
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

/** The same plain aggregation, one trade at a time, for runs too long to regroup at every frame. */
class ReferenceCandles {
  private readonly buckets = new Map<number, { time: number; open: number; high: number; low: number; close: number; volume: number; amount: number }>();
  constructor(private readonly period: Period) {}

  add({ time, price, quantity }: Tick): void {
    const open = bucketStart(time, this.period);
    const candle = this.buckets.get(open);
    if (!candle) this.buckets.set(open, { time: open, open: price, high: price, low: price, close: price, volume: quantity, amount: price * quantity });
    else {
      candle.high = Math.max(candle.high, price);
      candle.low = Math.min(candle.low, price);
      candle.close = price;
      candle.volume += quantity;
      candle.amount += price * quantity;
    }
  }

  rows(): number[][] {
    return [...this.buckets.values()].sort((a, b) => a.time - b.time).map((c) => [c.time, c.open, c.high, c.low, c.close, c.volume, c.amount]);
  }
}

/** mulberry32: fast-check draws the seed and the shape of a run; this spells out its thousands of trades. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface LongMarket {
  period: Period;
  candles: number;
  seed: number;
  /** most trades in one candle */
  busiest: number;
  /** share of buckets without a trade (no candle) */
  quiet: number;
}

/** Trades in time order covering `candles` candles; firstOf[c] is the index of candle c's first trade. */
function longMarket({ period, candles, seed, busiest, quiet }: LongMarket): { ticks: Tick[]; firstOf: number[] } {
  const random = randomFrom(seed);
  const ticks: Tick[] = [];
  const firstOf: number[] = [];
  let cents = 9_600_000;
  for (let open = bucketStart(start, period); firstOf.length < candles; open = nextBucket(open, period)) {
    if (random() < quiet) continue;
    const span = nextBucket(open, period) - open;
    const count = 1 + Math.floor(random() * busiest);
    const offsets = Array.from({ length: count }, () => Math.floor(random() * span)).sort((a, b) => a - b);
    // The bucket's edges are where a merge picks the wrong row, if anywhere.
    if (random() < 0.25) offsets[0] = 0;
    if (random() < 0.25) offsets[count - 1] = span - 1;
    firstOf.push(ticks.length);
    for (const offset of offsets) {
      cents = Math.max(1, cents + Math.round((random() - 0.5) * 4000));
      ticks.push({ time: open + offset, price: cents / 100, quantity: (1 + Math.floor(random() * 100_000)) / 1000 });
    }
  }
  return { ticks, firstOf };
}

/** Where a snapshot cuts the run: at candle `at`, `lag` trades later (or earlier), and the socket repeats `overlap` trades it covers. */
interface Cut {
  at: number;
  lag: number;
  overlap: number;
}

/** Row counts where the series' array grows (512 rows, doubling), and either side. */
const growthEdges = [511, 512, 513, 1023, 1024, 1025, 2047, 2048, 4095, 4096, 4097, 8191, 8192];
const cutArb = fc.record({
  at: fc.oneof(fc.integer({ min: 0, max: 9_000 }), fc.constantFrom(...growthEdges)),
  lag: fc.integer({ min: -40, max: 40 }),
  overlap: fc.integer({ min: 0, max: 5 }),
});

function sameRows(actual: ArrayLike<number>, expected: readonly (readonly number[])[], what: string): void {
  expect(actual.length, `${what}: length`).toBe(expected.length * CANDLE_WIDTH);
  for (let i = 0; i < expected.length; i++) {
    const row = Array.from({ length: CANDLE_WIDTH }, (_, k) => actual[i * CANDLE_WIDTH + k]);
    // Sums run in the same order on both sides, so they agree exactly.
    if (row.some((value, k) => value !== expected[i]?.[k])) expect(row, `${what}: row ${i} of ${expected.length}`).toEqual(expected[i]);
  }
}

describe('CandleSeries over thousands of candles', () => {
  test('live trades, snapshots extended by live trades and every patch equal the reference, through each growth of the array', () => {
    fc.assert(
      fc.property(
        fc.record({
          period: fc.constantFrom(...PERIODS),
          candles: fc.integer({ min: 4_500, max: 9_000 }),
          seed: fc.integer(),
          busiest: fc.integer({ min: 1, max: 4 }),
          quiet: fc.double({ min: 0, max: 0.3, noNaN: true }),
        }),
        fc.option(cutArb, { nil: undefined }),
        fc.array(cutArb, { maxLength: 4 }),
        fc.integer({ min: 200, max: 3_000 }),
        (market, opening, resyncs, patchEvery) => {
          const { period } = market;
          const { ticks, firstOf } = longMarket(market);
          const deliveryOf = (cut: Cut) => firstOf[Math.min(cut.at, firstOf.length - 1)] ?? 0;
          const pending = [...resyncs].sort((a, b) => deliveryOf(a) - deliveryOf(b));
          const series = new CandleSeries(period);
          let reference = new ReferenceCandles(period);
          /** trades 1..applied are in the series */
          let applied = 0;
          let next = 0;
          let resetDue = false;
          let firstChanged: number | null = null;
          /** the chart as the app holds it after every patch */
          const shown = new Map<number, number[]>();

          const snapshot = (cut: Cut, delivered: number) => {
            const k = Math.min(ticks.length, Math.max(0, deliveryOf(cut) + cut.lag));
            reference = new ReferenceCandles(period);
            for (const tick of ticks.slice(0, k)) reference.add(tick);
            series.load(Float64Array.from(reference.rows().flat()), k);
            applied = k;
            resetDue = true;
            firstChanged = null;
            // The socket goes on from what it had delivered, repeating a few trades the snapshot covers.
            return Math.max(0, Math.min(delivered, k) - cut.overlap);
          };
          const takePatch = () => {
            const patch = series.takePatch();
            const rows = reference.rows();
            if (!resetDue && firstChanged === null) {
              expect(patch, 'no trade, no patch').toBeNull();
              return;
            }
            if (!patch) throw new Error('a patch was due');
            if (resetDue) {
              expect(patch.reset, 'a reset after a load').toBe(true);
              sameRows(patch.candles, rows, 'reset patch');
              shown.clear();
            } else {
              // The rows from the first one a trade touched since the last patch, to the newest.
              const touched = firstChanged === null ? Number.NaN : bucketStart(firstChanged, period);
              const from = rows.findIndex((row) => row[0] === touched);
              expect(patch.reset, 'a live patch').toBe(false);
              sameRows(patch.candles, rows.slice(from), `patch from row ${from}`);
            }
            for (let i = 0; i < patch.candles.length; i += CANDLE_WIDTH) {
              const row = Array.from(patch.candles.subarray(i, i + CANDLE_WIDTH));
              shown.set(row[0] ?? Number.NaN, row);
            }
            resetDue = false;
            firstChanged = null;
          };

          // A chart opens on a snapshot of history, or on live trades alone.
          if (opening) next = snapshot(opening, deliveryOf(opening));
          let untilPatch = patchEvery;
          while (next < ticks.length) {
            const cut = pending[0];
            if (cut && next >= deliveryOf(cut)) {
              pending.shift();
              // A gap or a reconnect: a new snapshot, then the trades after it.
              next = snapshot(cut, next);
              continue;
            }
            const tick = ticks[next];
            if (!tick) break;
            const seq = ++next;
            series.trade(seq, tick.time, tick.price, tick.quantity);
            if (seq > applied) {
              reference.add(tick);
              applied = seq;
              firstChanged ??= tick.time;
            }
            if (--untilPatch === 0) {
              untilPatch = patchEvery;
              // Now and then the chart switches back to this period and takes the whole series.
              if (seq % 7 === 0) {
                series.markReset();
                resetDue = true;
              }
              takePatch();
            }
          }
          takePatch();

          const rows = reference.rows();
          expect(rows.length).toBeGreaterThan(4_096);
          expect(series.length).toBe(rows.length);
          sameRows(series.rows(), rows, 'series');
          sameRows(series.tail(300), rows.slice(-300), 'tail');
          sameRows(
            [...shown.keys()].sort((a, b) => a - b).flatMap((time) => shown.get(time) ?? []),
            rows,
            'chart in the app',
          );
        },
      ),
      { numRuns: 25 },
    );
  });
});
