import { DAY, MINUTE, type Candle, type MarketFeed, type Period } from '../../contract/market';
import { DEPTH_LEVELS, RECENT_TRADES, type Side } from '../../contract/realtime';
import { OrderBook, type Fill } from './book';
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
  /** a live market's trade: the exchange it printed on and its trade id there */
  source?: ExchangeTrade;
}

/** A trade on a followed exchange (MARKET=live): which exchange, and its id there. */
export interface ExchangeTrade {
  exchange: Exclude<MarketFeed, 'simulated'>;
  id: string;
}

/**
 * What a paper fill on a live market went by, on the exchange: the trade that crossed a
 * resting order (`trade`), or the book update a taker walked (`book`), with its time there.
 */
export interface ExchangeRef {
  exchange: Exclude<MarketFeed, 'simulated'>;
  kind: 'trade' | 'book';
  id: string;
  time: number;
  /** the trade's price in ticks (a resting order fills at its own price, which the trade went through) */
  price?: number;
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

/**
 * A fill of a user's order: the user's resting order was the maker (`makerRef`), or the
 * user's incoming order was the taker (`takerRef`), or both. Prices in ticks, lots.
 */
export interface UserFill {
  marketId: number;
  /** the print it belongs to (trade sequence of the market) */
  seq: number;
  time: number;
  price: number;
  lots: number;
  /** side of the taker: 1 bought, -1 sold */
  takerSide: Side;
  /** 0: the market maker (or a simulated taker) */
  makerOwner: number;
  makerRef: number;
  takerOwner: number;
  takerRef: number;
  /** a live market's fill: what it went by on the exchange */
  source?: ExchangeRef;
}

/** A user's order entering the book (spot trading). */
export interface UserOrder {
  marketId: number;
  /** the order's id in the database */
  ref: number;
  owner: number;
  side: Side;
  lots: number;
  /** ticks; none for a market order, whose unfilled rest is cancelled */
  limit?: number;
}

/** A change to a market's book a step makes at its commit: a user's order entering, or one leaving. */
export type BookChange = { kind: 'submit'; order: UserOrder } | { kind: 'cancel'; ref: number };

export interface EngineListener {
  /** trades of one market from one batch of events, in sequence order */
  trades?(marketId: number, trades: readonly Trade[]): void;
  /** users' resting orders filled by the market's own flow (takers, the market maker's quotes) */
  userFills?(fills: readonly UserFill[]): void;
  /** a candle that will not change again */
  closed?(marketId: number, period: Period, candle: Candle): void;
  depthChanged?(marketId: number): void;
  /** a live market's prices stopped being current (`stale`), or are again */
  staleChanged?(marketId: number, stale: boolean): void;
}

export interface MarketStart {
  /** last traded price */
  last: number;
  /** open candles of the current buckets */
  open: Iterable<[Period, Candle]>;
  /** closed 1-minute candles of the last 24 hours, oldest first */
  minutes: Candle[];
  /**
   * Where the market's trade and depth sequences start (the first trade is `seq + 1`):
   * SEQ_PER_EPOCH times the market's epoch (server/market/service.ts), so every start of
   * its engine, after a restart or a takeover, numbers above all the previous ones and a
   * client sees a gap and takes a snapshot, never an old number again. 0 when not given.
   */
  seq?: number;
  /**
   * Where its prices come from (default simulated). A market following an exchange
   * (MARKET=live) has the exchange's book in its order book, in place of the market
   * maker's quotes, and prints the exchange's trades; users' orders take from that book
   * without printing, and their resting orders wait in a book of their own (`paper`),
   * filled only when a real trade goes through their price.
   */
  feed?: MarketFeed;
}

/** Room for one engine run's trades (and depth snapshots) of a market: 2^32. */
export const SEQ_PER_EPOCH = 2 ** 32;

/**
 * The closed 1-minute candles inside a market's 24h window, folded: what the ticker adds
 * the open minute to. Kept until a minute closes (the list changes) or the oldest counted
 * one leaves the window, so a ticker costs one fold, not a scan of 1,440 minutes.
 */
interface ClosedDay {
  /** `minutesVersion` it was folded at */
  version: number;
  /** the engine time it was folded at; an earlier time folds again */
  since: number;
  /** the engine time from which its oldest minute has left the window */
  until: number;
  count: number;
  open: number;
  high: number;
  low: number;
  volume: number;
  amount: number;
}

/**
 * The market is not run by this process's engine: another process holds its claim, or it
 * is moving between processes (several processes: server/cluster/claims.ts).
 */
export class NotRunHere extends Error {
  constructor(readonly marketId: number) {
    super(`market ${marketId} is not run by this process`);
    this.name = 'NotRunHere';
  }
}

const LADDER_LEVELS = DEPTH_LEVELS;
/** order owner of the market maker */
export const MARKET_MAKER = 0;

class MarketRuntime {
  readonly book = new OrderBook();
  readonly scale: number;
  readonly lotsPerUnit: number;
  seq: number;
  depthSeq: number;
  last: number;
  readonly recent: Trade[] = [];
  readonly candles: OpenCandles;
  readonly minutes: Candle[];
  /** counts the changes of `minutes` */
  minutesVersion = 0;
  closedDay: ClosedDay | null = null;
  makerOrders: number[] = [];
  /** users' resting orders: their ref -> the book's order id (in `paper` on a live market) */
  readonly userOrders = new Map<number, number>();
  readonly feed: MarketFeed;
  /** a live market: users' resting orders, apart from the exchange's levels in `book` */
  readonly paper: OrderBook | null;
  /** a live market: the exchange's book update `book` holds, and its time there */
  bookRef = '';
  bookTime = 0;
  /** a live market whose exchange stream is lost: its prices are not current */
  stale = false;

