import type { Period } from '../contract/market';
import { CHANNELS, TRADE_WIDTH, USER_EVENTS, type DepthMessage, type TickerBatch, type TradeBatch } from '../contract/realtime';
import type { AccountSummary, ConnectionStatus, CoreApi, CoreConfig, Fetcher, MarketInfo, OptionView, Patch, PositionView, SpotOrderView } from '../contract/worker-api';
import { AccountBook } from './account';
import { CANDLE_WIDTH } from '../contract/worker-api';
import type { CoreCache } from './cache';
import { CandleSeries } from './candles';
import { TickerTable } from './tickers';
import { TradeLog } from './trade-log';

/**
 * The realtime core. It owns the socket, keeps every channel in sequence (buffering
 * what arrives while a REST snapshot is on its way, re-snapshotting after a gap or a
 * reconnect), merges trades into the candles of every loaded period, and posts what
 * changed at most once per animation frame.
 */
export interface LinkEvents {
  status(status: ConnectionStatus): void;
  tickers(batch: TickerBatch): void;
  trades(batch: TradeBatch): void;
  depth(message: DepthMessage): void;
  /** a private event of the logged-in user (USER_EVENTS) */
  user(event: string, payload: unknown): void;
  /** how far the server's clock is ahead of the device's, in ms (contract clockOffset) */
  clock(offset: number): void;
}

/** What the core needs of the socket (worker/socket.ts; a fake in tests). */
export interface Link {
  open(token: string | null): void;
  setToken(token: string | null): void;
  /** network gone: drop the connection now (status reconnecting) */
  pause(): void;
  /** network back: connect at once */
  resume(): void;
  subscribe(channels: string[]): void;
  unsubscribe(channels: string[]): void;
}

export interface CoreDeps {
  link: (events: LinkEvents) => Link;
  cache: CoreCache | null;
  /** runs `frame` before the next paint (requestAnimationFrame, or a timer) */
  schedule: (frame: () => void) => void;
  /** hands a patch to the app, transferring its buffers */
  post: (patch: Patch, transfer: ArrayBuffer[]) => void;
  /** for retries */
  setTimer: (callback: () => void, ms: number) => void;
  /** the device's clock; countdowns run on it plus the server's offset */
  now: () => number;
}

interface Watched {
  refs: number;
  log: TradeLog;
  synced: boolean;
  buffer: TradeBatch[];
  generation: number;
  depth: { seq: number; bids: number[]; asks: number[]; dirty: boolean };
  series: Map<Period, CandleSeries>;
}

const RETRY_MS = 2000;
/** After a position event the account is fetched again (its balance moved), once events settle. */
const ACCOUNT_RESYNC_MS = 300;
const CACHE_TICKERS_MS = 5000;
const CACHED_CANDLES = 300;

export class Core implements Omit<CoreApi, 'start'> {
  private link: Link | null = null;
  private fetch: Fetcher | null = null;
  private status: ConnectionStatus = 'closed';
  private postedStatus: ConnectionStatus | null = null;
  private postedStale: boolean | null = null;

  private readonly tickers = new TickerTable();
  private watchingTickers = false;
  private tickersSynced = false;
  private tickerSeq = 0;
  private tickerBuffer: TickerBatch[] = [];
  private tickerGeneration = 0;
  private catalogChanged = false;
  private catalogPromise: Promise<void> | null = null;
  private fromCache = false;
  private lastTickerSave = 0;

  private readonly watched = new Map<number, Watched>();
  private chart: { marketId: number; period: Period } | null = null;
  private frameScheduled = false;

  private readonly account = new AccountBook();
  private accountWatchers = 0;
  private accountGeneration = 0;
  private accountResyncDue = false;
  private snapshotPrices = new Map<number, number>();
  private orders: SpotOrderView[] = [];
  private postedFigures = '';
  private postedSummary = '';
  private postedCountdown = '';
  private ticking = false;
  /** server clock minus device clock: a phone's clock can be off by minutes */
  private clockOffset = 0;

  constructor(private readonly deps: CoreDeps) {}

  async begin(config: CoreConfig, fetcher: Fetcher): Promise<void> {
    this.fetch = fetcher;
    const cached = await this.deps.cache?.loadTickers().catch(() => null);
    if (cached && this.tickers.markets.length === 0) {
      this.tickers.reset(cached.markets, cached.rows);
      this.catalogChanged = true;
      this.fromCache = true;
      this.dirty();
    }
    this.link = this.deps.link({
      status: (status) => this.onStatus(status),
      tickers: (batch) => this.onTickers(batch),
      trades: (batch) => this.onTrades(batch),
      depth: (message) => this.onDepth(message),
      user: (event, payload) => this.onUser(event, payload),
      clock: (offset) => {
        this.clockOffset = offset;
        this.dirty();
      },
    });
    this.status = 'opening';
    this.dirty();
    this.link.open(config.token);
  }

