import { columnsOf, indicatorColumns, indicatorsKey, type ChartIndicators, type IndicatorName } from '../contract/chart-settings';
import { Boll, Ema, Kdj, Macd, Rsi, Sma, type Bar, type Indicator } from '../contract/indicators';
import { CANDLE_WIDTH } from '../contract/worker-api';

/**
 * The chart's indicators kept with its candles, in the worker (issue 23). The closed
 * candles are pushed through each indicator once (contract/indicators.ts), the open one
 * (the last row) is peeked at each frame, so a tick costs one step per line whatever the
 * history; a reset of the candles (a snapshot, another period) or other parameters
 * compute the whole series again. Loaded by the core when a chart first shows
 * indicators: the worker's first price does not wait for this code.
 */

/** One indicator's values for a candle, written at `out[at]` onwards (NaN: not enough candles yet). */
type Writer = (bar: Bar, commit: boolean, out: Float64Array, at: number) => void;

const step = <V>(indicator: Indicator<V>, bar: Bar, commit: boolean): V | null => (commit ? indicator.push(bar) : indicator.peek(bar));
const volumeOf = (bar: Bar) => bar.volume;

/** Lines of one kind of average, one per period turned on. */
function lines(periods: readonly (number | null)[], make: (period: number) => Indicator<number>): Writer {
  const made = periods.flatMap((period) => (period === null ? [] : [make(period)]));
  return (bar, commit, out, at) => made.forEach((indicator, i) => (out[at + i] = step(indicator, bar, commit) ?? Number.NaN));
}

function writerOf(indicator: IndicatorName, shown: ChartIndicators): Writer {
  const params = shown.params;
  switch (indicator) {
    case 'ma':
      return lines(params.ma, (period) => new Sma(period));
    case 'ema':
      return lines(params.ema, (period) => new Ema(period));
    case 'rsi':
      return lines(params.rsi, (period) => new Rsi(period));
    case 'vol':
      return lines(params.vol, (period) => new Sma(period, volumeOf));
    case 'boll': {
      const boll = new Boll(...params.boll);
      return (bar, commit, out, at) => {
        const value = step(boll, bar, commit);
        out[at] = value?.upper ?? Number.NaN;
        out[at + 1] = value?.middle ?? Number.NaN;
        out[at + 2] = value?.lower ?? Number.NaN;
      };
    }
    case 'macd': {
      const macd = new Macd(...params.macd);
      return (bar, commit, out, at) => {
        const value = step(macd, bar, commit);
        out[at] = value?.macd ?? Number.NaN;
        out[at + 1] = value?.signal ?? Number.NaN;
        out[at + 2] = value?.histogram ?? Number.NaN;
      };
    }
    case 'kdj': {
      const kdj = new Kdj(...params.kdj);
      return (bar, commit, out, at) => {
        const value = step(kdj, bar, commit);
        out[at] = value?.k ?? Number.NaN;
        out[at + 1] = value?.d ?? Number.NaN;
        out[at + 2] = value?.j ?? Number.NaN;
      };
    }
  }
}

/** What the track needs of a candle series (worker/candles.ts). */
export interface CandleRows {
  readonly length: number;
  /** the rows as they are now, not copied (read at once) */
  view(): Float64Array;
}

export class IndicatorTrack {
  readonly key: string;
  /** numbers per row: the candle's open time, then one per column (indicatorColumns) */
  readonly width: number;
  private writers: { write: Writer; at: number }[] = [];
  /** candles pushed: every row before the open one */
  private closed = 0;
  /** the open time of the last candle pushed, to tell a series that changed under the track */
  private closedTime = Number.NaN;
  /** nothing computed yet: the next follow sends every row */
  private fresh = true;
  private readonly bar: Bar = { high: 0, low: 0, close: 0, volume: 0 };

  constructor(private readonly shown: ChartIndicators) {
    this.key = indicatorsKey(shown);
    this.width = 1 + indicatorColumns(shown).length;
  }

  private start(): void {
    let at = 1;
    this.writers = [...this.shown.overlays, ...this.shown.panes].map((indicator) => {
      const writer = { write: writerOf(indicator, this.shown), at };
      at += columnsOf(indicator, this.shown.params).length;
      return writer;
    });
    this.closed = 0;
    this.closedTime = Number.NaN;
  }

  /** Row `index` of the candles through every indicator, into `out` at `offset`. */
  private compute(candles: Float64Array, index: number, commit: boolean, out: Float64Array, offset: number): void {
    const at = index * CANDLE_WIDTH;
    const bar = this.bar;
    bar.high = candles[at + 2] as number;
    bar.low = candles[at + 3] as number;
    bar.close = candles[at + 4] as number;
    bar.volume = candles[at + 5] as number;
    out[offset] = candles[at] as number;
    for (const { write, at: column } of this.writers) write(bar, commit, out, offset + column);
    if (commit) {
      this.closed = index + 1;
      this.closedTime = candles[at] as number;
    }
  }

  /** Rows `from` to the last: those before the last pushed (closed), the last peeked. */
  private rowsFrom(candles: Float64Array, count: number, from: number): Float64Array {
    const rows = new Float64Array((count - from) * this.width);
    for (let index = from; index < count; index++) this.compute(candles, index, index < count - 1, rows, (index - from) * this.width);
    return rows;
  }

  /**
   * The values for the candles as they are now: every row when `reset` (the candles were
   * replaced) or on the first call, else the rows from the first candle that changed
   * (`from`, or the open candle's if nothing changed before it). A change before the open
   * candle (a late trade in a closed one) computes everything again. Null: nothing new.
   */
  follow(series: CandleRows, change: { reset: boolean; from: number } | null): { reset: boolean; rows: Float64Array } | null {
    const candles = series.view();
    const count = series.length;
    const replaced = this.closed > 0 && candles[(this.closed - 1) * CANDLE_WIDTH] !== this.closedTime;
    if (this.fresh || change?.reset || replaced || (change && change.from < this.closed)) {
      this.fresh = false;
      this.start();
      return { reset: true, rows: this.rowsFrom(candles, count, 0) };
    }
    if (!change || count === 0) return null;
    return { reset: false, rows: this.rowsFrom(candles, count, this.closed) };
  }
}