  constructor(
    readonly def: InstrumentDef,
    start: MarketStart,
  ) {
    this.scale = 10 ** def.pricePrecision;
    this.lotsPerUnit = 10 ** def.qtyPrecision;
    this.last = start.last;
    this.seq = start.seq ?? 0;
    this.depthSeq = start.seq ?? 0;
    this.candles = new OpenCandles(start.open);
    this.minutes = [...start.minutes];
    this.feed = start.feed ?? 'simulated';
    this.paper = this.feed === 'simulated' ? null : new OrderBook();
  }

  /** the book users' resting orders wait in */
  get userBook(): OrderBook {
    return this.paper ?? this.book;
  }

  /** the exchange a live market follows */
  get exchange(): Exclude<MarketFeed, 'simulated'> {
    if (this.feed === 'simulated') throw new Error(`market ${this.def.id} does not follow an exchange`);
    return this.feed;
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
  private prints = 0;

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

  /** A market listed while the exchange runs (an IEO token): its book opens empty until the source quotes it. */
  addMarket(def: InstrumentDef, start: MarketStart): void {
    if (this.markets.has(def.id)) throw new Error(`market ${def.id} is already running`);
    this.markets.set(def.id, new MarketRuntime(def, start));
  }

  /**
   * A market this process stops running (its claim given back or lost, several processes:
   * server/cluster/claims.ts): its book and figures go; the next owner starts from the store.
   */
  removeMarket(marketId: number): void {
    this.markets.delete(marketId);
  }

  listen(listener: EngineListener): void {
    this.listeners.push(listener);
  }

  has(marketId: number): boolean {
    return this.markets.has(marketId);
  }

  private market(marketId: number): MarketRuntime {
    const market = this.markets.get(marketId);
    if (!market) throw new NotRunHere(marketId);
    return market;
  }

  apply(events: readonly SourceEvent[]): void {
    const batches = new Map<number, Trade[]>();
    const depthChanged = new Set<number>();
    const userFills: UserFill[] = [];
    for (const event of events) {
      const market = this.markets.get(event.m);
      if (!market) continue;
      this.time = Math.max(this.time, event.t);
      if (market.paper) {
        this.follow(market, event, batches, depthChanged, userFills);
        continue;
      }
      if (event.kind === 'print' || event.kind === 'book' || event.kind === 'stale' || event.kind === 'live') continue;
      if (event.kind === 'quote') {
        this.requote(market, event.fair, event.t, batches, userFills);
        depthChanged.add(event.m);
        continue;
      }
      const fills = market.book.take(event.side, event.lots);
      if (fills.length === 0) continue;
      depthChanged.add(event.m);
      this.print(market, event.t, event.side, fills, batches, userFills, MARKET_MAKER, 0);
    }
    this.announce(batches, depthChanged);
    if (userFills.length > 0) for (const listener of this.listeners) listener.userFills?.(userFills);
  }

  /**
   * A live market's event: the exchange's book takes the place of the last one; its trade
   * prints, and fills users' resting orders it went through (a buy above its price, a sell
   * below it: at the order's own price, at most the trade's size on each side). A trade at
   * an order's very price does not fill it: the queue there is the exchange's, and a paper
   * order would be behind it. The simulator's events do not apply to it.
   */
  private follow(market: MarketRuntime, event: SourceEvent, batches: Map<number, Trade[]>, depthChanged: Set<number>, userFills: UserFill[]): void {
    const paper = market.paper as OrderBook;
    switch (event.kind) {
      case 'book': {
        for (const id of market.makerOrders) market.book.cancel(id);
        market.makerOrders = [];
        for (const [side, levels] of [
          [1, event.bids],
          [-1, event.asks],
        ] as const) {
          for (const [price, lots] of levels) {
            const id = this.nextOrderId++;
            market.book.add({ id, owner: MARKET_MAKER, ref: 0, side, price, remaining: lots });
            market.makerOrders.push(id);
          }
        }
        market.bookRef = event.ref;
        market.bookTime = event.t;
        depthChanged.add(event.m);
        return;
      }
      case 'print': {
        let batch = batches.get(event.m);
        if (!batch) batches.set(event.m, (batch = []));
        const trade = this.record(market, event.t, event.price, event.lots, event.side, { exchange: market.exchange, id: event.ref });
        batch.push(trade);
        if (market.userOrders.size === 0) return;
        const source: ExchangeRef = { exchange: market.exchange, kind: 'trade', id: event.ref, time: event.t, price: event.price };
        // Resting buys above the price (a seller went through them), resting sells below it.
        for (const [takerSide, limit] of [
          [-1, event.price + 1],
          [1, event.price - 1],
        ] as const) {
          if (limit < 1) continue;
          for (const fill of paper.take(takerSide, event.lots, limit)) {
            if (paper.order(fill.makerId) === undefined) market.userOrders.delete(fill.makerRef);
            userFills.push({
              marketId: event.m,
              seq: trade.seq,
              time: event.t,
              price: fill.price,
              lots: fill.lots,
              takerSide,
              makerOwner: fill.makerOwner,
              makerRef: fill.makerRef,
              takerOwner: MARKET_MAKER,
              takerRef: 0,
              source,
            });
          }
        }
        return;
      }
      case 'stale':
      case 'live': {
        const stale = event.kind === 'stale';
        if (market.stale === stale) return;
        market.stale = stale;
        // The quote list (keyed on `printed`) says it.
        this.prints++;
        for (const listener of this.listeners) listener.staleChanged?.(event.m, stale);
        return;
      }
      default:
        return;
    }
  }

  private announce(batches: ReadonlyMap<number, Trade[]>, depthChanged: ReadonlySet<number>): void {
    for (const [marketId, trades] of batches) if (trades.length > 0) for (const listener of this.listeners) listener.trades?.(marketId, trades);
    for (const marketId of depthChanged) {
      this.market(marketId).depthSeq++;
      for (const listener of this.listeners) listener.depthChanged?.(marketId);
    }
  }

  /**
   * Prints the trades of one taker: one print per price level it went through. Fills of
   * users' orders are answered with the print they belong to.
   */
  private print(market: MarketRuntime, time: number, side: Side, fills: readonly Fill[], batches: Map<number, Trade[]>, userFills: UserFill[], takerOwner: number, takerRef: number): void {
    let batch = batches.get(market.def.id);
    if (!batch) batches.set(market.def.id, (batch = []));
    for (let i = 0; i < fills.length;) {
      const price = (fills[i] as Fill).price;
      const first = i;
      let lots = 0;
      while (i < fills.length && (fills[i] as Fill).price === price) lots += (fills[i++] as Fill).lots;
      const trade = this.record(market, time, price, lots, side);
      batch.push(trade);
      for (let j = first; j < i; j++) {
        const fill = fills[j] as Fill;
        if (fill.makerRef !== 0 && market.book.order(fill.makerId) === undefined) market.userOrders.delete(fill.makerRef);
        if (fill.makerRef === 0 && takerRef === 0) continue;
        userFills.push({
          marketId: market.def.id,
          seq: trade.seq,
          time,
          price,
          lots: fill.lots,
          takerSide: side,
          makerOwner: fill.makerOwner,
          makerRef: fill.makerRef,
          takerOwner,
          takerRef,
        });
      }
    }
  }

  /** What a user's order would fill now, changing nothing (prices in ticks). */
  preview(order: Omit<UserOrder, 'ref' | 'owner'>): Fill[] {
    return this.market(order.marketId).book.peek(order.side, order.lots, order.limit);
  }

  /**
   * What a user's order would fill after `changes` (users' orders entering and leaving the
   * book earlier in the same step, in order), changing nothing: the changes are made on a
   * copy of the book. A step settles each order it previews before its book changes are
   * made at the commit, so the second order of a step must see the first's.
   */
  previewAfter(marketId: number, changes: readonly BookChange[], order: Omit<UserOrder, 'ref' | 'owner'>): Fill[] {
    const market = this.market(marketId);
    if (changes.length === 0) return market.book.peek(order.side, order.lots, order.limit);
    const book = market.book.clone();
    if (market.paper) {
      // A live market: only what earlier orders took from the exchange's levels counts (users' resting orders are not in its book).
      for (const change of changes) if (change.kind === 'submit') book.take(change.order.side, change.order.lots, change.order.limit);
      return book.peek(order.side, order.lots, order.limit);
    }
    const refs = new Map(market.userOrders);
    let nextId = -1;
    for (const change of changes) {
      if (change.kind === 'cancel') {
        const id = refs.get(change.ref);
        if (id !== undefined) book.cancel(id);
        refs.delete(change.ref);
        continue;
      }
      const { order: entering } = change;
      const filled = book.take(entering.side, entering.lots, entering.limit).reduce((sum, fill) => sum + fill.lots, 0);
      const resting = entering.limit === undefined ? 0 : entering.lots - filled;
      if (resting > 0) {
        // Ids of the copy only, below the real ones.
        const id = nextId--;
        book.add({ id, owner: entering.owner, ref: entering.ref, side: entering.side, price: entering.limit as number, remaining: resting });
        refs.set(entering.ref, id);
      }
    }
    return book.peek(order.side, order.lots, order.limit);
  }

  /**
   * A user's order enters the book at `time`: it takes what crosses (the fills of
   * preview() a moment before, when nothing ran in between) and a limit order rests
   * with what is left. Answers the fills and the lots left resting.
   */
  submit(order: UserOrder, time: number): { fills: UserFill[]; resting: number } {
    const market = this.market(order.marketId);
    if (market.userOrders.has(order.ref)) throw new Error(`order ${order.ref} is already in the book`);
    this.time = Math.max(this.time, time);
    const batches = new Map<number, Trade[]>();
    const userFills: UserFill[] = [];
    const fills = market.book.take(order.side, order.lots, order.limit);
    if (market.paper) {
      // A live market: the order walks the exchange's levels and prints nothing on its tape.
      const source: ExchangeRef = { exchange: market.exchange, kind: 'book', id: market.bookRef, time: market.bookTime };
      for (const fill of fills)
        userFills.push({
          marketId: order.marketId,
          seq: market.seq,
          time: this.time,
          price: fill.price,
          lots: fill.lots,
          takerSide: order.side,
          makerOwner: MARKET_MAKER,
          makerRef: 0,
          takerOwner: order.owner,
          takerRef: order.ref,
          source,
        });
    } else if (fills.length > 0) this.print(market, this.time, order.side, fills, batches, userFills, order.owner, order.ref);
    const filled = fills.reduce((sum, fill) => sum + fill.lots, 0);
    const resting = order.limit === undefined ? 0 : order.lots - filled;
    if (resting > 0) this.rest(market, order, resting);
    this.announce(batches, fills.length > 0 || resting > 0 ? new Set([order.marketId]) : new Set());
    return { fills: userFills, resting };
  }

  /** Puts a user's order back in the book as it was (after a restart). */
  restore(order: UserOrder & { limit: number }): void {
    const market = this.market(order.marketId);
    if (order.lots > 0 && !market.userOrders.has(order.ref)) this.rest(market, order, order.lots);
  }

  private rest(market: MarketRuntime, order: UserOrder & { limit?: number }, lots: number): void {
    const id = this.nextOrderId++;
    market.userBook.add({ id, owner: order.owner, ref: order.ref, side: order.side, price: order.limit as number, remaining: lots });
    market.userOrders.set(order.ref, id);
  }

  /** Takes a user's order out of the book; answers the lots it still had, 0 if none. */
  cancel(marketId: number, ref: number): number {
    const market = this.market(marketId);
    const id = market.userOrders.get(ref);
    if (id === undefined) return 0;
    market.userOrders.delete(ref);
    const order = market.userBook.cancel(id);
    if (order) this.announce(new Map(), new Set([marketId]));
    return order?.remaining ?? 0;
  }

  /** The lots a user's order has resting in the book. */
  resting(marketId: number, ref: number): number {
    const market = this.market(marketId);
    const id = market.userOrders.get(ref);
    return id === undefined ? 0 : (market.userBook.order(id)?.remaining ?? 0);
  }

  /** The market's price and quantity scales: a price is ticks / priceScale, a quantity lots / lotScale. */
  scales(marketId: number): { priceScale: number; lotScale: number } {
    const market = this.market(marketId);
    return { priceScale: market.scale, lotScale: market.lotsPerUnit };
  }

  private record(market: MarketRuntime, time: number, priceTicks: number, lots: number, side: Side, source?: ExchangeTrade): Trade {
    const trade: Trade = { seq: ++market.seq, time, price: market.price(priceTicks), quantity: market.quantity(lots), side, ...(source ? { source } : {}) };
    this.prints++;
    market.last = trade.price;
    market.recent.push(trade);
    if (market.recent.length > RECENT_TRADES) market.recent.shift();
    for (const { period, candle } of market.candles.trade(time, trade.price, trade.quantity)) {
      if (period === '1min') {
        market.minutes.push(candle);
        while ((market.minutes[0]?.time ?? Infinity) <= time - DAY) market.minutes.shift();
        market.minutesVersion++;
      }
      for (const listener of this.listeners) listener.closed?.(market.def.id, period, candle);
    }
    return trade;
  }

  /**
   * The market maker withdraws its quotes and quotes a fresh ladder around `fair`. Where
   * a new quote crosses a user's resting order it trades with it first, as every order
   * entering the book would, so the book never stays crossed.
   */
  private requote(market: MarketRuntime, fair: number, time: number, batches: Map<number, Trade[]>, userFills: UserFill[]): void {
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
        const crossing = market.userOrders.size > 0 ? market.book.take(side, lots, price) : [];
        if (crossing.length > 0) this.print(market, time, side, crossing, batches, userFills, MARKET_MAKER, 0);
        const left = lots - crossing.reduce((sum, fill) => sum + fill.lots, 0);
        if (left <= 0) continue;
        const id = this.nextOrderId++;
        market.book.add({ id, owner: MARKET_MAKER, ref: 0, side, price, remaining: left });
        market.makerOrders.push(id);
      }
    }
  }

