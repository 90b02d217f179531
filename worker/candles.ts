import { bucketStart, nextBucket, type Period } from '../contract/market';
import { CANDLE_WIDTH } from '../contract/worker-api';

/**
 * One period's candles of one market, as flat rows (time, open, high, low, close,
 * volume, amount) in a growable Float64Array. Live trades are merged in place; what
 * changed since the last frame is handed out as a patch.
 */
export class CandleSeries {
  private data = new Float64Array(CANDLE_WIDTH * 512);
  private count = 0;
  /** the last trade these candles include */
  validSeq = 0;
  /** index of the first row changed since the last patch; -1 none */
  private changedFrom = -1;
  private resetPending = false;
  /** bounds of the newest row's bucket, to skip date maths on most trades */
  private bucketOpen = Number.NaN;
  private bucketClose = Number.NaN;

  constructor(readonly period: Period) {}

  get length(): number {
    return this.count;
  }

  private ensure(rows: number): void {
    if (rows * CANDLE_WIDTH <= this.data.length) return;
    let size = this.data.length;
    while (size < rows * CANDLE_WIDTH) size *= 2;
    const grown = new Float64Array(size);
    grown.set(this.data.subarray(0, this.count * CANDLE_WIDTH));
    this.data = grown;
  }

  private setBucket(time: number): void {
    this.bucketOpen = time;
    this.bucketClose = nextBucket(time, this.period);
  }

  /** Replaces the series (a snapshot valid at `seq`, or cached rows with seq 0). */
  load(rows: ArrayLike<number>, seq: number): void {
    const count = Math.floor(rows.length / CANDLE_WIDTH);
    this.ensure(count);
    for (let i = 0; i < count * CANDLE_WIDTH; i++) this.data[i] = rows[i] as number;
    this.count = count;
    this.validSeq = seq;
    this.resetPending = true;
    this.changedFrom = -1;
    if (count > 0) this.setBucket(this.data[(count - 1) * CANDLE_WIDTH] as number);
    else this.bucketOpen = this.bucketClose = Number.NaN;
  }

  /** Merges one trade; a trade the series already includes is ignored. */
  trade(seq: number, time: number, price: number, quantity: number): void {
    if (seq <= this.validSeq) return;
    this.validSeq = seq;
    let row: number;
    if (time >= this.bucketOpen && time < this.bucketClose) {
      row = this.count - 1;
    } else {
      const open = bucketStart(time, this.period);
      const lastTime = this.count > 0 ? (this.data[(this.count - 1) * CANDLE_WIDTH] as number) : -Infinity;
      if (open > lastTime) {
        this.ensure(this.count + 1);
        // Only after ensure(): growth replaces the array. Writing into the old one lost this
        // candle, and its out-of-bounds reads (undefined) left every later merge at half speed.
        const data = this.data;
        const at = this.count * CANDLE_WIDTH;
        data[at] = open;
        data[at + 1] = price;
        data[at + 2] = price;
        data[at + 3] = price;
        data[at + 4] = price;
        data[at + 5] = 0;
        data[at + 6] = 0;
        row = this.count++;
        this.setBucket(open);
      } else {
        row = this.find(open);
        if (row < 0) return;
      }
    }
    const data = this.data;
    const at = row * CANDLE_WIDTH;
    if (price > (data[at + 2] as number)) data[at + 2] = price;
    if (price < (data[at + 3] as number)) data[at + 3] = price;
    if (row === this.count - 1) data[at + 4] = price;
    data[at + 5] = (data[at + 5] as number) + quantity;
    data[at + 6] = (data[at + 6] as number) + price * quantity;
    if (this.changedFrom < 0 || row < this.changedFrom) this.changedFrom = row;
  }

  private find(time: number): number {
    let low = 0;
    let high = this.count - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const at = this.data[mid * CANDLE_WIDTH] as number;
      if (at === time) return mid;
      if (at < time) low = mid + 1;
      else high = mid - 1;
    }
    return -1;
  }

  /** The next patch carries the whole series (the chart switched back to this period). */
  markReset(): void {
    this.resetPending = true;
  }

  /** The whole series after a load, else the rows changed since the last call (from row `from`); null if nothing. */
  takePatch(): { reset: boolean; candles: Float64Array; from: number } | null {
    if (this.resetPending) {
      this.resetPending = false;
      this.changedFrom = -1;
      return { reset: true, candles: this.data.slice(0, this.count * CANDLE_WIDTH), from: 0 };
    }
    if (this.changedFrom < 0) return null;
    const from = this.changedFrom;
    const candles = this.data.slice(from * CANDLE_WIDTH, this.count * CANDLE_WIDTH);
    this.changedFrom = -1;
    return { reset: false, candles, from };
  }

  /** The rows as they are now, not copied: read at once (the next trade may change or move them). */
  view(): Float64Array {
    return this.data.subarray(0, this.count * CANDLE_WIDTH);
  }

  /** The newest `rows` candles, for the device cache. */
  tail(rows: number): Float64Array {
    const from = Math.max(0, this.count - rows);
    return this.data.slice(from * CANDLE_WIDTH, this.count * CANDLE_WIDTH);
  }

  /** A copy of everything (tests and the cache). */
  rows(): Float64Array {
    return this.data.slice(0, this.count * CANDLE_WIDTH);
  }
}
