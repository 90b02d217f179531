import { DAY, MINUTE, type Candle, type Period } from '../../contract/market';
import { DEPTH_LEVELS, RECENT_TRADES, type Side } from '../../contract/realtime';
import { OrderBook } from './book';
import { OpenCandles } from './candles';
import type { InstrumentDef } from './instruments';
import { hash32 } from './rng';
import type { SourceEvent } from './source';

/**
 * The exchange's market core: runs source events through each market's order book,
 * and keeps what follows from the trades: sequence numbers, the last price, recent
 * trades, the open candle of every period, and the 24h window behind the tickers.
 * It knows nothing of storage or sockets; listeners take what it produces.
 */
export interface Trade {
  seq: number;
  time: number;
  price: number;
  quantity: number;
  side: Side;
}

export interface Ticker {
  marketId: number;
  last: number;
  open: number;
  high: number;
  low: number;
  volume: number;
  amount: number;
}

export interface EngineListener {
  /** trades of one market from one batch of events, in sequence order */
  trades?(marketId: number, trades: readonly Trade[]): void;
  /** a candle that will not change again */
  closed?(marketId: number, period: Period, candle: Candle): void;
  depthChanged?(marketId: number): void;
}

export interface MarketStart {
  /** last traded price */
  last: number;
  /** open candles of the current buckets */
  open: Iterable<[Period, Candle]>;
  /** closed 1-minute candles of the last 24 hours, oldest first */
  minutes: Candle[];
}

const LADDER_LEVELS = DEPTH_LEVELS;
/** order owner of the market maker */
export const MARKET_MAKER = 0;

class MarketRuntime {
  readonly book = new OrderBook();
  readonly scale: number;
  readonly lotsPerUnit: number;
  seq = 0;
  depthSeq = 0;
  last: number;
  readonly recent: Trade[] = [];
  readonly candles: OpenCandles;
  readonly minutes: Candle[];
  makerOrders: number[] = [];

  constructor(
    readonly def: InstrumentDef,
    start: MarketStart,
  ) {
    this.scale = 10 ** def.pricePrecision;
    this.lotsPerUnit = 10 ** def.qtyPrecision;
    this.last = start.last;
    this.candles = new OpenCandles(start.open);
    this.minutes = [...start.minutes];
  }

  price(ticks: number): number {
    return ticks / this.scale;
  }

  quantity(lots: number): number {
    return lots / this.lotsPerUnit;
  }
}

export class MarketEngine {
  private readonly markets = new Map<number, MarketRuntime>();
  private readonly listeners: EngineListener[] = [];
  private nextOrderId = 1;
  /** time of the latest event processed */
  time: number;

  /**
   * `liquidity` scales the market maker's sizes with the flow it faces (1 at the default
   * 200 trades per second), so a busier market has a deeper book, as real ones do.
   */
  constructor(
    instruments: readonly InstrumentDef[],
    starts: ReadonlyMap<number, MarketStart>,
    time: number,
    private readonly liquidity = 1,
  ) {
    this.time = time;
    for (const def of instruments) {
      const start = starts.get(def.id);
      if (!start) throw new Error(`no starting state for market ${def.id}`);
      this.markets.set(def.id, new MarketRuntime(def, start));
    }
  }

  listen(listener: EngineListener): void {
    this.listeners.push(listener);
  }

  has(marketId: number): boolean {
    return this.markets.has(marketId);
  }

  private market(marketId: number): MarketRuntime {
    const market = this.markets.get(marketId);
    if (!market) throw new Error(`unknown market ${marketId}`);
    return market;
  }

  apply(events: readonly SourceEvent[]): void {
    const batches = new Map<number, Trade[]>();
    const depthChanged = new Set<number>();
    for (const event of events) {
      const market = this.markets.get(event.m);
      if (!market) continue;
      this.time = Math.max(this.time, event.t);
      if (event.kind === 'quote') {
        this.requote(market, event.fair);
        depthChanged.add(event.m);
        continue;
      }
      const fills = market.book.take(event.side, event.lots);
      if (fills.length === 0) continue;
      depthChanged.add(event.m);
      let batch = batches.get(event.m);
      if (!batch) batches.set(event.m, (batch = []));
      // One print per price level the taker went through.
      for (let i = 0; i < fills.length; ) {
        const price = (fills[i] as (typeof fills)[number]).price;
        let lots = 0;
        while (i < fills.length && (fills[i] as (typeof fills)[number]).price === price) lots += (fills[i++] as (typeof fills)[number]).lots;
        batch.push(this.record(market, event.t, price, lots, event.side));
      }
    }
    for (const [marketId, trades] of batches) for (const listener of this.listeners) listener.trades?.(marketId, trades);
    for (const marketId of depthChanged) {
      this.market(marketId).depthSeq++;
      for (const listener of this.listeners) listener.depthChanged?.(marketId);
    }
  }

