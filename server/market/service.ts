import { bucketStart, MINUTE, type Candle, type Period } from '../../contract/market';
import type { Db } from '../db/database';
import { fence, FencedOut, raiseEpoch } from '../cluster/claims';
import { PROCESS_NAME } from '../cluster/process-name';
import { MarketEngine, SEQ_PER_EPOCH, type MarketStart } from './engine';
import { MarketFeed, TICKER_EVERY_MS, type Publish } from './feed';
import { MarketView, type MarketReads } from './view';
import type { MarketMirror, StreamPublisher } from '../cluster/market-streams';
import { backfill, FULL_HISTORY, gapFill, SHORT_HISTORY, type HistoryDepth } from './history';
import { marketCatalog, type InstrumentDef } from './instruments';
import { RecentCandles } from './recent-candles';
import { Replay, readRecording } from './replay';
import { hash32 } from './rng';
import { Simulator } from './simulator';
import { backfillLive } from './live/backfill';
import { LiveConnector, type LiveExchangeId } from './live/connector';
import { LiveSource } from './live/source';
import type { MarketSource, SourceEvent } from './source';
import { latestMinute, listedInstruments, loadStart, mergeHistory, readCandles, seedCatalog, writeCandles, type CandleRow, type ReadStart } from './store';

/**
 * The market as the server runs it: history brought up to now, the engine, the source
 * feeding it (simulator or replay), the feed for sockets, and candles written back.
 */
export interface MarketConfig {
  source: 'simulator' | 'replay' | 'live';
  replayFile: string | null;
  /**
   * MARKET=live: the public exchange followed, and its addresses when not its own (a local
   * stand-in: tests, `npm run fake-exchange`)
   */
  live: { exchange: LiveExchangeId; urls: { rest: string; ws: string } | null; backoffFirstMs: number } | null;
  seed: number;
  tradesPerSecond: number;
  history: 'full' | 'short';
  /** how many markets the exchange lists (MARKET_COUNT): the instruments, then load-test coins */
  markets: number;
}

const FLUSH_EVERY_MS = 1000;

export class MarketService {
  readonly feed: MarketFeed;
  /** the candles GET /currency/new_timeshar answers, the newest kept in memory */
  readonly candles: RecentCandles;
  private readonly dirty = new Map<string, CandleRow>();
  private flushTimer: ReturnType<typeof setInterval> | undefined;
  private publishImpl: Publish = () => undefined;
  private listeningImpl: (channel: string) => boolean = () => false;

  /**
   * Several processes (server/cluster/claims.ts): the markets this process holds a claim
   * on, with their epochs; the engine runs these only, and every write of one is fenced.
   * null: one process runs every market.
   */
  readonly epochs: Map<number, number> | null;
  /** Several processes: the owners' streams as this process reads them, and its own writer (linkStreams). */
  private mirror: MarketMirror | null = null;
  private publisher: StreamPublisher | null = null;
  private stateTimer: ReturnType<typeof setInterval> | undefined;
  /** what else stops with the market (several processes: following other processes' listings) */
  private readonly stops: (() => void)[] = [];
  private viewImpl: MarketView;

  constructor(
    readonly engine: MarketEngine,
    readonly source: MarketSource,
    private readonly db: Db,
    /** the exchange's markets (the seed's, then those listed while running) */
    private readonly running: InstrumentDef[],
    private readonly setup: MarketSetup,
  ) {
    this.epochs = setup.claimed ? new Map() : null;
    this.feed = new MarketFeed(
      engine,
      (channel, event, payload) => this.publishImpl(channel, event, payload),
      (channel) => this.listeningImpl(channel),
    );
    this.viewImpl = new MarketView(engine, null);
    const runsHere = (marketId: number) => this.mirror === null || engine.has(marketId);
    this.candles = new RecentCandles(
      {
        openCandle: (marketId, period) => this.viewImpl.openCandle(marketId, period),
        candleSeq: (marketId) => (runsHere(marketId) || !this.mirror ? engine.lastSeq(marketId) : this.mirror.candleSeq(marketId)),
        unsaved: (marketId, period) => (runsHere(marketId) || !this.mirror ? this.unsaved(marketId, period) : this.mirror.recentlyClosed(marketId, period)),
      },
      (marketId, period, from, to, limit) => readCandles(db, marketId, period, from, to, limit),
    );
    engine.listen({
      closed: (marketId, period, candle) => {
        this.markDirty(marketId, period, candle);
        this.candles.closed(marketId, period, candle);
      },
    });
  }

