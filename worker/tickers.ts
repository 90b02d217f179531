import { TICKER_WIDTH } from '../contract/realtime';
import type { MarketInfo } from '../contract/worker-api';

/** The 24h ticker of every market, as flat rows; rows changed since the last frame are handed out. */
export class TickerTable {
  private rows = new Float64Array(0);
  private readonly index = new Map<number, number>();
  private readonly dirty = new Set<number>();
  markets: MarketInfo[] = [];

  /** A snapshot: the catalogue and every market's row. */
  reset(markets: MarketInfo[], rows: ArrayLike<number>): void {
    this.markets = markets;
    this.index.clear();
    markets.forEach((market, i) => this.index.set(market.id, i));
    this.rows = new Float64Array(markets.length * TICKER_WIDTH);
    this.apply(rows);
    for (let i = 0; i < markets.length; i++) this.dirty.add(i);
  }

  /** Rows as the 'daymarket' event carries them; unknown markets are skipped (answers whether there was one). */
  apply(rows: ArrayLike<number>): boolean {
    let unknown = false;
    for (let at = 0; at + TICKER_WIDTH <= rows.length; at += TICKER_WIDTH) {
      const row = this.index.get(rows[at] as number);
      if (row === undefined) {
        unknown = true;
        continue;
      }
      const target = row * TICKER_WIDTH;
      for (let k = 0; k < TICKER_WIDTH; k++) this.rows[target + k] = rows[at + k] as number;
      this.dirty.add(row);
    }
    return unknown;
  }

  /** The last price of a market, as a trade moves it before the next ticker batch. */
  setLast(marketId: number, price: number): void {
    const row = this.index.get(marketId);
    if (row === undefined) return;
    const at = row * TICKER_WIDTH;
    this.rows[at + 1] = price;
    if (price > (this.rows[at + 3] as number)) this.rows[at + 3] = price;
    if (price < (this.rows[at + 4] as number)) this.rows[at + 4] = price;
    this.dirty.add(row);
  }

  /** The last price of a market, or undefined when it is not known. */
  lastOf(marketId: number): number | undefined {
    const row = this.index.get(marketId);
    return row === undefined ? undefined : this.rows[row * TICKER_WIDTH + 1];
  }

  takeDirty(): Float64Array | null {
    if (this.dirty.size === 0) return null;
    const out = new Float64Array(this.dirty.size * TICKER_WIDTH);
    let at = 0;
    for (const row of this.dirty) {
      out.set(this.rows.subarray(row * TICKER_WIDTH, (row + 1) * TICKER_WIDTH), at);
      at += TICKER_WIDTH;
    }
    this.dirty.clear();
    return out;
  }

  all(): Float64Array {
    return this.rows.slice();
  }
}
