import type { Candle, MarketFeed, Period } from '../../contract/market';
import type { MarketEngine, Ticker, Trade } from './engine';

/**
 * What the REST answers and the desks read of a market: its last trades and price, the
 * book's top, the 24h figures, the open candles. One process: the engine's, for every
 * market. Several processes: the engine's for the markets this process runs, the
 * mirror's (server/cluster/market-streams.ts, fed by the owners' streams) for the others.
 */
export interface MarketReads {
  readonly time: number;
  /** grows whenever a figure may have changed (caches key on it) */
  readonly printed: number;
  lastPrice(marketId: number): number;
  lastSeq(marketId: number): number;
  recentTrades(marketId: number): readonly Trade[];
  ticker(marketId: number): Ticker;
  depth(marketId: number, levels?: number): { bids: [number, number][]; asks: [number, number][] };
  depthSeq(marketId: number): number;
  openCandles(marketId: number): ReadonlyMap<Period, Candle>;
  openCandle(marketId: number, period: Period): Candle | undefined;
  /** where its prices come from */
  feedOf(marketId: number): MarketFeed;
  /** whether its prices are not current (a live market's exchange stream is lost) */
  isStale(marketId: number): boolean;
}

/** The market's figures wherever they are kept: the engine for the markets it runs, else the mirror. */
export class MarketView implements MarketReads {
  constructor(
    private readonly engine: MarketEngine,
    private readonly mirror: MarketReads | null,
  ) {}

  private of(marketId: number): MarketReads {
    return this.mirror === null || this.engine.has(marketId) ? this.engine : this.mirror;
  }

  get time(): number {
    return Math.max(this.engine.time, this.mirror?.time ?? 0);
  }

  get printed(): number {
    return this.engine.printed + (this.mirror?.printed ?? 0);
  }

  lastPrice(marketId: number): number {
    return this.of(marketId).lastPrice(marketId);
  }

  lastSeq(marketId: number): number {
    return this.of(marketId).lastSeq(marketId);
  }

  recentTrades(marketId: number): readonly Trade[] {
    return this.of(marketId).recentTrades(marketId);
  }

  ticker(marketId: number): Ticker {
    return this.of(marketId).ticker(marketId);
  }

  depth(marketId: number, levels?: number): { bids: [number, number][]; asks: [number, number][] } {
    return this.of(marketId).depth(marketId, levels);
  }

  depthSeq(marketId: number): number {
    return this.of(marketId).depthSeq(marketId);
  }

  openCandles(marketId: number): ReadonlyMap<Period, Candle> {
    return this.of(marketId).openCandles(marketId);
  }

  openCandle(marketId: number, period: Period): Candle | undefined {
    return this.of(marketId).openCandle(marketId, period);
  }

  feedOf(marketId: number): MarketFeed {
    return this.of(marketId).feedOf(marketId);
  }

  isStale(marketId: number): boolean {
    return this.of(marketId).isStale(marketId);
  }
}
