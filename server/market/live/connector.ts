import zlib from 'node:zlib';
import type { Dict, Exchange, Market, MarketInterface, OrderBook, Trade as CcxtTrade } from 'ccxt';
import type { Candle, Period } from '../../../contract/market';

/**
 * Follows a public exchange's live market data (issue 25: paper trading on real prices)
 * through ccxt's websocket client (ccxt.pro), which keeps each order book the way the
 * exchange documents and refuses an update that leaves a gap: on Binance a REST snapshot,
 * then the buffered diffs by update id; on OKX the snapshot the `books` channel sends when
 * subscribed, then updates each naming the `seqId` before it. Only how ccxt is built
 * differs between the exchanges (`build`); following, units and recovery are one path. For every market followed it gives, in the exchange's units
 * turned into ours (prices in ticks, quantities in lots):
 * - each trade with the exchange's trade id and time;
 * - the book's top levels after each update, with the exchange's update id;
 * - `stale` when a stream is lost (a dropped connection, a gap in the book's updates) and
 *   `live` once trades and a resynchronised book flow again. Between the two it tries
 *   again with exponential backoff (with jitter), never faster.
 * It also reads candles of every period from the exchange's REST klines, for history.
 * Nothing here touches the exchange's books: it only reads public data.
 */
export const LIVE_EXCHANGES = ['binance', 'okx'] as const;
export type LiveExchangeId = (typeof LIVE_EXCHANGES)[number];

export function isLiveExchange(value: unknown): value is LiveExchangeId {
  return typeof value === 'string' && (LIVE_EXCHANGES as readonly string[]).includes(value);
}

/** One of our markets, to follow on the exchange. */
export interface LiveMarket {
  /** our market id */
  id: number;
  /** the pair as ccxt names it: BTC/USDT */
  symbol: string;
  /** our price decimals: a tick is 10^-pricePrecision */
  pricePrecision: number;
  /** our quantity decimals: a lot is 10^-qtyPrecision */
  qtyPrecision: number;
}

/** [price in ticks, quantity in lots] */
export type LiveLevel = [number, number];

export type LiveEvent =
  /**
   * a trade on the exchange; side 1: the taker bought, -1: sold. `quantity` is its size as
   * the exchange gave it (base units); `lots` the whole lots of ours in it (an exchange with
   * finer lots than ours may trade less than one of ours)
   */
  | { kind: 'trade'; m: number; id: string; t: number; price: number; quantity: number; lots: number; side: 1 | -1 }
  /** the exchange's book after update `seq` (its update id), best levels first, each size cut down to our whole lots (a level under one lot left out) */
  | { kind: 'book'; m: number; seq: number; t: number; bids: LiveLevel[]; asks: LiveLevel[] }
  /** a stream of the market was lost at `t`: its prices are not current */
  | { kind: 'stale'; m: number; t: number; reason: string }
  /** trades and the book flow again */
  | { kind: 'live'; m: number; t: number };

export interface LiveOptions {
  exchange: LiveExchangeId;
  markets: readonly LiveMarket[];
  /**
   * the exchange's public REST and websocket addresses, when not its own (tests use a
   * local fake): Binance's `.../api/v3` and its `/ws`; OKX's host (ccxt adds `/api/v5/...`)
   * and its `.../ws/v5` (ccxt adds `/public`)
   */
  urls?: { rest: string; ws: string };
  /** book levels a side to give (default 20) */
  depth?: number;
  /** first wait after a loss, ms (default 500); it doubles each failed try */
  backoffFirstMs?: number;
  /** the longest wait, ms (default 30 s) */
  backoffMaxMs?: number;
  now?: () => number;
}

/**
 * Why a market cannot follow the exchange (it stays on the simulator): the exchange does
 * not list it, or quotes prices finer than our ticks (a price we cannot write). Sizes finer
 * than our lots are followed: trades keep their exact sizes, the book's are cut down.
 */
export interface Unfollowable {
  market: LiveMarket;
  reason: 'not_listed' | 'finer_price';
}

/** ccxt's kline intervals for our periods. */
export const TIMEFRAMES: Record<Period, string> = {
  '1min': '1m',
  '5min': '5m',
  '15min': '15m',
  '30min': '30m',
  '60min': '1h',
  '1day': '1d',
  '1week': '1w',
  '1mon': '1M',
};

type Stream = 'trades' | 'book';

interface Followed {
  market: LiveMarket;
  priceScale: number;
  lotScale: number;
  /** streams currently lost */
  down: Set<Stream>;
  /** streams that have delivered since the market went stale */
  up: Set<Stream>;
  stale: boolean;
  /** trade ids given lately, so a trade is given once */
  seen: Set<string>;
  seenOrder: string[];
}