  /**
   * What the REST answers and the desks read of a market (its last trades, book, tickers,
   * open candles): the engine's for the markets this process runs, the mirror's for the others.
   */
  get view(): MarketReads {
    return this.viewImpl;
  }

  /** Stops `stop` with the market (MarketService.stop). */
  onStop(stop: () => void): void {
    this.stops.push(stop);
  }

  /** Whether this process has the market's figures: it runs the market, or an owner has published it. */
  knows(marketId: number): boolean {
    return this.engine.has(marketId) || (this.mirror?.has(marketId) ?? false);
  }

  /** The number of the last "tickers" batch: REST snapshots carry it. */
  get tickersSeq(): number {
    return this.mirror?.tickersSeq ?? this.feed.tickersSeq;
  }

  /**
   * Several processes: the feed of the markets this process runs goes to the streams
   * (`publisher`), and this process's sockets and its figures of every market come from
   * them (`mirror`), whichever process runs the market.
   */
  linkStreams(publisher: StreamPublisher, mirror: MarketMirror): void {
    this.publisher = publisher;
    this.mirror = mirror;
    this.viewImpl = new MarketView(this.engine, mirror);
    // The markets run here go to the streams whoever listens: another process's sockets may.
    this.publishImpl = (channel, event, payload) => publisher.publish(channel, event, payload);
    this.listeningImpl = () => true;
    // Redis started afresh: the streams of the markets run here begin again with what the engine holds.
    publisher.onReconnect(() => this.owned.map((def) => def.id));
    mirror.onClosed((marketId, period, candle) => {
      if (!this.engine.has(marketId)) this.candles.closed(marketId, period, candle);
    });
  }

  /** Every market of the exchange, whichever process runs it. */
  get instruments(): readonly InstrumentDef[] {
    return this.running;
  }

  /** The markets this process's engine runs. */
  get owned(): readonly InstrumentDef[] {
    return this.epochs === null ? this.running : this.running.filter((def) => this.engine.has(def.id));
  }

  /**
   * This process now runs `marketId` at `epoch` (its claim: server/cluster/claims.ts):
   * its history is brought up to now, its engine starts from the stored candles above
   * every earlier run's sequence numbers, and the source starts feeding it. The caller
   * puts the users' resting orders back (the exchange's claim step).
   */
  async claim(marketId: number, epoch: number): Promise<void> {
    if (this.epochs === null) throw new Error('one process runs every market: there is nothing to claim');
    const def = this.running.find((instrument) => instrument.id === marketId);
    if (!def) throw new Error(`unknown market ${marketId}`);
    if (this.engine.has(marketId)) this.release(marketId);
    const time = this.setup.now();
    await bringUpToDate(this.db, def, this.setup, this.running, time);
    this.engine.addMarket(def, { ...(await loadStart(this.db, def, time)), seq: epoch * SEQ_PER_EPOCH });
    this.epochs.set(marketId, epoch);
    this.source.list?.(def, this.engine.lastTicks(marketId));
  }

  /**
   * This process stops running `marketId`: the source stops feeding it and its engine
   * goes. Candles not written yet are dropped: a graceful give-back has written them
   * (flush first), and after a lost claim they may not be written (the next owner's are right).
   */
  release(marketId: number): void {
    this.source.unlist?.(marketId);
    this.engine.removeMarket(marketId);
    this.epochs?.delete(marketId);
    for (const [key, row] of this.dirty) if (row.marketId === marketId) this.dirty.delete(key);
  }

