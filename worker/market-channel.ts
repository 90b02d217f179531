import type { ApiOutput } from '../contract/api';
import type { Period } from '../contract/market';
import { TRADE_WIDTH, type DepthMessage, type TradeBatch } from '../contract/realtime';
import { CANDLE_WIDTH, type Patch } from '../contract/worker-api';
import { CandleSeries } from './candles';
import { ChannelSync } from './channel-sync';
import { RETRY_MS, type CoreHost } from './host';
import type { TickersChannel } from './tickers-channel';
import { TradeLog } from './trade-log';

interface MarketSnapshot {
  trades: ApiOutput<'GET /market/trades'>;
  depth: ApiOutput<'GET /market/depth'>;
}

const CACHED_CANDLES = 300;

/**
 * One watched market: its "trades:<id>" channel (numbered per trade, merged into the
 * trade log and the candles of every loaded period) and its "depth:<id>" channel
 * (whole books, so only their order matters), synced from one snapshot of both.
 */
export class MarketChannel {
  /** screens watching this market */
  refs = 1;
  readonly log = new TradeLog();
  readonly sync: ChannelSync<TradeBatch, MarketSnapshot>;
  private readonly series = new Map<Period, CandleSeries>();
  /**
   * The series with candles to extend (a snapshot's or the device cache's), for the merge
   * loop (an array is cheaper to walk per trade than a Map). A series waiting for its first
   * candles takes no trades: a lone live candle is no chart, and the trades after the
   * snapshot come from the trade log when it lands.
   */
  private merging: CandleSeries[] = [];
  private depth = { seq: 0, bids: [] as number[], asks: [] as number[], dirty: false };
  private closed = false;

  constructor(
    readonly marketId: number,
    private readonly host: CoreHost,
    private readonly tickers: TickersChannel,
    /** whether this period of this market is the chart on screen */
    private readonly onScreen: (period: Period) => boolean,
  ) {
    this.sync = new ChannelSync<TradeBatch, MarketSnapshot>(
      {
        span: { first: (batch) => batch.s, last: (batch) => batch.s + batch.d.length / TRADE_WIDTH - 1 },
        load: async () => {
          await tickers.catalog();
          const symbol = tickers.symbolOf(marketId);
          // Not in the catalogue: nothing to show until the next sync.
          if (!symbol) return undefined;
          const [trades, depth] = await Promise.all([host.fetch('GET /market/trades', { symbol }), host.fetch('GET /market/depth', { symbol })]);
          return { trades, depth };
        },
        reset: ({ trades, depth }) => {
          this.log.reset(trades.trades, trades.seq);
          if (depth.seq >= this.depth.seq) this.depth = { seq: depth.seq, bids: depth.bids.flat(), asks: depth.asks.flat(), dirty: true };
          return trades.seq;
        },
        apply: (batch) => this.merge(batch),
        synced: () => {
          for (const period of this.series.keys()) void this.loadSeries(period);
          host.dirty();
        },
        retryMs: RETRY_MS,
      },
      host,
    );
  }

  /** Trades in sequence: into the log, the candles of every loaded period and the last price. */
  private merge(batch: TradeBatch): void {
    const data = batch.d;
    const merging = this.merging;
    let last = Number.NaN;
    for (let i = 0, seq = batch.s; i < data.length; i += TRADE_WIDTH, seq++) {
      const time = batch.b + (data[i] as number);
      const price = data[i + 1] as number;
      const quantity = data[i + 2] as number;
      if (!this.log.add(seq, time, price, quantity, data[i + 3] as number)) continue;
      for (const series of merging) series.trade(seq, time, price, quantity);
      last = price;
    }
    if (!Number.isNaN(last)) this.tickers.table.setLast(this.marketId, last);
    this.host.dirty();
  }

  /** A depth message is the whole book at its number: a newer one replaces it, before the snapshot too. */
  receiveDepth(message: DepthMessage): void {
    if (message.s <= this.depth.seq) return;
    this.depth = { seq: message.s, bids: message.b, asks: message.a, dirty: true };
    this.host.dirty();
  }

  seriesOf(period: Period): CandleSeries | undefined {
    return this.series.get(period);
  }

  /** The chart shows this period: the whole series again if loaded, else cached candles, then the snapshot. */
  showSeries(period: Period): void {
    const existing = this.series.get(period);
    if (existing) {
      existing.markReset();
      this.host.dirty();
      return;
    }
    const series = new CandleSeries(period);
    this.series.set(period, series);
    void this.host.cache
      ?.loadCandles(this.marketId, period)
      .then((rows) => {
        // Cached candles show at once; the snapshot replaces them.
        if (rows && series.length === 0 && series.validSeq === 0) {
          series.load(rows, 0);
          this.mergeInto(series);
          this.host.dirty();
        }
      })
      .catch(() => undefined);
    if (this.sync.synced) void this.loadSeries(period);
  }

  /** The series has candles: trades extend it from now on. */
  private mergeInto(series: CandleSeries): void {
    if (!this.merging.includes(series)) this.merging = [...this.merging, series];
  }

  private async loadSeries(period: Period): Promise<void> {
    const symbol = this.tickers.symbolOf(this.marketId);
    if (this.closed || !symbol) return;
    // Candles belong to the trades snapshot they were asked under.
    const generation = this.sync.generation;
    try {
      const snapshot = await this.host.fetch('GET /currency/new_timeshar', { symbol, period });
      const series = this.series.get(period);
      if (!series || generation !== this.sync.generation) return;
      const rows = new Float64Array(snapshot.data.length * CANDLE_WIDTH);
      snapshot.data.forEach((c, i) => rows.set([c.time, c.open, c.high, c.low, c.close, c.volume, c.amount], i * CANDLE_WIDTH));
      series.load(rows, snapshot.seq);
      this.mergeInto(series);
      // Trades that arrived before the snapshot answered, and that it does not include.
      const complete = this.log.replayAfter(snapshot.seq, (seq, time, price, quantity) => series.trade(seq, time, price, quantity));
      if (!complete) this.host.setTimer(() => void this.loadSeries(period), 0);
      if (this.onScreen(period)) this.saveCandles(period);
      this.host.dirty();
    } catch {
      if (generation === this.sync.generation) this.host.setTimer(() => this.host.online() && void this.loadSeries(period), RETRY_MS);
    }
  }

  /** The newest candles of a period to the device cache, for the next cold start. */
  saveCandles(period: Period): void {
    const series = this.series.get(period);
    if (series) void this.host.cache?.saveCandles(this.marketId, period, series.tail(CACHED_CANDLES)).catch(() => undefined);
  }

  /** No screen watches the market any more: its candles go to the cache, answers on their way are dropped. */
  close(): void {
    for (const period of this.series.keys()) this.saveCandles(period);
    this.closed = true;
    this.sync.cancel();
  }

  patchInto(patch: Patch, transfer: ArrayBuffer[]): void {
    if (this.depth.dirty) {
      this.depth.dirty = false;
      const bids = Float64Array.from(this.depth.bids);
      const asks = Float64Array.from(this.depth.asks);
      (patch.depth ??= []).push({ marketId: this.marketId, bids, asks });
      transfer.push(bids.buffer, asks.buffer);
    }
    const recent = this.log.takeRecent();
    if (recent) {
      (patch.trades ??= []).push({ marketId: this.marketId, ...recent });
      transfer.push(recent.rows.buffer as ArrayBuffer);
    }
  }
}