const SEEN_KEPT = 2000;

export class LiveConnector {
  private exchange: Exchange | undefined;
  private running = false;
  private readonly followed = new Map<number, Followed>();
  private readonly loops: Promise<void>[] = [];
  private readonly sleeps = new Set<{ timer: ReturnType<typeof setTimeout>; resolve: () => void }>();
  private emit: (events: LiveEvent[]) => void = () => {};
  /** the waits chosen since each stream last flowed, per market and stream (`1:trades`), in order, ms */
  readonly waits = new Map<string, number[]>();

  constructor(private readonly options: LiveOptions) {}

  /**
   * The most candles the exchange answers at once: Binance 1,000; OKX 300, for the window of
   * that many periods from the time asked (ccxt asks OKX for that window), so a reading that
   * finds a window empty moves on by this many periods, not more.
   */
  get candlesPage(): number {
    return this.options.exchange === 'okx' ? 300 : 1000;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** Connects, reads the exchange's markets, and gives those of ours it cannot follow. */
  async open(): Promise<Unfollowable[]> {
    const ccxt = (await import('ccxt')).default;
    const { urls } = this.options;
    const exchange = build(ccxt, this.options.exchange, urls);
    exchange.enableRateLimit = true;
    // ccxt opens a plain ws:// address (the local fake) only through an agent of its own.
    if (urls?.ws.startsWith('ws://')) await exchange.loadHttpProxyAgent();
    await exchange.loadMarkets();
    this.exchange = exchange;
    const refused: Unfollowable[] = [];
    for (const market of this.options.markets) {
      // ccxt types its market table loosely; the entries are its unified markets.
      const listed = exchange.markets?.[market.symbol] as MarketInterface | undefined;
      if (!listed || listed.active === false) {
        refused.push({ market, reason: 'not_listed' });
        continue;
      }
      // Every exchange price must be a whole number of our ticks.
      if (!fits(listed.precision.price, market.pricePrecision)) {
        refused.push({ market, reason: 'finer_price' });
        continue;
      }
      this.followed.set(market.id, {
        market,
        priceScale: 10 ** market.pricePrecision,
        lotScale: 10 ** market.qtyPrecision,
        down: new Set(),
        up: new Set(),
        stale: false,
        seen: new Set(),
        seenOrder: [],
      });
    }
    return refused;
  }

  /** The markets followed (those `open` did not refuse). */
  get markets(): LiveMarket[] {
    return [...this.followed.values()].map((followed) => followed.market);
  }

  /** Starts following every market's trades and book; events come in `emit`, in the order they arrive. */
  start(emit: (events: LiveEvent[]) => void): void {
    if (!this.exchange) throw new Error('open() the connector first');
    this.emit = emit;
    this.running = true;
    for (const followed of this.followed.values()) {
      this.loops.push(this.follow(followed, 'trades'), this.follow(followed, 'book'));
    }
  }

  /** Whether the market's prices are current (no stream lost since it last flowed). */
  isLive(marketId: number): boolean {
    const followed = this.followed.get(marketId);
    return followed !== undefined && !followed.stale;
  }

  async stop(): Promise<void> {
    this.running = false;
    for (const sleep of this.sleeps) {
      clearTimeout(sleep.timer);
      sleep.resolve();
    }
    this.sleeps.clear();
    await this.exchange?.close();
    await Promise.allSettled(this.loops);
    this.loops.length = 0;
  }

  /**
   * Closed and open candles of `period` from `since` (ms), oldest first, at most `limit`
   * (the exchange's own cap applies), in our units: prices and quantities as decimals
   * rounded to the market's ticks and lots.
   */
  async candles(marketId: number, period: Period, since: number, limit = 1000): Promise<Candle[]> {
    const followed = this.followed.get(marketId);
    if (!followed || !this.exchange) throw new Error(`market ${marketId} is not followed`);
    const rows = await this.exchange.fetchOHLCV(followed.market.symbol, TIMEFRAMES[period], since, limit);
    const price = (value: number | undefined) => Math.round((value ?? 0) * followed.priceScale) / followed.priceScale;
    return rows.map(([time, open, high, low, close, volume]) => {
      const base = Math.round((volume ?? 0) * followed.lotScale) / followed.lotScale;
      const mid = (price(open) + price(close)) / 2;
      // Klines carry the quote volume, but ccxt's unified rows do not: the amount is estimated at the candle's mid.
      return { time: time ?? 0, open: price(open), high: price(high), low: price(low), close: price(close), volume: base, amount: base * mid };
    });
  }

  private async follow(followed: Followed, stream: Stream): Promise<void> {
    const exchange = this.exchange as Exchange;
    const { market } = followed;
    let failures = 0;
    const key = `${market.id}:${stream}`;
    while (this.running) {
      try {
        if (stream === 'trades') {
          const trades = await exchange.watchTrades(market.symbol);
          if (!this.running) return;
          this.flowing(followed, stream);
          const events = this.trades(followed, trades);
          if (events.length > 0) this.emit(events);
        } else {
          const book = await exchange.watchOrderBook(market.symbol);
          if (!this.running) return;
          this.flowing(followed, stream);
          this.emit([this.book(followed, book)]);
        }
        if (failures > 0) this.waits.delete(key);
        failures = 0;
      } catch (error) {
        if (!this.running) return;
        this.lost(followed, stream, error);
        const wait = this.backoff(failures++);
        const waits = this.waits.get(key);
        if (waits) waits.push(wait);
        else this.waits.set(key, [wait]);
        await this.sleep(wait);
      }
    }
  }

  /** The wait before try `failures` + 1: doubling from the first, capped, with up to 50 % jitter off it. */
  backoff(failures: number): number {
    const first = this.options.backoffFirstMs ?? 500;
    const max = this.options.backoffMaxMs ?? 30_000;
    const full = Math.min(max, first * 2 ** failures);
    return Math.round(full * (0.5 + Math.random() / 2));
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          this.sleeps.delete(entry);
          resolve();
        }, ms),
        resolve,
      };
      this.sleeps.add(entry);
    });
  }

  private lost(followed: Followed, stream: Stream, error: unknown): void {
    followed.down.add(stream);
    followed.up.delete(stream);
    if (followed.stale) return;
    followed.stale = true;
    followed.up.clear();
    const reason = error instanceof Error ? `${error.constructor.name}: ${error.message}` : String(error);
    this.emit([{ kind: 'stale', m: followed.market.id, t: this.now(), reason }]);
  }

  private flowing(followed: Followed, stream: Stream): void {
    followed.down.delete(stream);
    if (!followed.stale) return;
    followed.up.add(stream);
    // Live again once both streams have delivered since the loss: fresh trades and a book rebuilt from a snapshot.
    if (followed.down.size === 0 && followed.up.size === 2) {
      followed.stale = false;
      followed.up.clear();
      this.emit([{ kind: 'live', m: followed.market.id, t: this.now() }]);
    }
  }

  private trades(followed: Followed, trades: readonly CcxtTrade[]): LiveEvent[] {
    const events: LiveEvent[] = [];
    for (const trade of trades) {
      const id = trade.id;
      if (id === undefined || followed.seen.has(id)) continue;
      followed.seen.add(id);
      followed.seenOrder.push(id);
      if (followed.seenOrder.length > SEEN_KEPT) followed.seen.delete(followed.seenOrder.shift() as string);
      events.push({
        kind: 'trade',
        m: followed.market.id,
        id,
        t: trade.timestamp ?? this.now(),
        price: Math.round((trade.price ?? 0) * followed.priceScale),
        quantity: trade.amount ?? 0,
        lots: wholeLots(trade.amount ?? 0, followed.lotScale),
        side: trade.side === 'sell' ? -1 : 1,
      });
    }
    return events;
  }

  private book(followed: Followed, book: OrderBook): LiveEvent {
    const depth = this.options.depth ?? 20;
    // Never more than the exchange shows: a size is cut down to our whole lots, and a level under one lot is left out.
    const levels = (side: (number | undefined)[][]): LiveLevel[] => {
      const kept: LiveLevel[] = [];
      for (const [price, amount] of side) {
        if (kept.length === depth) break;
        const lots = wholeLots(amount ?? 0, followed.lotScale);
        if (lots > 0) kept.push([Math.round((price ?? 0) * followed.priceScale), lots]);
      }
      return kept;
    };
    return {
      kind: 'book',
      m: followed.market.id,
      seq: book.nonce ?? 0,
      t: book.timestamp ?? this.now(),
      bids: levels(book.bids),
      asks: levels(book.asks),
    };
  }
}