  /**
   * Adds a market listed while running (the catalogue has it already): the engine opens
   * its book at the listing price (`def.referencePrice`) and the source starts quoting it.
   */
  list(def: InstrumentDef): void {
    if (this.epochs !== null) {
      // Several processes: the market is claimed like the others (MarketClaims.add).
      if (!this.running.some((instrument) => instrument.id === def.id)) this.running.push(def);
      this.mirror?.add(def.id);
      return;
    }
    if (this.engine.has(def.id)) return;
    this.engine.addMarket(def, { last: def.referencePrice, open: [], minutes: [] });
    this.running.push(def);
    this.source.list?.(def, Math.round(def.referencePrice * 10 ** def.pricePrecision));
  }

  /**
   * The exchange's clock: the wall clock, never behind the latest event the books have
   * seen. Orders, positions and option expiries are timed on it; clients sync to it.
   */
  time(wall: number): number {
    return Math.max(this.viewImpl.time, wall);
  }

  /**
   * Where channel messages go (the socket server), and who listens. Several processes:
   * the sockets take the mirror's messages (the feed of the markets run here goes to the
   * streams: linkStreams).
   */
  connect(publish: Publish, listening: (channel: string) => boolean): void {
    if (this.mirror) {
      this.mirror.connect(publish);
      return;
    }
    this.publishImpl = publish;
    this.listeningImpl = listening;
  }

  private markDirty(marketId: number, period: Period, candle: Candle): void {
    this.dirty.set(`${marketId}:${period}:${candle.time}`, { marketId, period, candle: { ...candle } });
  }

  /**
   * Writes closed candles and the current state of open ones. A row leaves `dirty`
   * only once it is written, so a snapshot can always find every candle somewhere.
   */
  async flush(): Promise<void> {
    for (const def of this.owned) {
      for (const [period, candle] of this.engine.openCandles(def.id)) this.markDirty(def.id, period, candle);
    }
    const written = [...this.dirty.entries()];
    const epochs = this.epochs;
    if (epochs === null) {
      await writeCandles(
        this.db,
        written.map(([, row]) => row),
      );
    } else {
      // Several processes: each market's candles are written under its claim, or not at all.
      const byMarket = new Map<number, CandleRow[]>();
      for (const [, row] of written) byMarket.set(row.marketId, [...(byMarket.get(row.marketId) ?? []), row]);
      for (const [marketId, rows] of byMarket) {
        const epoch = epochs.get(marketId);
        if (epoch === undefined) continue;
        await this.db
          .transaction()
          .execute(async (trx) => {
            await fence(trx, marketId, epoch);
            await writeCandles(trx, rows);
          })
          .catch((error: unknown) => {
            // Taken over: the new owner writes the market's candles; these are dropped below.
            if (!(error instanceof FencedOut)) throw error;
          });
      }
    }
    for (const [key, row] of written) if (this.dirty.get(key) === row) this.dirty.delete(key);
  }

  /** Writes one market's candles not written yet (before the market is given back). */
  async flushMarket(marketId: number): Promise<void> {
    const epoch = this.epochs?.get(marketId);
    if (epoch === undefined || !this.engine.has(marketId)) return;
    for (const [period, candle] of this.engine.openCandles(marketId)) this.markDirty(marketId, period, candle);
    const rows = [...this.dirty.values()].filter((row) => row.marketId === marketId);
    await this.db.transaction().execute(async (trx) => {
      await fence(trx, marketId, epoch);
      await writeCandles(trx, rows);
    });
  }

  /** Candles of a market and period that are not stored yet. */
  unsaved(marketId: number, period: Period): Candle[] {
    const prefix = `${marketId}:${period}:`;
    const result: Candle[] = [];
    for (const [key, row] of this.dirty) if (key.startsWith(prefix)) result.push(row.candle);
    return result;
  }

  /** Starts the source, handing each batch of its events to `process` (a step of the exchange), the feed and the candle writer. */
  start(process: (events: readonly SourceEvent[]) => Promise<void>): void {
    this.source.start((events) => {
      process(events).catch((error: unknown) => console.error('a market step failed', error));
    });
    this.feed.start();
    const publisher = this.publisher;
    if (publisher) {
      // Several processes: the markets run here, as they stand, for the other processes' tickers and REST answers.
      this.stateTimer = setInterval(() => {
        void publisher
          .publishState(
            this.owned.map((def) => def.id),
            this.mirror?.tickersSeq ?? 0,
          )
          .catch((error: unknown) => console.error('publishing the markets failed', error));
      }, TICKER_EVERY_MS);
    }
    this.flushTimer = setInterval(() => void this.flush().catch((error: unknown) => console.error('writing candles failed', error)), FLUSH_EVERY_MS);
  }