  setToken(token: string | null): void {
    this.link?.setToken(token);
    // Another user, or none: nothing of the last one's account may stay on screen.
    this.accountGeneration++;
    this.account.reset({ positions: [], balance: '0', liquidationRisk: '0.2' });
    this.account.resetOptions([]);
    this.dirty();
  }

  setNetwork(online: boolean): void {
    if (online) this.link?.resume();
    else this.link?.pause();
  }

  // --- connection -------------------------------------------------------------

  private channels(): string[] {
    const channels: string[] = [];
    if (this.watchingTickers) channels.push(CHANNELS.tickers);
    for (const marketId of this.watched.keys()) channels.push(CHANNELS.trades(marketId), CHANNELS.depth(marketId));
    return channels;
  }

  private onStatus(status: ConnectionStatus): void {
    this.status = status;
    if (status === 'open') {
      // A (re)connected socket is in no room yet, and may have missed anything.
      this.link?.subscribe(this.channels());
      if (this.watchingTickers) void this.syncTickers();
      for (const marketId of this.watched.keys()) void this.syncMarket(marketId);
      if (this.accountWatchers > 0) void this.syncAccount();
    } else {
      this.tickersSynced = false;
      for (const watched of this.watched.values()) watched.synced = false;
    }
    this.dirty();
  }

  // --- tickers ----------------------------------------------------------------

  watchTickers(watching: boolean): void {
    if (watching === this.watchingTickers) return;
    this.watchingTickers = watching;
    if (!watching) {
      this.link?.unsubscribe([CHANNELS.tickers]);
      this.tickersSynced = false;
      return;
    }
    if (this.status === 'open') {
      this.link?.subscribe([CHANNELS.tickers]);
      void this.syncTickers();
    }
  }

  private toMarkets(groups: { markets: { id: number; currency_id: number; legal_id: number; symbol: string; base: string; quote: string; name: string; kind: 'crypto' | 'stock'; contract: boolean; price_precision: number; qty_precision: number }[] }[]): MarketInfo[] {
    return groups.flatMap((group) =>
      group.markets.map((m) => ({
        id: m.id,
        currencyId: m.currency_id,
        legalId: m.legal_id,
        symbol: m.symbol,
        base: m.base,
        quote: m.quote,
        name: m.name,
        kind: m.kind,
        contract: m.contract,
        pricePrecision: m.price_precision,
        qtyPrecision: m.qty_precision,
      })),
    );
  }

  private async syncTickers(): Promise<void> {
    if (!this.fetch) return;
    const generation = ++this.tickerGeneration;
    this.tickersSynced = false;
    this.tickerBuffer = [];
    try {
      const snapshot = await this.fetch('GET /currency/quotation_new', {});
      if (generation !== this.tickerGeneration) return;
      const markets = this.toMarkets(snapshot.groups);
      const rows: number[] = [];
      for (const group of snapshot.groups) for (const m of group.markets) rows.push(m.id, m.last, m.open, m.high, m.low, m.volume, m.amount);
      this.tickers.reset(markets, rows);
      this.catalogChanged = true;
      this.fromCache = false;
      this.tickerSeq = snapshot.seq;
      this.tickersSynced = true;
      const buffered = this.tickerBuffer;
      this.tickerBuffer = [];
      for (const batch of buffered) this.onTickers(batch);
      this.dirty();
    } catch {
      if (generation === this.tickerGeneration && this.watchingTickers) this.deps.setTimer(() => this.status === 'open' && void this.syncTickers(), RETRY_MS);
    }
  }

  private onTickers(batch: TickerBatch): void {
    if (!this.watchingTickers) return;
    if (!this.tickersSynced) {
      this.tickerBuffer.push(batch);
      return;
    }
    if (batch.s <= this.tickerSeq) return;
    if (batch.s !== this.tickerSeq + 1) {
      void this.syncTickers();
      return;
    }
    this.tickerSeq = batch.s;
    this.tickers.apply(batch.d);
    this.dirty();
  }

