import { BollingerBands, EMA, MACD, RSI, SMA } from 'technicalindicators';
import { describe, expect, test } from 'vitest';
import { DEFAULT_CHART_SETTINGS, indicatorColumns, type ChartIndicators, type IndicatorName } from '../contract/chart-settings';
import { CANDLE_WIDTH } from '../contract/worker-api';
import { CandleSeries } from './candles';
import { IndicatorTrack } from './chart-indicators';

/**
 * The worker's indicators, moved one tick at a time with the candles, against a whole
 * recomputation by the reference (the technicalindicators package; KDJ, which it lacks,
 * by its definition) over the candles as they stand: after a snapshot, hundreds of
 * frames of live trades (candles opening and closing), a new snapshot (a resync), a late
 * trade in a closed candle, and other parameters.
 */
const start = Date.parse('2026-11-20T00:00:00Z');
const MINUTE = 60_000;

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** A snapshot of `count` 1-minute candles from `from`, a random walk. */
function snapshot(count: number, from: number, next: () => number): Float64Array {
  const rows = new Float64Array(count * CANDLE_WIDTH);
  let price = 100;
  for (let i = 0; i < count; i++) {
    const open = price;
    price = Math.max(1, price * (1 + (next() - 0.5) * 0.02));
    const volume = 1 + next() * 50;
    rows.set([from + i * MINUTE, open, Math.max(open, price) * (1 + next() * 0.005), Math.min(open, price) * (1 - next() * 0.005), price, volume, volume * price], i * CANDLE_WIDTH);
  }
  return rows;
}

/** The values as the chart holds them: a row per candle time, replaced whole on a reset. */
class ChartValues {
  readonly rows = new Map<number, number[]>();
  patches: { reset: boolean; rows: number }[] = [];

  apply(track: IndicatorTrack, values: { reset: boolean; rows: Float64Array } | null): void {
    if (!values) return;
    if (values.reset) this.rows.clear();
    for (let i = 0; i < values.rows.length; i += track.width) this.rows.set(values.rows[i] as number, Array.from(values.rows.subarray(i + 1, i + track.width)));
    this.patches.push({ reset: values.reset, rows: values.rows.length / track.width });
  }
}

/** A reference series padded in front to one value per candle (NaN where it has none yet). */
const padded = (values: readonly (number | undefined)[], count: number): number[] => [...Array<number>(count - values.length).fill(Number.NaN), ...values.map((value) => value ?? Number.NaN)];

/** Every column of `shown`, over every candle, from the reference. */
function reference(shown: ChartIndicators, candles: Float64Array): number[][] {
  const count = candles.length / CANDLE_WIDTH;
  const field = (offset: number) => Array.from({ length: count }, (_, i) => candles[i * CANDLE_WIDTH + offset] as number);
  const [highs, lows, closes, volumes] = [field(2), field(3), field(4), field(5)];
  const { params } = shown;
  const lines = (periods: readonly (number | null)[], compute: (period: number) => number[]) => periods.flatMap((period) => (period === null ? [] : [padded(compute(period), count)]));
  const columns: Record<IndicatorName, () => number[][]> = {
    ma: () => lines(params.ma, (period) => SMA.calculate({ period, values: closes })),
    ema: () => lines(params.ema, (period) => EMA.calculate({ period, values: closes })),
    vol: () => lines(params.vol, (period) => SMA.calculate({ period, values: volumes })),
    rsi: () => lines(params.rsi, (period) => RSI.calculate({ period, values: closes })),
    boll: () => {
      const bands = BollingerBands.calculate({ period: params.boll[0], stdDev: params.boll[1], values: closes });
      return [
        padded(
          bands.map((b) => b.upper),
          count,
        ),
        padded(
          bands.map((b) => b.middle),
          count,
        ),
        padded(
          bands.map((b) => b.lower),
          count,
        ),
      ];
    },
    macd: () => {
      const [fastPeriod, slowPeriod, signalPeriod] = params.macd;
      const macd = MACD.calculate({ fastPeriod, slowPeriod, signalPeriod, values: closes, SimpleMAOscillator: false, SimpleMASignal: false });
      return [
        padded(
          macd.map((m) => m.MACD),
          count,
        ),
        padded(
          macd.map((m) => m.signal),
          count,
        ),
        padded(
          macd.map((m) => m.histogram),
          count,
        ),
      ];
    },
    kdj: () => {
      const [period, kSmoothing, dSmoothing] = params.kdj;
      let k = 50;
      let d = 50;
      const out: number[][] = [[], [], []];
      for (let i = 0; i < count; i++) {
        if (i < period - 1) {
          out.forEach((column) => column.push(Number.NaN));
          continue;
        }
        const high = Math.max(...highs.slice(i - period + 1, i + 1));
        const low = Math.min(...lows.slice(i - period + 1, i + 1));
        const rsv = high === low ? 50 : (((closes[i] as number) - low) / (high - low)) * 100;
        k = ((kSmoothing - 1) * k + rsv) / kSmoothing;
        d = ((dSmoothing - 1) * d + k) / dSmoothing;
        out[0]?.push(k);
        out[1]?.push(d);
        out[2]?.push(3 * k - 2 * d);
      }
      return out;
    },
  };
  const byColumn = [...shown.overlays, ...shown.panes].flatMap((indicator) => columns[indicator]());
  expect(byColumn).toHaveLength(indicatorColumns(shown).length);
  return Array.from({ length: count }, (_, i) => byColumn.map((column) => column[i] as number));
}