  /** Stops the source, the feed and the candle writer (the exchange then finishes its steps and flushes). */
  halt(): void {
    this.source.stop();
    this.feed.stop();
    clearInterval(this.flushTimer);
    clearInterval(this.stateTimer);
  }

  /** Halts, then writes the candles not written yet (the exchange first finishes its steps: Exchange.stop). */
  async stop(): Promise<void> {
    this.halt();
    await this.flush();
    for (const stop of this.stops.splice(0)) stop();
    await this.mirror?.stop();
    await this.publisher?.close();
  }
}

function flowOf(def: InstrumentDef, instruments: readonly InstrumentDef[], tradesPerSecond: number) {
  const total = instruments.reduce((sum, instrument) => sum + instrument.flowWeight, 0);
  return { instrument: def, tradesPerSecond: (tradesPerSecond * def.flowWeight) / total };
}

/** The market maker's depth for a trade rate: the default rate (200/s) gets 1. */
export function liquidityFor(tradesPerSecond: number): number {
  return Math.max(1, tradesPerSecond / 200);
}

/** Reads the start of a replay file, for the clock that must run from it. */
export function replayStart(file: string): number {
  return readRecording(file).header.start;
}

/** How the market was opened: what a claim needs to bring a market's history up to date. */
export interface MarketSetup {
  now: () => number;
  seed: number;
  tradesPerSecond: number;
  depth: HistoryDepth;
  /** several processes: the engine runs the markets this process claims, none at first */
  claimed: boolean;
}

/** A market's stored history brought up to `time`: years of it the first time, after a stop the gap. */
async function bringUpToDate(db: Db, def: InstrumentDef, setup: MarketSetup, instruments: readonly InstrumentDef[], time: number): Promise<void> {
  const flow = flowOf(def, instruments, setup.tradesPerSecond);
  const latest = await latestMinute(db, def.id);
  if (!latest && def.listedAt === undefined) {
    const history = backfill(flow, time, def.referencePrice, setup.depth, hash32(setup.seed, def.id));
    const rows: CandleRow[] = [];
    for (const [period, candles] of history) for (const candle of candles) rows.push({ marketId: def.id, period, candle });
    await writeCandles(db, rows);
  } else if (latest && latest.time < bucketStart(time, '1min') - MINUTE) {
    await mergeHistory(db, def.id, gapFill(flow, latest.time, time, latest.close, setup.depth, hash32(setup.seed, def.id, latest.time)));
  }
}

/**
 * Brings every market's history up to `now` (the first time: years of it; after a
 * stop: the gap), then builds the engine and the source. Nothing runs until start().
 * With `claimed` (several processes), the engine and the source start with no market:
 * each is brought up to date and started when this process claims it (MarketService.claim).
 * `readStart` reads each market's start once its history is up to date (loadStart unless
 * the test harness, whose servers all start on copies of one database, remembers it).
 */
