import type { Redis } from 'ioredis';
import type { Candle, MarketFeed, Period } from '../../contract/market';
import { CHANNELS, DEPTH_LEVELS, RECENT_TRADES, SOCKET_EVENTS, TICKER_WIDTH, type DepthMessage, type Side, type TickerBatch, type TradeBatch } from '../../contract/realtime';
import { NotRunHere, SEQ_PER_EPOCH, type MarketEngine, type Ticker, type Trade } from '../market/engine';
import type { MarketReads } from '../market/view';

/**
 * The market feed between processes (several processes: ARCHITECTURE.md, "Storage and
 * processes"), as Redis streams:
 *
 * Keys start with the exchange's prefix (REDIS_PREFIX, `kestrel`):
 *
 * - `kestrel:trades:<market>`: each batch of the market's trades, its entry id the first
 *   trade's sequence number (`<seq>-0`), so a gap is a range read and a batch published
 *   twice (a takeover re-publishing) is refused by Redis as an id not above the last.
 * - `kestrel:depth:<market>`: the book's top levels, its entry id the depth sequence.
 * - `kestrel:tickers`: every few hundred milliseconds, each owner's markets as they stand
 *   (the 24h figures, the open candles and closed ones, the engine's clock), numbered one
 *   by one across the owners (a counter raised in the same script as the entry is added),
 *   so the "tickers" batches every process sends its sockets carry one sequence.
 *
 * The owner of a market writes (StreamPublisher); every process, its owner included,
 * reads them all (MarketMirror): its sockets get the feed from there, and its REST answers
 * for the markets it does not run read the mirror's figures.
 */
export const TRADES_STREAM = (prefix: string, marketId: number): string => `${prefix}:trades:${marketId}`;
export const DEPTH_STREAM = (prefix: string, marketId: number): string => `${prefix}:depth:${marketId}`;
const TICKERS_STREAM = (prefix: string): string => `${prefix}:tickers`;
const TICKERS_COUNTER = (prefix: string): string => `${prefix}:tickers:seq`;

/** Entries kept per stream: enough for a client's resync and a starting mirror. */
const KEEP_TRADES = 2_000;
const KEEP_DEPTH = 16;
const KEEP_TICKERS = 2_000;
/** How long one blocking read waits before the mirror looks again (new markets, stop). */
const BLOCK_MS = 1_000;

/** A candle in a state entry: [period, time, open, high, low, close, volume, amount]. */
type CandleTuple = [Period, number, number, number, number, number, number, number];

/** One market in a state entry, all of it as at the trade `seq`. */
interface MarketState {
  id: number;
  seq: number;
  open: CandleTuple[];
  /** candles closed since the owner's previous entry */
  closed: CandleTuple[];
}

/** One owner's markets as they stand, an entry of `kestrel:tickers`. */
interface MarketsState {
  /** the engine's clock */
  t: number;
  /** TICKER_WIDTH numbers per market, as the socket's ticker rows */
  d: number[];
  m: MarketState[];
}

const tuple = (period: Period, c: Candle): CandleTuple => [period, c.time, c.open, c.high, c.low, c.close, c.volume, c.amount];
const untuple = (t: CandleTuple): { period: Period; candle: Candle } => ({ period: t[0], candle: { time: t[1], open: t[2], high: t[3], low: t[4], close: t[5], volume: t[6], amount: t[7] } });

/**
 * Adds an entry numbered by the shared counter, atomically (one script), and answers its
 * number. The counter never goes below the last number the writer has seen (ARGV[3]): a
 * Redis started afresh (its counter gone) carries on above it, so clients see the numbers
 * jump forward and take a snapshot, never go back. The entry's id is Redis's own (time
 * based), so the readers see entries added after a restart.
 */
const ADD_NUMBERED = `local c = tonumber(redis.call('GET', KEYS[2]) or '0')
if c < tonumber(ARGV[3]) then redis.call('SET', KEYS[2], ARGV[3]) end
local s = redis.call('INCR', KEYS[2])
redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[2], '*', 'd', ARGV[1], 's', s)
return s`;

