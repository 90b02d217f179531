import { CHANNELS, SOCKET_EVENTS, TICKER_WIDTH, type DepthMessage, type TickerBatch, type TradeBatch } from '../../contract/realtime';
import type { MarketEngine, Trade } from './engine';

/**
 * Turns the engine's output into channel messages at a steady pace (contract/realtime.ts):
 * tickers every 500 ms, trades every 100 ms, depth every 250 ms when it changed. Only
 * channels someone listens to are built. The socket server plugs in `publish`.
 */
export type Publish = (channel: string, event: string, payload: unknown) => void;

export const TICKER_EVERY_MS = 500;
export const TRADES_EVERY_MS = 100;
export const DEPTH_EVERY_MS = 250;

export class MarketFeed {
  private tickerSeq = 0;
  private readonly changedTickers = new Set<number>();
  private readonly pendingTrades = new Map<number, Trade[]>();
  private readonly changedDepth = new Set<number>();
  private timers: ReturnType<typeof setInterval>[] = [];

  constructor(
    private readonly engine: MarketEngine,
    private readonly publish: Publish,
    private readonly listening: (channel: string) => boolean,
  ) {
    engine.listen({
      trades: (marketId, trades) => {
        this.changedTickers.add(marketId);
        if (!this.listening(CHANNELS.trades(marketId))) return;
        let pending = this.pendingTrades.get(marketId);
        if (!pending) this.pendingTrades.set(marketId, (pending = []));
        pending.push(...trades);
      },
      depthChanged: (marketId) => {
        this.changedDepth.add(marketId);
      },
      // Its row goes in the next batch, which names the stale markets (`x`).
      staleChanged: (marketId) => {
        this.changedTickers.add(marketId);
      },
    });
  }

  /** The sequence of the last ticker batch sent; REST snapshots carry it. */
  get tickersSeq(): number {
    return this.tickerSeq;
  }

  start(): void {
    this.timers = [setInterval(() => this.flushTickers(), TICKER_EVERY_MS), setInterval(() => this.flushTrades(), TRADES_EVERY_MS), setInterval(() => this.flushDepth(), DEPTH_EVERY_MS)];
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
  }

  flushTickers(): void {
    if (this.changedTickers.size === 0) return;
    if (!this.listening(CHANNELS.tickers)) {
      this.changedTickers.clear();
      return;
    }
    const rows: number[] = [];
    for (const marketId of this.changedTickers) {
      // Given back since it changed (several processes): its new owner sends it.
      if (!this.engine.has(marketId)) continue;
      const t = this.engine.ticker(marketId);
      rows.push(t.marketId, t.last, t.open, t.high, t.low, t.volume, t.amount);
    }
    this.changedTickers.clear();
    if (rows.length === 0) return;
    const stale = this.engine.staleMarkets();
    const batch: TickerBatch = { s: ++this.tickerSeq, d: rows, ...(stale.length > 0 ? { x: stale } : {}) };
    if (rows.length % TICKER_WIDTH !== 0) throw new Error('ticker rows are misaligned');
    this.publish(CHANNELS.tickers, SOCKET_EVENTS.tickers, batch);
  }

  flushTrades(): void {
    for (const [marketId, trades] of this.pendingTrades) {
      const first = trades[0];
      if (!first || !this.engine.has(marketId)) continue;
      const data: number[] = [];
      for (const trade of trades) data.push(trade.time - first.time, trade.price, trade.quantity, trade.side);
      const batch: TradeBatch = { m: marketId, s: first.seq, b: first.time, d: data };
      this.publish(CHANNELS.trades(marketId), SOCKET_EVENTS.trades, batch);
    }
    this.pendingTrades.clear();
  }

  flushDepth(): void {
    for (const marketId of this.changedDepth) {
      const channel = CHANNELS.depth(marketId);
      if (!this.listening(channel) || !this.engine.has(marketId)) continue;
      const { bids, asks } = this.engine.depth(marketId);
      const message: DepthMessage = { m: marketId, s: this.engine.depthSeq(marketId), b: bids.flat(), a: asks.flat() };
      this.publish(channel, SOCKET_EVENTS.depth, message);
    }
    this.changedDepth.clear();
  }
}