export async function openMarket(db: Db, config: MarketConfig, now: () => number, options: { claimed?: boolean; readStart?: ReadStart } = {}): Promise<MarketService> {
  const readStart = options.readStart ?? loadStart;
  await seedCatalog(db, marketCatalog(config.markets));
  // The seed's markets, then those listed while running (IEO tokens), which have no history before their listing.
  const instruments = [...marketCatalog(config.markets).instruments, ...(await listedInstruments(db))];
  const recording = config.source === 'replay' ? readRecording(config.replayFile ?? '') : null;
  const claimed = options.claimed ?? false;
  if (recording && claimed) throw new Error('a replayed market runs in one process (MARKET_SOURCE=replay cannot be split between processes)');
  const setup: MarketSetup = {
    now,
    seed: recording?.header.seed ?? config.seed,
    tradesPerSecond: recording?.header.tradesPerSecond ?? config.tradesPerSecond,
    depth: (recording?.header.history ?? config.history) === 'full' ? FULL_HISTORY : SHORT_HISTORY,
    claimed,
  };
  const time = now();
  if (recording) {
    // A replay starts the market over at the recording's start, every time.
    await db.deleteFrom('klines').execute();
  }
  // MARKET=live: the markets the exchange lists follow it (their history is its klines); the others stay simulated.
  const live = config.source === 'live' ? await followExchange(config, instruments, now) : null;
  const followed = new Set(live?.markets.map((market) => market.id) ?? []);
  const starts = new Map<number, MarketStart>();
  for (const def of claimed ? [] : instruments) {
    if (live && followed.has(def.id)) await backfillLive(db, live, def.id, time);
    else await bringUpToDate(db, def, setup, instruments, time);
    // A new epoch of the market's engine: its sequences start above every earlier run's.
    const epoch = await raiseEpoch(db, def.id, PROCESS_NAME, time);
    const feed = live && followed.has(def.id) ? (config.live?.exchange ?? 'simulated') : 'simulated';
    starts.set(def.id, { ...(await readStart(db, def, time)), seq: epoch * SEQ_PER_EPOCH, feed });
  }
  const running = claimed ? [] : instruments;
  const engine = new MarketEngine(running, starts, time, liquidityFor(setup.tradesPerSecond));
  const simulated = instruments.filter((def) => !followed.has(def.id));
  const simulator = new Simulator({
    instruments: simulated,
    startPrices: new Map(running.filter((def) => !followed.has(def.id)).map((def) => [def.id, engine.lastTicks(def.id)])),
    startTime: time,
    seed: hash32(setup.seed, Math.floor(time / 1000)),
    // The simulated markets' share of the flow (all of it, to the bit, when none follows an exchange).
    tradesPerSecond:
      followed.size === 0 ? setup.tradesPerSecond : (setup.tradesPerSecond * simulated.reduce((sum, def) => sum + def.flowWeight, 0)) / instruments.reduce((sum, def) => sum + def.flowWeight, 0),
    now,
    startEmpty: claimed,
  });
  const source: MarketSource = recording ? new Replay(recording, now) : live && config.live ? new LiveSource(live, config.live.exchange, simulator) : simulator;
  return new MarketService(engine, source, db, instruments, setup);
}

/**
 * Opens the connector to the exchange MARKET=live follows, for every market of ours it
 * lists in ticks and lots that fit ours; logs the markets it leaves to the simulator.
 */
async function followExchange(config: MarketConfig, instruments: readonly InstrumentDef[], now: () => number): Promise<LiveConnector> {
  const live = config.live;
  if (!live) throw new Error('MARKET=live needs LIVE_EXCHANGE');
  const connector = new LiveConnector({
    exchange: live.exchange,
    markets: instruments.map((def) => ({ id: def.id, symbol: `${def.base}/${def.quote}`, pricePrecision: def.pricePrecision, qtyPrecision: def.qtyPrecision })),
    ...(live.urls ? { urls: live.urls } : {}),
    backoffFirstMs: live.backoffFirstMs,
    now,
  });
  const refused = await connector.open().catch((error: unknown) => {
    throw new Error(`MARKET=live could not read ${live.exchange}'s markets (${live.urls?.rest ?? 'its public API'}): ${error instanceof Error ? error.message : String(error)}`);
  });
  if (refused.length > 0) {
    const reasons = { not_listed: 'not listed there', finer_price: 'finer prices there than ours', finer_quantity: 'finer quantities there than ours' } as const;
    const by = (reason: keyof typeof reasons) => refused.filter((entry) => entry.reason === reason).map((entry) => entry.market.symbol);
    const parts = (Object.keys(reasons) as (keyof typeof reasons)[]).filter((reason) => by(reason).length > 0).map((reason) => `${reasons[reason]}: ${by(reason).join(', ')}`);
    console.info(`MARKET=live: ${connector.markets.length} markets follow ${live.exchange}; ${refused.length} stay simulated (${parts.join('; ')})`);
  }
  return connector;
}