/**
 * ccxt's client for the exchange, reading spot markets only (no futures, no account
 * endpoints), at `urls` when given. The waits between tries are the connector's
 * (backoff()), the same for a lost connection and a failed snapshot: ccxt's own dial delay
 * is turned off, not added on top.
 */
function build(ccxt: typeof import('ccxt').default, id: LiveExchangeId, urls: LiveOptions['urls']): Exchange {
  // ws.cost 0: ccxt sends a subscription after its rate limiter lets it through without
  // catching a failed send, so a connection lost (or closed) in that wait was an unhandled
  // rejection, which ends a Node process; sent at once, there is no such wait.
  const options = { fetchMarkets: { types: ['spot'] }, fetchCurrencies: false, ws: { backoff: { base: 0 }, cost: 0 } };
  switch (id) {
    case 'binance':
      return new ccxt.pro.binance({ options, ...(urls ? { urls: { api: { public: urls.rest, ws: { spot: urls.ws } } } } : {}) });
    case 'okx':
      return new (checkedOkx(ccxt))({ options, ...(urls ? { urls: { api: { rest: urls.rest, ws: urls.ws } } } : {}) });
  }
}

type Ccxt = typeof import('ccxt').default;
type OkxClient = Parameters<InstanceType<Ccxt['pro']['okx']>['handleOrderBookMessage']>[0];
/** a book level as kept for OKX: price and size, then both as OKX wrote them */
type OkxBookLevel = [number, number, string, string];