/** The chart's values equal the reference's for every candle (RSI: the reference rounds to two decimals). */
function expectReference(shown: ChartIndicators, series: CandleSeries, chart: ChartValues): void {
  const candles = series.rows();
  const expected = reference(shown, candles);
  const columns = indicatorColumns(shown);
  expect(chart.rows.size).toBe(expected.length);
  expected.forEach((row, i) => {
    const time = candles[i * CANDLE_WIDTH] as number;
    const actual = chart.rows.get(time);
    expect(actual, `row ${i}`).toBeDefined();
    row.forEach((value, c) => {
      const got = actual?.[c] ?? Number.NaN;
      const where = `${columns[c]?.label ?? c} at candle ${i}`;
      if (Number.isNaN(value)) return expect(got, where).toBeNaN();
      const tolerance = columns[c]?.indicator === 'rsi' ? 0.005 + 1e-9 : 1e-7 * Math.max(1, Math.abs(value));
      expect(Math.abs(got - value), where).toBeLessThanOrEqual(tolerance);
    });
  });
}

const ALL: ChartIndicators = { ...DEFAULT_CHART_SETTINGS, overlays: ['ma', 'ema', 'boll'], panes: ['vol', 'macd', 'rsi', 'kdj'] };

describe('the chart indicators in the worker', () => {
  test('fed tick by tick, they equal a whole recomputation by the reference, through a resync, a late trade and a parameter change', () => {
    const next = random(11);
    const series = new CandleSeries('1min');
    series.load(snapshot(240, start, next), 1000);
    let seq = 1000;
    let time = start + 239 * MINUTE + 5_000;
    let price = series.rows()[239 * CANDLE_WIDTH + 4] as number;
    /** `count` trades, a frame after every `perFrame`: the worker's loop. */
    const trade = (track: IndicatorTrack, chart: ChartValues, count: number, perFrame = 3) => {
      for (let i = 0; i < count; i++) {
        time += Math.floor(next() * 12_000);
        price = Math.max(1, price * (1 + (next() - 0.5) * 0.004));
        series.trade(++seq, time, price, 0.01 + next());
        if (i % perFrame === perFrame - 1) chart.apply(track, track.follow(series, series.takePatch()));
      }
      chart.apply(track, track.follow(series, series.takePatch()));
    };

    let shown = ALL;
    let track = new IndicatorTrack(shown);
    const chart = new ChartValues();
    chart.apply(track, track.follow(series, series.takePatch()));
    expect(chart.patches).toEqual([{ reset: true, rows: 240 }]);
    // About 40 minutes of ticks: candles open and close.
    trade(track, chart, 400);
    expect(series.length).toBeGreaterThan(260);
    expectReference(shown, series, chart);
    // Per tick, the open candle's row (and the one that just closed), never the history.
    const live = chart.patches.slice(1);
    expect(live.length).toBeGreaterThan(100);
    expect(live.every((patch) => !patch.reset && patch.rows >= 1 && patch.rows <= 2)).toBe(true);

    // A resync: a new snapshot replaces the candles (other history), then ticks go on.
    const resynced = snapshot(300, start - 40 * MINUTE, next);
    series.load(resynced, seq);
    time = start - 40 * MINUTE + 299 * MINUTE + 1_000;
    price = resynced[299 * CANDLE_WIDTH + 4] as number;
    chart.patches = [];
    trade(track, chart, 200);
    expect(chart.patches[0]).toEqual({ reset: true, rows: 300 });
    expectReference(shown, series, chart);

    // A late trade into a closed candle (its minute is in the past): computed whole again.
    series.trade(++seq, time - 5 * MINUTE, price * 1.01, 3);
    chart.patches = [];
    chart.apply(track, track.follow(series, series.takePatch()));
    expect(chart.patches).toEqual([{ reset: true, rows: series.length }]);
    expectReference(shown, series, chart);

    // Other parameters and indicators: a new track, the whole series at once, then ticks.
    shown = { overlays: ['boll', 'ma'], panes: ['kdj', 'macd', 'vol'], params: { ...ALL.params, ma: [null, 20, 60], boll: [26, 2.5], macd: [5, 35, 5], kdj: [14, 5, 2], vol: [null, null] } };
    track = new IndicatorTrack(shown);
    chart.patches = [];
    chart.apply(track, track.follow(series, null));
    expect(chart.patches).toEqual([{ reset: true, rows: series.length }]);
    trade(track, chart, 150, 1);
    expectReference(shown, series, chart);
  });

  test('rows are as wide as the columns: the open time, then one number per line turned on', () => {
    const shown: ChartIndicators = { overlays: ['ma'], panes: ['rsi', 'vol'], params: { ...ALL.params, ma: [7, null, 99], rsi: [null, 14, null], vol: [null, null] } };
    const track = new IndicatorTrack(shown);
    expect(indicatorColumns(shown).map((column) => column.label)).toEqual(['MA(7)', 'MA(99)', 'RSI(14)']);
    expect(track.width).toBe(4);
    const series = new CandleSeries('1min');
    series.load(snapshot(120, start, random(3)), 1);
    const values = track.follow(series, series.takePatch());
    expect(values?.rows.length).toBe(120 * 4);
    // Nothing traded: nothing to send.
    expect(track.follow(series, series.takePatch())).toBeNull();
  });
});