/** The owner's side: what the market feed publishes goes to the streams. */
export class StreamPublisher {
  /** candles closed since the last state entry, by market */
  private closed = new Map<number, CandleTuple[]>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly engine: MarketEngine,
    private readonly report: (error: unknown) => void,
  ) {
    engine.listen({
      closed: (marketId, period, candle) => {
        const list = this.closed.get(marketId) ?? [];
        list.push(tuple(period, candle));
        this.closed.set(marketId, list);
      },
    });
  }

  /**
   * After a lost connection to Redis (a restart loses the streams): the engine's recent
   * trades and book of `markets()` are published again (a stream that kept them refuses
   * the ids it has; the mirrors skip what they have), so a process starting now finds them.
   */
  onReconnect(markets: () => readonly number[]): void {
    let lost = false;
    this.redis.on('close', () => void (lost = true));
    this.redis.on('ready', () => {
      if (!lost) return;
      lost = false;
      for (const marketId of markets()) {
        if (!this.engine.has(marketId)) continue;
        const trades = this.engine.recentTrades(marketId);
        const first = trades[0];
        if (first) {
          const d: number[] = [];
          for (const trade of trades) d.push(trade.time - first.time, trade.price, trade.quantity, trade.side);
          this.publish(CHANNELS.trades(marketId), SOCKET_EVENTS.trades, { m: marketId, s: first.seq, b: first.time, d } satisfies TradeBatch);
        }
        const { bids, asks } = this.engine.depth(marketId);
        this.publish(CHANNELS.depth(marketId), SOCKET_EVENTS.depth, { m: marketId, s: this.engine.depthSeq(marketId), b: bids.flat(), a: asks.flat() } satisfies DepthMessage);
      }
    });
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }

  /** The market feed's messages (MarketFeed's `publish`): trades and depth to their market's stream. */
  publish(channel: string, _event: string, payload: unknown): void {
    if (channel.startsWith('trades:')) {
      const batch = payload as TradeBatch;
      this.add(TRADES_STREAM(this.prefix, batch.m), KEEP_TRADES, batch.s, JSON.stringify(batch));
    } else if (channel.startsWith('depth:')) {
      const message = payload as DepthMessage;
      this.add(DEPTH_STREAM(this.prefix, message.m), KEEP_DEPTH, message.s, JSON.stringify(message));
    }
    // The ticker batches are the process's own; the owners' states (publishState) stand for them.
  }

  /** The markets this process runs as they stand now, numbered with every other owner's. */
  async publishState(markets: readonly number[], seen: number): Promise<void> {
    const { engine } = this;
    const closed = this.closed;
    this.closed = new Map();
    if (markets.length === 0) return;
    const state: MarketsState = { t: engine.time, d: [], m: [] };
    for (const marketId of markets) {
      const t = engine.ticker(marketId);
      state.d.push(t.marketId, t.last, t.open, t.high, t.low, t.volume, t.amount);
      state.m.push({ id: marketId, seq: engine.lastSeq(marketId), open: [...engine.openCandles(marketId)].map(([period, candle]) => tuple(period, candle)), closed: closed.get(marketId) ?? [] });
    }
    await this.redis.eval(ADD_NUMBERED, 2, TICKERS_STREAM(this.prefix), TICKERS_COUNTER(this.prefix), JSON.stringify(state), KEEP_TICKERS, seen);
  }

  private add(key: string, keep: number, seq: number, data: string): void {
    this.redis.xadd(key, 'MAXLEN', '~', keep, `${seq}-0`, 'd', data).catch((error: unknown) => {
      // Published already (a takeover's first batches): the stream keeps the first.
      if (error instanceof Error && error.message.includes('equal or smaller')) return;
      this.report(error);
    });
  }
}

interface Mirrored {
  last: number;
  seq: number;
  recent: Trade[];
  ticker: Ticker | null;
  depth: { bids: [number, number][]; asks: [number, number][] };
  depthSeq: number;
  /** the open candles, as at the trade `candleSeq` */
  candles: Map<Period, Candle>;
  candleSeq: number;
  /** candles closed lately, by `${period}:${time}`, until the store surely has them */
  closed: Map<string, { period: Period; candle: Candle; at: number }>;
}

/** How long a closed candle is kept by the mirror: the owner writes its candles every second. */
const KEEP_CLOSED_MS = 30_000;

/** Candles of markets another process runs, as they close (RecentCandles keeps them). */
export type ClosedListener = (marketId: number, period: Period, candle: Candle) => void;

type Emit = (channel: string, event: string, payload: unknown) => void;

/**
 * Every process's side: reads the streams of every market, keeps the figures the REST
 * answers need (the last trades, the book's top, the 24h figures, the open candles), and
 * hands each message to this process's sockets (`emit`).
 */