  /** The catalogue (ids, symbols, precisions), fetched once if tickers are not watched. */
  private catalog(): Promise<void> {
    if (this.tickers.markets.length > 0 && !this.fromCache) return Promise.resolve();
    this.catalogPromise ??= (async () => {
      if (!this.fetch) return;
      const snapshot = await this.fetch('GET /currency/quotation_new', {});
      if (this.tickers.markets.length === 0 || this.fromCache) {
        const rows: number[] = [];
        for (const group of snapshot.groups) for (const m of group.markets) rows.push(m.id, m.last, m.open, m.high, m.low, m.volume, m.amount);
        this.tickers.reset(this.toMarkets(snapshot.groups), rows);
        this.catalogChanged = true;
        this.fromCache = false;
        this.dirty();
      }
    })().finally(() => {
      this.catalogPromise = null;
    });
    return this.catalogPromise;
  }

  private symbolOf(marketId: number): string | undefined {
    return this.tickers.markets.find((market) => market.id === marketId)?.symbol;
  }

  // --- markets ----------------------------------------------------------------

  watchMarket(marketId: number, watching: boolean): void {
    if (watching) this.acquire(marketId);
    else this.release(marketId);
  }

  private acquire(marketId: number): Watched {
    let watched = this.watched.get(marketId);
    if (watched) {
      watched.refs++;
      return watched;
    }
    watched = {
      refs: 1,
      log: new TradeLog(),
      synced: false,
      buffer: [],
      generation: 0,
      depth: { seq: 0, bids: [], asks: [], dirty: false },
      series: new Map(),
    };
    this.watched.set(marketId, watched);
    if (this.status === 'open') {
      this.link?.subscribe([CHANNELS.trades(marketId), CHANNELS.depth(marketId)]);
      void this.syncMarket(marketId);
    }
    return watched;
  }

  private release(marketId: number): void {
    const watched = this.watched.get(marketId);
    if (!watched || --watched.refs > 0) return;
    for (const [period, series] of watched.series) void this.deps.cache?.saveCandles(marketId, period, series.tail(CACHED_CANDLES)).catch(() => undefined);
    this.watched.delete(marketId);
    this.link?.unsubscribe([CHANNELS.trades(marketId), CHANNELS.depth(marketId)]);
  }

  private async syncMarket(marketId: number): Promise<void> {
    const watched = this.watched.get(marketId);
    if (!watched || !this.fetch) return;
    const generation = ++watched.generation;
    watched.synced = false;
    watched.buffer = [];
    try {
      await this.catalog();
      const symbol = this.symbolOf(marketId);
      if (!symbol) return;
      const [trades, depth] = await Promise.all([this.fetch('GET /market/trades', { symbol }), this.fetch('GET /market/depth', { symbol })]);
      if (generation !== watched.generation || this.watched.get(marketId) !== watched) return;
      watched.log.reset(trades.trades, trades.seq);
      if (depth.seq >= watched.depth.seq) watched.depth = { seq: depth.seq, bids: depth.bids.flat(), asks: depth.asks.flat(), dirty: true };
      watched.synced = true;
      const buffered = watched.buffer;
      watched.buffer = [];
      for (const batch of buffered) this.onTrades(batch);
      for (const period of watched.series.keys()) void this.loadSeries(marketId, period);
      this.dirty();
    } catch {
      if (generation === watched.generation) this.deps.setTimer(() => this.status === 'open' && this.watched.has(marketId) && void this.syncMarket(marketId), RETRY_MS);
    }
  }

  private onTrades(batch: TradeBatch): void {
    const watched = this.watched.get(batch.m);
    if (!watched) return;
    if (!watched.synced) {
      watched.buffer.push(batch);
      return;
    }
    const fit = watched.log.fit(batch);
    if (fit === 'old') return;
    if (fit === 'gap') {
      void this.syncMarket(batch.m);
      return;
    }
    const data = batch.d;
    let last = Number.NaN;
    for (let i = 0, seq = batch.s; i < data.length; i += TRADE_WIDTH, seq++) {
      const time = batch.b + (data[i] as number);
      const price = data[i + 1] as number;
      const quantity = data[i + 2] as number;
      if (!watched.log.add(seq, time, price, quantity, data[i + 3] as number)) continue;
      for (const series of watched.series.values()) series.trade(seq, time, price, quantity);
      last = price;
    }
    if (!Number.isNaN(last)) this.tickers.setLast(batch.m, last);
    this.dirty();
  }

