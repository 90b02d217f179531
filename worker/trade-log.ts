import { RECENT_TRADES, TRADE_WIDTH, type TradeBatch } from '../contract/realtime';
import { TRADE_ROW_WIDTH } from '../contract/worker-api';

/**
 * The trades of one market as they arrive on its channel: the sequence reached, a
 * ring of recent trades (to bring a freshly loaded candle series up to date), and the
 * short list the trades panel shows.
 */
const RING = 4096;
const FIELDS = 5; // seq, time, price, quantity, side

export type BatchFit = 'next' | 'old' | 'gap';

export class TradeLog {
  /** the last trade seen; 0 before the first snapshot */
  lastSeq = 0;
  private readonly ring = new Float64Array(RING * FIELDS);
  private start = 0;
  private count = 0;
  private recentChanged = false;
  private recentReset = false;
  private added = 0;

  /** How a batch relates to what we have: the next trades, old news, or after a hole. */
  fit(batch: TradeBatch): BatchFit {
    const last = batch.s + batch.d.length / TRADE_WIDTH - 1;
    if (last <= this.lastSeq) return 'old';
    return batch.s <= this.lastSeq + 1 ? 'next' : 'gap';
  }

  /** A snapshot of recent trades ([seq, time, price, quantity, side] rows) valid at `seq`. */
  reset(trades: readonly (readonly number[])[], seq: number): void {
    this.start = 0;
    this.count = 0;
    this.lastSeq = seq;
    for (const [s, time, price, quantity, side] of trades) this.store(s ?? 0, time ?? 0, price ?? 0, quantity ?? 0, side ?? 0);
    this.recentReset = true;
    this.recentChanged = true;
  }

  private store(seq: number, time: number, price: number, quantity: number, side: number): void {
    const slot = ((this.start + this.count) % RING) * FIELDS;
    if (this.count < RING) this.count++;
    else this.start = (this.start + 1) % RING;
    this.ring[slot] = seq;
    this.ring[slot + 1] = time;
    this.ring[slot + 2] = price;
    this.ring[slot + 3] = quantity;
    this.ring[slot + 4] = side;
  }

  /** Adds a trade that follows lastSeq; answers false for one already seen. */
  add(seq: number, time: number, price: number, quantity: number, side: number): boolean {
    if (seq <= this.lastSeq) return false;
    this.lastSeq = seq;
    this.store(seq, time, price, quantity, side);
    this.recentChanged = true;
    this.added++;
    return true;
  }

  /**
   * Calls `visit` for each stored trade after `seq`, oldest first. Answers false when
   * the ring no longer reaches back to seq + 1 (the caller needs a new snapshot).
   */
  replayAfter(seq: number, visit: (seq: number, time: number, price: number, quantity: number) => void): boolean {
    if (seq >= this.lastSeq) return true;
    const oldest = this.count > 0 ? (this.ring[this.start * FIELDS] as number) : this.lastSeq + 1;
    if (oldest > seq + 1) return false;
    for (let i = 0; i < this.count; i++) {
      const at = ((this.start + i) % RING) * FIELDS;
      const s = this.ring[at] as number;
      if (s > seq) visit(s, this.ring[at + 1] as number, this.ring[at + 2] as number, this.ring[at + 3] as number);
    }
    return true;
  }

  /** The trades panel's change since the last frame: the whole list after a reset, else what was added. */
  takeRecent(): { reset: boolean; rows: Float64Array } | null {
    if (!this.recentChanged) return null;
    const reset = this.recentReset;
    const rows = Math.min(reset ? RECENT_TRADES : Math.min(this.added, RECENT_TRADES), this.count);
    const out = new Float64Array(rows * TRADE_ROW_WIDTH);
    for (let i = 0; i < rows; i++) {
      const at = ((this.start + this.count - rows + i) % RING) * FIELDS;
      out[i * TRADE_ROW_WIDTH] = this.ring[at + 1] as number;
      out[i * TRADE_ROW_WIDTH + 1] = this.ring[at + 2] as number;
      out[i * TRADE_ROW_WIDTH + 2] = this.ring[at + 3] as number;
      out[i * TRADE_ROW_WIDTH + 3] = this.ring[at + 4] as number;
    }
    this.recentChanged = false;
    this.recentReset = false;
    this.added = 0;
    return { reset, rows: out };
  }
}