export class MarketMirror implements MarketReads {
  private readonly markets = new Map<number, Mirrored>();
  private readonly ids = new Map<string, string>();
  private emit: Emit = () => undefined;
  private readonly closedListeners: ClosedListener[] = [];
  private running = false;
  private loop: Promise<void> = Promise.resolve();
  /** the last "tickers" number applied: REST snapshots carry it */
  tickersSeq = 0;
  /** the latest clock an owner reported */
  time = 0;
  /** counts what changed, for caches (the quote list) */
  version = 0;

  constructor(
    /** a connection of its own: the reads block */
    private readonly redis: Redis,
    private readonly prefix: string,
    marketIds: readonly number[],
    private readonly report: (error: unknown) => void,
  ) {
    for (const marketId of marketIds) this.add(marketId);
  }

  /** A market listed while running: read from the next look. */
  add(marketId: number): void {
    if (this.markets.has(marketId)) return;
    this.markets.set(marketId, { last: 0, seq: 0, recent: [], ticker: null, depth: { bids: [], asks: [] }, depthSeq: 0, candles: new Map(), candleSeq: 0, closed: new Map() });
    this.ids.set(TRADES_STREAM(this.prefix, marketId), '0-0');
    this.ids.set(DEPTH_STREAM(this.prefix, marketId), '0-0');
  }

  onClosed(listener: ClosedListener): void {
    this.closedListeners.push(listener);
  }

  /** Where this process's sockets take the feed. */
  connect(emit: Emit): void {
    this.emit = emit;
  }

  has(marketId: number): boolean {
    return (this.markets.get(marketId)?.ticker ?? null) !== null;
  }

  /** Reads what the streams hold now (the last trades, the book, every owner's last state), then follows them. */
  async start(): Promise<void> {
    const tickers = TICKERS_STREAM(this.prefix);
    this.ids.set(tickers, '0-0');
    const states = await this.redis.xrevrange(tickers, '+', '-', 'COUNT', 200);
    for (const [id, fields] of states.reverse()) this.apply(tickers, id, fields, false);
    for (const marketId of this.markets.keys()) {
      const key = TRADES_STREAM(this.prefix, marketId);
      const trades = await this.redis.xrevrange(key, '+', '-', 'COUNT', RECENT_TRADES);
      for (const [id, fields] of trades.reverse()) this.apply(key, id, fields, false);
      const depthKey = DEPTH_STREAM(this.prefix, marketId);
      const depth = await this.redis.xrevrange(depthKey, '+', '-', 'COUNT', 1);
      for (const [id, fields] of depth) this.apply(depthKey, id, fields, false);
    }
    this.running = true;
    this.loop = this.follow();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.redis.disconnect();
    await this.loop;
  }