  /**
   * The 24h figures of a market at the engine's time: the closed minutes of the last day
   * (and the one before its start) and the open minute. The socket's tickers and GET
   * /currency/quotation_new both read them here. The closed part is folded again only
   * when a minute closes or leaves the window; the sums run oldest first, the open
   * minute last, so the figures are the same to the last bit as a fresh scan's.
   */
  ticker(marketId: number): Ticker {
    const market = this.market(marketId);
    const closed = this.closedDay(market);
    const current = market.candles.current.get('1min');
    if (closed.count === 0 && !current) return { marketId, last: market.last, open: market.last, high: market.last, low: market.last, volume: 0, amount: 0 };
    let { high, low, volume, amount } = closed;
    if (current) {
      if (current.high > high) high = current.high;
      if (current.low < low) low = current.low;
      volume += current.volume;
      amount += current.amount;
    }
    volume = Math.round(volume * market.lotsPerUnit) / market.lotsPerUnit;
    const open = closed.count > 0 ? closed.open : (current as Candle).open;
    return { marketId, last: market.last, open, high, low, volume, amount: Math.round(amount * 100) / 100 };
  }

  private closedDay(market: MarketRuntime): ClosedDay {
    const time = this.time;
    const kept = market.closedDay;
    if (kept && kept.version === market.minutesVersion && time >= kept.since && time < kept.until) return kept;
    // A minute counts while its open time is after the window's start less a minute.
    const after = time - DAY - MINUTE;
    const { minutes } = market;
    let first = 0;
    while (first < minutes.length && (minutes[first] as Candle).time <= after) first++;
    const folded: ClosedDay = { version: market.minutesVersion, since: time, until: Infinity, count: minutes.length - first, open: 0, high: -Infinity, low: Infinity, volume: 0, amount: 0 };
    for (let i = first; i < minutes.length; i++) {
      const candle = minutes[i] as Candle;
      if (candle.high > folded.high) folded.high = candle.high;
      if (candle.low < folded.low) folded.low = candle.low;
      folded.volume += candle.volume;
      folded.amount += candle.amount;
    }
    const oldest = minutes[first];
    if (oldest) {
      folded.open = oldest.open;
      folded.until = oldest.time + DAY + MINUTE;
    }
    market.closedDay = folded;
    return folded;
  }

  /**
   * Trades printed on every market so far. The tickers change with it, or when `time`
   * enters another minute (a closed minute leaves a 24h window), never otherwise.
   */
  get printed(): number {
    return this.prints;
  }

  lastSeq(marketId: number): number {
    return this.market(marketId).seq;
  }

  /** Where the market's prices come from. */
  feedOf(marketId: number): MarketFeed {
    return this.market(marketId).feed;
  }

  /** Whether a live market's prices are not current (its exchange stream is lost). */
  isStale(marketId: number): boolean {
    return this.market(marketId).stale;
  }

  /** The markets whose prices are not current. */
  staleMarkets(): number[] {
    const stale: number[] = [];
    for (const [id, market] of this.markets) if (market.stale) stale.push(id);
    return stale;
  }

  /** A live market's book as its last update left it: the exchange's update id and time (what a taker walking it went by). */
  bookSource(marketId: number): ExchangeRef {
    const market = this.market(marketId);
    return { exchange: market.exchange, kind: 'book', id: market.bookRef, time: market.bookTime };
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