/**
 * ccxt's OKX client, also checking each book message's CRC32 checksum as OKX documents it:
 * ccxt 4.5.84 checks only that an update's `prevSeqId` is the last `seqId`, which misses a
 * book that went wrong without a missing update. The checksum is of the levels' text as
 * OKX wrote it, so each level keeps that text beside ccxt's numbers. A mismatch is handled
 * as ccxt handles a seqId gap: the book is forgotten and its watch fails, and watching
 * again subscribes again, for which OKX sends a new snapshot.
 */
function checkedOkx(ccxt: Ccxt) {
  return class CheckedOkx extends ccxt.pro.okx {
    override handleDelta(bookside: { storeArray(delta: (number | string)[]): void }, delta: string[]): void {
      const [price = '0', size = '0'] = delta;
      // ccxt's book side only updates the number of a price it has: remove it so the text is the new one.
      bookside.storeArray([Number(price), 0]);
      if (Number(size) !== 0) bookside.storeArray([Number(price), Number(size), price, size]);
    }

    override handleOrderBookMessage(
      client: OkxClient,
      message: Dict,
      orderbook: { symbol?: string; bids: OkxBookLevel[]; asks: OkxBookLevel[] },
      messageHash: string,
      market?: Market,
    ): typeof orderbook {
      super.handleOrderBookMessage(client, message, orderbook, messageHash, market);
      const expected: unknown = message['checksum'];
      // Already failed on its seqIds, or a message without a checksum.
      if (!(messageHash in client.subscriptions) || typeof expected !== 'number') return orderbook;
      const text = (levels: OkxBookLevel[]) => levels.map((level) => [level[2], level[3]]);
      if (okxChecksum(text(orderbook.bids), text(orderbook.asks)) === expected) return orderbook;
      delete client.subscriptions[messageHash];
      if (orderbook.symbol !== undefined) delete this.orderbooks[orderbook.symbol];
      client.reject(new ccxt.ChecksumError(`${this.id} books checksum mismatch on ${orderbook.symbol ?? messageHash}`), messageHash);
      return orderbook;
    }
  };
}

/**
 * OKX's book checksum: the 25 best bids and asks interleaved as
 * `bid price:bid size:ask price:ask size:...` (a shorter side simply ends), the CRC32 of
 * that text as a signed 32-bit integer. Levels best first, as OKX writes them.
 */
export function okxChecksum(bids: readonly (readonly string[])[], asks: readonly (readonly string[])[]): number {
  const parts: string[] = [];
  for (let i = 0; i < 25; i++) {
    const bid = bids[i];
    const ask = asks[i];
    if (bid) parts.push(`${bid[0]}:${bid[1]}`);
    if (ask) parts.push(`${ask[0]}:${ask[1]}`);
  }
  return zlib.crc32(parts.join(':')) | 0;
}

/** The whole lots in an exchange size (a hair of rounding allowed: 0.29 x 100 is 28.999999999999996). */
function wholeLots(amount: number, lotScale: number): number {
  return Math.floor(amount * lotScale + 1e-9);
}

/** Whether the exchange's step (ccxt's precision: a step such as 0.01) is a whole number of our 10^-decimals units. */
function fits(step: number | undefined, decimals: number): boolean {
  if (step === undefined) return false;
  const units = step * 10 ** decimals;
  return units >= 1 - 1e-9 && Math.abs(units - Math.round(units)) < 1e-6;
}
