/**
 * Chart indicators (issue 23), the one place their math lives: MA, EMA, BOLL, MACD, RSI,
 * KDJ and the volume's MA. Each keeps its state up to the last closed candle and moves
 * by one candle at a time, so a tick costs one step, never a pass over the history:
 *
 * - `push(bar)`: a candle closed; its value, and the state moves past it;
 * - `peek(bar)`: the value the open candle has now, the state unchanged (every tick of
 *   the open candle peeks; when it closes, it is pushed).
 *
 * A value is null until enough candles have closed. The definitions follow the usual
 * ones (EMA seeded with the first period's simple mean, RSI with Wilder's smoothing,
 * BOLL with the population deviation, KDJ from 50), held equal to a reference in
 * indicators.test.ts.
 */
export interface Bar {
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface Indicator<V> {
  push(bar: Bar): V | null;
  peek(bar: Bar): V | null;
}

/** The last `period` values of a series, with their sum. */
class Window {
  private readonly values: number[] = [];
  private head = 0;
  sum = 0;

  constructor(readonly period: number) {}

  /** how many values it holds (at most `period`) */
  get size(): number {
    return this.values.length - this.head;
  }

  get full(): boolean {
    return this.size >= this.period;
  }

  /** The value that leaves when one more comes in (0 while not full). */
  get leaving(): number {
    return this.full ? (this.values[this.head] as number) : 0;
  }

  add(value: number): void {
    if (this.full) {
      this.sum -= this.values[this.head] as number;
      this.head++;
      if (this.head > 1024) {
        this.values.splice(0, this.head);
        this.head = 0;
      }
    }
    this.values.push(value);
    this.sum += value;
  }

  /** The values as they would be with `next` added, oldest first. */
  with(next: number): number[] {
    const kept = this.values.slice(this.full ? this.head + 1 : this.head);
    kept.push(next);
    return kept;
  }
}

/** What a period may be: a whole number of candles in this range (the chart settings' rules use it, contract/chart-settings.ts). */
export const PERIOD_RANGE = { min: 1, max: 500 } as const;
/** BOLL's width, in deviations: more than 0, at most this. */
export const WIDTH_MAX = 10;

const checkPeriod = (period: number, name: string): void => {
  if (!Number.isInteger(period) || period < PERIOD_RANGE.min || period > PERIOD_RANGE.max) throw new RangeError(`${name} must be a whole number from ${PERIOD_RANGE.min} to ${PERIOD_RANGE.max}`);
};

/** Simple moving average of the close (or of what `of` takes from a candle). */
export class Sma implements Indicator<number> {
  private readonly window: Window;

  constructor(
    period: number,
    private readonly of: (bar: Bar) => number = (bar) => bar.close,
  ) {
    checkPeriod(period, 'period');
    this.window = new Window(period);
  }

  private value(sum: number, count: number): number | null {
    return count >= this.window.period ? sum / this.window.period : null;
  }

  push(bar: Bar): number | null {
    this.window.add(this.of(bar));
    return this.value(this.window.sum, this.window.full ? this.window.period : 0);
  }

  peek(bar: Bar): number | null {
    const sum = this.window.sum - this.window.leaving + this.of(bar);
    return this.value(sum, Math.min(this.window.size + 1, this.window.period));
  }
}

/** Exponential moving average, seeded with the first `period` values' simple mean. */
export class Ema implements Indicator<number> {
  private readonly k: number;
  private prev: number | null = null;
  private seed = 0;
  private count = 0;

  constructor(
    readonly period: number,
    private readonly of: (bar: Bar) => number = (bar) => bar.close,
  ) {
    checkPeriod(period, 'period');
    this.k = 2 / (period + 1);
  }

  /** The next value for a plain number (MACD's signal line smooths MACD values). */
  nextOf(value: number, commit: boolean): number | null {
    let result: number | null;
    if (this.prev !== null) result = (value - this.prev) * this.k + this.prev;
    else result = this.count + 1 === this.period ? (this.seed + value) / this.period : null;
    if (commit) {
      this.count++;
      if (this.prev === null) this.seed += value;
      if (result !== null) this.prev = result;
    }
    return result;
  }

  push(bar: Bar): number | null {
    return this.nextOf(this.of(bar), true);
  }

  peek(bar: Bar): number | null {
    return this.nextOf(this.of(bar), false);
  }
}

/** Bollinger bands: the simple mean of the close and `width` population deviations around it. */
export class Boll implements Indicator<{ upper: number; middle: number; lower: number }> {
  private readonly window: Window;

  constructor(
    period = 20,
    private readonly width = 2,
  ) {
    checkPeriod(period, 'period');
    if (!(width > 0 && width <= WIDTH_MAX)) throw new RangeError(`width must be more than 0 and at most ${WIDTH_MAX}`);
    this.window = new Window(period);
  }