  private async follow(): Promise<void> {
    while (this.running) {
      const keys = [...this.ids.keys()];
      try {
        const answer = await this.redis.xread('COUNT', 1_000, 'BLOCK', BLOCK_MS, 'STREAMS', ...keys, ...keys.map((key) => this.ids.get(key) ?? '0-0'));
        for (const [key, entries] of answer ?? []) for (const [id, fields] of entries) this.apply(key, id, fields, true);
      } catch (error) {
        if (!this.running) return;
        this.report(error);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }

  private apply(key: string, id: string, fields: string[], live: boolean): void {
    this.ids.set(key, id);
    const data = fields[1];
    if (data === undefined) return;
    this.version++;
    if (key === TICKERS_STREAM(this.prefix)) {
      const state = JSON.parse(data) as MarketsState;
      this.tickersSeq = Number(fields[3] ?? 0);
      this.time = Math.max(this.time, state.t);
      for (let i = 0; i + TICKER_WIDTH <= state.d.length; i += TICKER_WIDTH) {
        const [marketId = 0, last = 0, open = 0, high = 0, low = 0, volume = 0, amount = 0] = state.d.slice(i, i + TICKER_WIDTH);
        const market = this.markets.get(marketId);
        if (!market) continue;
        market.ticker = { marketId, last, open, high, low, volume, amount };
        if (market.seq === 0) market.last = last;
      }
      const now = Date.now();
      for (const entry of state.m) {
        const market = this.markets.get(entry.id);
        if (!market) continue;
        market.candleSeq = entry.seq;
        market.candles = new Map(entry.open.map((t) => [t[0], untuple(t).candle]));
        for (const t of entry.closed) {
          const { period, candle } = untuple(t);
          market.closed.set(`${period}:${candle.time}`, { period, candle, at: now });
          for (const listener of this.closedListeners) listener(entry.id, period, candle);
        }
        for (const [key, kept] of market.closed) if (now - kept.at > KEEP_CLOSED_MS) market.closed.delete(key);
      }
      if (live) this.emit(CHANNELS.tickers, SOCKET_EVENTS.tickers, { s: this.tickersSeq, d: state.d } satisfies TickerBatch);
      return;
    }
    if (key.startsWith(`${this.prefix}:trades:`)) {
      const batch = JSON.parse(data) as TradeBatch;
      const market = this.markets.get(batch.m);
      if (!market) return;
      // A batch published again (after Redis started afresh) holds trades the mirror has: only the newer ones count.
      let skip = 0;
      while (skip * 4 < batch.d.length && batch.s + skip <= market.seq && Math.floor((batch.s + skip) / SEQ_PER_EPOCH) === Math.floor(market.seq / SEQ_PER_EPOCH)) skip++;
      if (skip * 4 >= batch.d.length) return;
      for (let i = skip * 4; i + 4 <= batch.d.length; i += 4) {
        const trade: Trade = { seq: batch.s + i / 4, time: batch.b + (batch.d[i] ?? 0), price: batch.d[i + 1] ?? 0, quantity: batch.d[i + 2] ?? 0, side: (batch.d[i + 3] ?? 1) as Side };
        market.recent.push(trade);
        market.last = trade.price;
        market.seq = trade.seq;
      }
      if (market.recent.length > RECENT_TRADES) market.recent.splice(0, market.recent.length - RECENT_TRADES);
      if (!live) return;
      if (skip === 0) this.emit(CHANNELS.trades(batch.m), SOCKET_EVENTS.trades, batch);
      else {
        const base = batch.b + (batch.d[skip * 4] ?? 0);
        const d = batch.d.slice(skip * 4);
        for (let i = 0; i < d.length; i += 4) d[i] = (d[i] ?? 0) - (batch.d[skip * 4] ?? 0);
        this.emit(CHANNELS.trades(batch.m), SOCKET_EVENTS.trades, { m: batch.m, s: batch.s + skip, b: base, d } satisfies TradeBatch);
      }
      return;
    }
    const message = JSON.parse(data) as DepthMessage;
    const market = this.markets.get(message.m);
    if (!market) return;
    const pairs = (flat: number[]) => {
      const result: [number, number][] = [];
      for (let i = 0; i + 1 < flat.length; i += 2) result.push([flat[i] ?? 0, flat[i + 1] ?? 0]);
      return result;
    };
    market.depth = { bids: pairs(message.b), asks: pairs(message.a) };
    market.depthSeq = message.s;
    if (live) this.emit(CHANNELS.depth(message.m), SOCKET_EVENTS.depth, message);
  }

  /** No owner has published the market yet (it is being claimed): answered as a market moving. */
  private market(marketId: number): Mirrored {
    const market = this.markets.get(marketId);
    if (!market || market.ticker === null) throw new NotRunHere(marketId);
    return market;
  }

  get printed(): number {
    return this.version;
  }

  lastPrice(marketId: number): number {
    return this.market(marketId).last;
  }

  lastSeq(marketId: number): number {
    return this.market(marketId).seq;
  }

  recentTrades(marketId: number): readonly Trade[] {
    return this.market(marketId).recent;
  }

  ticker(marketId: number): Ticker {
    const { ticker } = this.market(marketId);
    if (!ticker) throw new NotRunHere(marketId);
    return ticker;
  }

  depth(marketId: number, levels = DEPTH_LEVELS): { bids: [number, number][]; asks: [number, number][] } {
    const { depth } = this.market(marketId);
    return { bids: depth.bids.slice(0, levels), asks: depth.asks.slice(0, levels) };
  }

  depthSeq(marketId: number): number {
    return this.market(marketId).depthSeq;
  }

  openCandles(marketId: number): ReadonlyMap<Period, Candle> {
    return this.market(marketId).candles;
  }

  openCandle(marketId: number, period: Period): Candle | undefined {
    return this.market(marketId).candles.get(period);
  }

  /** A live market runs in one process (MARKET=live refuses CLUSTER): every market here is simulated. */
  feedOf(): MarketFeed {
    return 'simulated';
  }

  isStale(): boolean {
    return false;
  }

  /** The trade the open candles are at (an owner's state is published every few hundred ms). */
  candleSeq(marketId: number): number {
    return this.market(marketId).candleSeq;
  }

  /** Candles closed lately, which the store may not have yet. */
  recentlyClosed(marketId: number, period: Period): Candle[] {
    const result: Candle[] = [];
    for (const kept of this.market(marketId).closed.values()) if (kept.period === period) result.push(kept.candle);
    return result;
  }
}