  private onDepth(message: DepthMessage): void {
    const watched = this.watched.get(message.m);
    if (!watched || message.s <= watched.depth.seq) return;
    watched.depth = { seq: message.s, bids: message.b, asks: message.a, dirty: true };
    this.dirty();
  }

  // --- charts -----------------------------------------------------------------

  showChart(chart: { marketId: number; period: Period } | null): void {
    const previous = this.chart;
    this.chart = chart;
    if (chart && previous?.marketId !== chart.marketId) this.acquire(chart.marketId);
    if (previous && previous.marketId !== chart?.marketId) this.release(previous.marketId);
    if (!chart) return;
    const watched = this.watched.get(chart.marketId);
    if (!watched) return;
    const existing = watched.series.get(chart.period);
    if (existing) {
      existing.markReset();
      this.dirty();
      return;
    }
    const series = new CandleSeries(chart.period);
    watched.series.set(chart.period, series);
    void this.deps.cache
      ?.loadCandles(chart.marketId, chart.period)
      .then((rows) => {
        // Cached candles show at once; the snapshot replaces them.
        if (rows && series.length === 0 && series.validSeq === 0) {
          series.load(rows, 0);
          this.dirty();
        }
      })
      .catch(() => undefined);
    if (watched.synced) void this.loadSeries(chart.marketId, chart.period);
  }

  private async loadSeries(marketId: number, period: Period): Promise<void> {
    const watched = this.watched.get(marketId);
    const symbol = this.symbolOf(marketId);
    if (!watched || !symbol || !this.fetch) return;
    const generation = watched.generation;
    try {
      const snapshot = await this.fetch('GET /currency/new_timeshar', { symbol, period });
      const series = watched.series.get(period);
      if (!series || generation !== watched.generation || this.watched.get(marketId) !== watched) return;
      const rows = new Float64Array(snapshot.data.length * CANDLE_WIDTH);
      snapshot.data.forEach((c, i) => rows.set([c.time, c.open, c.high, c.low, c.close, c.volume, c.amount], i * CANDLE_WIDTH));
      series.load(rows, snapshot.seq);
      // Trades that arrived before the snapshot answered, and that it does not include.
      const complete = watched.log.replayAfter(snapshot.seq, (seq, time, price, quantity) => series.trade(seq, time, price, quantity));
      if (!complete) this.deps.setTimer(() => void this.loadSeries(marketId, period), 0);
      if (this.chart?.marketId === marketId && this.chart.period === period) this.saveChart();
      this.dirty();
    } catch {
      if (generation === watched.generation) this.deps.setTimer(() => this.status === 'open' && void this.loadSeries(marketId, period), RETRY_MS);
    }
  }

  private saveChart(): void {
    const chart = this.chart;
    const series = chart ? this.watched.get(chart.marketId)?.series.get(chart.period) : undefined;
    if (chart && series) void this.deps.cache?.saveCandles(chart.marketId, chart.period, series.tail(CACHED_CANDLES)).catch(() => undefined);
  }

  // --- the user's account -------------------------------------------------------

  watchAccount(watching: boolean): void {
    this.accountWatchers = Math.max(0, this.accountWatchers + (watching ? 1 : -1));
    if (watching && this.accountWatchers === 1) {
      this.postedFigures = this.postedSummary = this.postedCountdown = '';
      if (this.status === 'open') void this.syncAccount();
      this.tick();
    }
  }

  private async syncAccount(): Promise<void> {
    if (!this.fetch || this.accountWatchers === 0) return;
    const generation = ++this.accountGeneration;
    try {
      const [positions, options] = await Promise.all([this.fetch('POST /lever/dealall', {}), this.fetch('GET /microtrade/lists', { status: 'open', limit: 50 })]);
      if (generation !== this.accountGeneration) return;
      this.account.reset({ positions: positions.positions, balance: positions.account.balance, liquidationRisk: positions.account.liquidation_risk });
      this.account.resetOptions(options.data);
      this.snapshotPrices = new Map(Object.entries(positions.prices).map(([id, price]) => [Number(id), Number(price)]));
      this.tick();
      this.dirty();
    } catch {
      // Not logged in, or offline: the next (re)connection or event tries again.
    }
  }

  private onUser(event: string, payload: unknown): void {
    if (event === USER_EVENTS.spotOrder) this.orders.push(payload as SpotOrderView);
    if (this.accountWatchers > 0) {
      if (event === USER_EVENTS.position && this.account.onPosition(payload as PositionView) && !this.accountResyncDue) {
        this.accountResyncDue = true;
        this.deps.setTimer(() => {
          this.accountResyncDue = false;
          void this.syncAccount();
        }, ACCOUNT_RESYNC_MS);
      }
      if (event === USER_EVENTS.option) {
        this.account.onOption(payload as OptionView);
        this.tick();
      }
    }
    this.dirty();
  }