  private record(market: MarketRuntime, time: number, priceTicks: number, lots: number, side: Side): Trade {
    const trade: Trade = { seq: ++market.seq, time, price: market.price(priceTicks), quantity: market.quantity(lots), side };
    market.last = trade.price;
    market.recent.push(trade);
    if (market.recent.length > RECENT_TRADES) market.recent.shift();
    for (const { period, candle } of market.candles.trade(time, trade.price, trade.quantity)) {
      if (period === '1min') {
        market.minutes.push(candle);
        while ((market.minutes[0]?.time ?? Infinity) <= time - DAY) market.minutes.shift();
      }
      for (const listener of this.listeners) listener.closed?.(market.def.id, period, candle);
    }
    return trade;
  }

  /** The market maker withdraws its quotes and quotes a fresh ladder around `fair`. */
  private requote(market: MarketRuntime, fair: number): void {
    for (const id of market.makerOrders) market.book.cancel(id);
    market.makerOrders = [];
    const { def } = market;
    const half = Math.max(1, Math.round(fair * 0.0002));
    const step = Math.max(1, Math.round(fair * 0.0001));
    const base = Math.max(1, Math.round(((def.averageNotional * 3 * this.liquidity) / market.price(fair)) * market.lotsPerUnit));
    for (let level = 0; level < LADDER_LEVELS; level++) {
      for (const side of [1, -1] as const) {
        const price = side === 1 ? fair - half - level * step : fair + half + level * step;
        if (price < 1) continue;
        const shape = 0.5 + hash32(def.id, price, side) / 4294967296;
        const lots = Math.max(1, Math.round(base * shape * (1 + level * 0.12)));
        const id = this.nextOrderId++;
        market.book.add({ id, owner: MARKET_MAKER, side, price, remaining: lots });
        market.makerOrders.push(id);
      }
    }
  }

  /** The 24h figures of a market at the engine's time. */
  ticker(marketId: number): Ticker {
    const market = this.market(marketId);
    const since = this.time - DAY;
    const window = market.minutes.filter((candle) => candle.time > since - MINUTE);
    const current = market.candles.current.get('1min');
    if (current) window.push(current);
    if (window.length === 0) return { marketId, last: market.last, open: market.last, high: market.last, low: market.last, volume: 0, amount: 0 };
    let high = -Infinity;
    let low = Infinity;
    let volume = 0;
    let amount = 0;
    for (const candle of window) {
      if (candle.high > high) high = candle.high;
      if (candle.low < low) low = candle.low;
      volume += candle.volume;
      amount += candle.amount;
    }
    volume = Math.round(volume * market.lotsPerUnit) / market.lotsPerUnit;
    return { marketId, last: market.last, open: (window[0] as Candle).open, high, low, volume, amount: Math.round(amount * 100) / 100 };
  }

  lastSeq(marketId: number): number {
    return this.market(marketId).seq;
  }

  lastPrice(marketId: number): number {
    return this.market(marketId).last;
  }

  depthSeq(marketId: number): number {
    return this.market(marketId).depthSeq;
  }

  /** Top levels as [price, quantity]. */
  depth(marketId: number, levels = DEPTH_LEVELS): { bids: [number, number][]; asks: [number, number][] } {
    const market = this.market(marketId);
    const { bids, asks } = market.book.depth(levels);
    const convert = ([price, lots]: [number, number]): [number, number] => [market.price(price), market.quantity(lots)];
    return { bids: bids.map(convert), asks: asks.map(convert) };
  }

  recentTrades(marketId: number): readonly Trade[] {
    return this.market(marketId).recent;
  }

  openCandle(marketId: number, period: Period): Candle | undefined {
    return this.market(marketId).candles.current.get(period);
  }

  openCandles(marketId: number): ReadonlyMap<Period, Candle> {
    return this.market(marketId).candles.current;
  }

  /** The last price in ticks, for starting a simulator where the market stands. */
  lastTicks(marketId: number): number {
    const market = this.market(marketId);
    return Math.round(market.last * market.scale);
  }
}