  private bands(values: number[]): { upper: number; middle: number; lower: number } | null {
    if (values.length < this.window.period) return null;
    const middle = values.reduce((sum, value) => sum + value, 0) / values.length;
    const deviation = Math.sqrt(values.reduce((sum, value) => sum + (value - middle) ** 2, 0) / values.length);
    return { upper: middle + this.width * deviation, middle, lower: middle - this.width * deviation };
  }

  push(bar: Bar) {
    const values = this.window.with(bar.close);
    this.window.add(bar.close);
    return this.bands(values);
  }

  peek(bar: Bar) {
    return this.bands(this.window.with(bar.close));
  }
}

/** MACD: the fast EMA less the slow one, its signal EMA, and the histogram between them. */
export class Macd implements Indicator<{ macd: number; signal: number | null; histogram: number | null }> {
  private readonly fast: Ema;
  private readonly slow: Ema;
  private readonly signal: Ema;

  constructor(fast = 12, slow = 26, signal = 9) {
    if (fast >= slow) throw new RangeError('the fast period must be shorter than the slow one');
    this.fast = new Ema(fast);
    this.slow = new Ema(slow);
    this.signal = new Ema(signal);
  }

  private step(bar: Bar, commit: boolean) {
    const fast = this.fast.nextOf(bar.close, commit);
    const slow = this.slow.nextOf(bar.close, commit);
    if (fast === null || slow === null) return null;
    const macd = fast - slow;
    const signal = this.signal.nextOf(macd, commit);
    return { macd, signal, histogram: signal === null ? null : macd - signal };
  }

  push(bar: Bar) {
    return this.step(bar, true);
  }

  peek(bar: Bar) {
    return this.step(bar, false);
  }
}

/** Relative strength index with Wilder's smoothing of the gains and losses. */
export class Rsi implements Indicator<number> {
  private last: number | null = null;
  private gains = 0;
  private losses = 0;
  private changes = 0;

  constructor(private readonly period = 14) {
    checkPeriod(period, 'period');
  }

  private step(bar: Bar, commit: boolean): number | null {
    if (this.last === null) {
      if (commit) this.last = bar.close;
      return null;
    }
    const change = bar.close - this.last;
    const gain = Math.max(0, change);
    const loss = Math.max(0, -change);
    const n = this.period;
    const changes = this.changes + 1;
    let gains: number;
    let losses: number;
    if (changes < n) {
      gains = this.gains + gain;
      losses = this.losses + loss;
    } else if (changes === n) {
      gains = (this.gains + gain) / n;
      losses = (this.losses + loss) / n;
    } else {
      gains = (this.gains * (n - 1) + gain) / n;
      losses = (this.losses * (n - 1) + loss) / n;
    }
    if (commit) {
      this.last = bar.close;
      this.gains = gains;
      this.losses = losses;
      this.changes = changes;
    }
    if (changes < n) return null;
    return losses === 0 ? 100 : 100 - 100 / (1 + gains / losses);
  }

  push(bar: Bar): number | null {
    return this.step(bar, true);
  }

  peek(bar: Bar): number | null {
    return this.step(bar, false);
  }
}

/** KDJ: the close's place in the last `period` candles' range (RSV), smoothed into K and D from 50; J = 3K - 2D. */
export class Kdj implements Indicator<{ k: number; d: number; j: number }> {
  private readonly highs: Window;
  private readonly lows: Window;
  private k = 50;
  private d = 50;

  constructor(
    period = 9,
    private readonly kSmoothing = 3,
    private readonly dSmoothing = 3,
  ) {
    checkPeriod(period, 'period');
    checkPeriod(kSmoothing, 'K smoothing');
    checkPeriod(dSmoothing, 'D smoothing');
    this.highs = new Window(period);
    this.lows = new Window(period);
  }

  private step(bar: Bar, commit: boolean) {
    const highs = this.highs.with(bar.high);
    const lows = this.lows.with(bar.low);
    if (commit) {
      this.highs.add(bar.high);
      this.lows.add(bar.low);
    }
    if (highs.length < this.highs.period) return null;
    const high = Math.max(...highs);
    const low = Math.min(...lows);
    const rsv = high === low ? 50 : ((bar.close - low) / (high - low)) * 100;
    const k = ((this.kSmoothing - 1) * this.k + rsv) / this.kSmoothing;
    const d = ((this.dSmoothing - 1) * this.d + k) / this.dSmoothing;
    if (commit) {
      this.k = k;
      this.d = d;
    }
    return { k, d, j: 3 * k - 2 * d };
  }

  push(bar: Bar) {
    return this.step(bar, true);
  }

  peek(bar: Bar) {
    return this.step(bar, false);
  }
}