  /** While options are open and watched, a frame every second for their countdowns. */
  private tick(): void {
    if (this.ticking || this.accountWatchers === 0 || !this.account.hasOptions) return;
    this.ticking = true;
    this.deps.setTimer(() => {
      this.ticking = false;
      this.dirty();
      this.tick();
    }, 1000);
  }

  private priceOf = (marketId: number): number | undefined => {
    const live = this.tickers.lastOf(marketId);
    return live !== undefined && live > 0 ? live : this.snapshotPrices.get(marketId);
  };

  private accountPatch(): Patch['account'] {
    const patch: NonNullable<Patch['account']> = {};
    if (this.orders.length > 0) {
      patch.orders = this.orders;
      this.orders = [];
    }
    if (this.accountWatchers > 0) {
      const positions = this.account.takePositions();
      if (positions) patch.positions = positions;
      const options = this.account.takeOptions();
      if (options) patch.options = options;
      const settled = this.account.takeSettled();
      if (settled) patch.settled = settled;
      const serverNow = this.deps.now() + this.clockOffset;
      const { rows, summary } = this.account.figures(this.priceOf, serverNow);
      const figures = rows.join(',');
      if (figures !== this.postedFigures) {
        this.postedFigures = figures;
        patch.figures = rows;
      }
      const summaryKey = JSON.stringify(summary);
      if (summaryKey !== this.postedSummary) {
        this.postedSummary = summaryKey;
        patch.summary = summary satisfies AccountSummary;
      }
      const countdown = this.account.countdown(serverNow);
      const countdownKey = countdown.join(',');
      if (countdownKey !== this.postedCountdown) {
        this.postedCountdown = countdownKey;
        patch.countdown = countdown;
      }
    }
    return Object.keys(patch).length > 0 ? patch : undefined;
  }

  // --- frames -----------------------------------------------------------------

  private dirty(): void {
    if (this.frameScheduled) return;
    this.frameScheduled = true;
    this.deps.schedule(() => this.frame());
  }

  private frame(): void {
    this.frameScheduled = false;
    const patch: Patch = {};
    const transfer: ArrayBuffer[] = [];
    if (this.status !== this.postedStatus) patch.status = this.postedStatus = this.status;
    const stale = this.fromCache || (this.watchingTickers && !(this.status === 'open' && this.tickersSynced));
    if (stale !== this.postedStale) patch.stale = this.postedStale = stale;
    if (this.catalogChanged) {
      patch.markets = this.tickers.markets;
      this.catalogChanged = false;
    }
    const tickers = this.tickers.takeDirty();
    if (tickers) {
      patch.tickers = tickers;
      transfer.push(tickers.buffer as ArrayBuffer);
      const now = Date.now();
      if (this.tickersSynced && now - this.lastTickerSave > CACHE_TICKERS_MS) {
        this.lastTickerSave = now;
        void this.deps.cache?.saveTickers(this.tickers.markets, this.tickers.all()).catch(() => undefined);
      }
    }
    if (this.chart) {
      const series = this.watched.get(this.chart.marketId)?.series.get(this.chart.period);
      const change = series?.takePatch();
      if (change) {
        patch.chart = { marketId: this.chart.marketId, period: this.chart.period, ...change };
        transfer.push(change.candles.buffer as ArrayBuffer);
      }
    }
    for (const [marketId, watched] of this.watched) {
      if (watched.depth.dirty) {
        watched.depth.dirty = false;
        const bids = Float64Array.from(watched.depth.bids);
        const asks = Float64Array.from(watched.depth.asks);
        (patch.depth ??= []).push({ marketId, bids, asks });
        transfer.push(bids.buffer, asks.buffer);
      }
      const recent = watched.log.takeRecent();
      if (recent) {
        (patch.trades ??= []).push({ marketId, ...recent });
        transfer.push(recent.rows.buffer as ArrayBuffer);
      }
    }
    const account = this.accountPatch();
    if (account) {
      patch.account = account;
      if (account.figures) transfer.push(account.figures.buffer as ArrayBuffer);
      if (account.countdown) transfer.push(account.countdown.buffer as ArrayBuffer);
    }
    if (Object.keys(patch).length > 0) this.deps.post(patch, transfer);
  }
}

