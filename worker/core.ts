import type { ApiInput, ApiOutput } from '../contract/api';
import { CHANNELS, USER_EVENTS, type AuctionLive, type DepthMessage, type TickerBatch, type TradeBatch } from '../contract/realtime';
import type { ChartIndicators } from '../contract/chart-settings';
import type { AlertFiringView, ChartView, ChatMessageView, ConnectionStatus, CoreApi, CoreConfig, Fetcher, Patch, SnapshotRoute } from '../contract/worker-api';
import { AccountChannel } from './account-channel';
import type { CoreCache } from './cache';
import type { IndicatorTrack } from './chart-indicators';
import type { CoreHost } from './host';
import { MarketChannel } from './market-channel';
import { TickersChannel } from './tickers-channel';

export interface LinkEvents {
  status(status: ConnectionStatus): void;
  tickers(batch: TickerBatch): void;
  trades(batch: TradeBatch): void;
  depth(message: DepthMessage): void;
  /** a private event of the logged-in user (USER_EVENTS) */
  user(event: string, payload: unknown): void;
  /** an NFT auction after a bid or at its close */
  auction(live: AuctionLive): void;
  /** a message in a language's public chat room */
  chat(message: ChatMessageView): void;
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

const marketChannels = (marketId: number) => [CHANNELS.trades(marketId), CHANNELS.depth(marketId)];
/** The socket channel of a chat room: a public room's; an order's room comes with the user's private events. */
const chatChannel = (room: string): string | null => (room.startsWith('lang:') ? CHANNELS.chat(room.slice(5)) : null);

/**
 * The realtime core. It owns the socket and composes the channels: the tickers, each
 * watched market (trades, depth, candles) and the user's account, each kept in
 * sequence by a ChannelSync (worker/channel-sync.ts). It posts what changed at most
 * once per animation frame.
 */
export class Core implements Omit<CoreApi, 'start'> {
  private link: Link | null = null;
  private fetcher: Fetcher | null = null;
  private status: ConnectionStatus = 'closed';
  private postedStatus: ConnectionStatus | null = null;
  private postedStale: boolean | null = null;
  private frameScheduled = false;
  private chart: ChartView | null = null;
  /**
   * The chart's indicators, following its candles. Their code (the indicators' math) is
   * loaded when a chart first shows one, so a visitor's first price does not wait for it.
   */
  private track: IndicatorTrack | null = null;
  private trackCode: Promise<typeof import('./chart-indicators')> | null = null;
  /** server clock minus device clock: a phone's clock can be off by minutes */
  private clockOffset = 0;
  private postedClock = 0;

  private readonly host: CoreHost;
  private readonly tickers: TickersChannel;
  private readonly markets = new Map<number, MarketChannel>();
  /** NFT auctions watched: sale id -> screens watching it */
  private readonly auctions = new Map<number, number>();
  /** auction figures come since the last frame */
  private readonly auctionNews = new Map<number, AuctionLive>();
  /** chat rooms watched: room -> screens watching it */
  private readonly chats = new Map<string, number>();
  /** messages come since the last frame, in the rooms watched */
  private chatNews: ChatMessageView[] = [];
  /** the user's price alerts that fired since the last frame */
  private alertNews: AlertFiringView[] = [];
  private readonly account: AccountChannel;

  constructor(private readonly deps: CoreDeps) {
    this.host = {
      fetch: <R extends SnapshotRoute>(route: R, input: ApiInput<R>): Promise<ApiOutput<R>> => (this.fetcher ? this.fetcher(route, input) : Promise.reject(new Error('the core has not begun'))),
      setTimer: (callback, ms) => deps.setTimer(callback, ms),
      online: () => this.status === 'open',
      dirty: () => this.dirty(),
      cache: deps.cache,
    };
    this.tickers = new TickersChannel(this.host);
    this.account = new AccountChannel(this.host, (marketId) => this.tickers.table.lastOf(marketId));
  }

  async begin(config: CoreConfig, fetcher: Fetcher): Promise<void> {
    this.fetcher = fetcher;
    const cached = await this.deps.cache?.loadTickers().catch(() => null);
    if (cached) this.tickers.showCached(cached);
    this.link = this.deps.link({
      status: (status) => this.onStatus(status),
      tickers: (batch) => this.tickers.receive(batch),
      trades: (batch) => this.markets.get(batch.m)?.sync.receive(batch),
      depth: (message) => this.markets.get(message.m)?.receiveDepth(message),
      user: (event, payload) => {
        if (event === USER_EVENTS.otcChat) this.onChat(payload as ChatMessageView);
        else if (event === USER_EVENTS.alert) this.alertNews.push(payload as AlertFiringView);
        else this.account.receive(event, payload);
        this.dirty();
      },
      chat: (message) => this.onChat(message),
      clock: (offset) => {
        this.clockOffset = offset;
        this.dirty();
      },
      auction: (live) => {
        if (!this.auctions.has(live.id)) return;
        this.auctionNews.set(live.id, live);
        this.dirty();
      },
    });
    this.status = 'opening';
    this.dirty();
    this.link.open(config.token);
    // The first screen's prices come from the list fetched now, not after the screen has
    // rendered and asked (watchTickers); they go live once the socket is open.
    if (config.quotesFirst) void this.tickers.catalog().catch(() => undefined);
  }

  setToken(token: string | null): void {
    this.link?.setToken(token);
    this.account.newSession();
    // The last user's alerts are theirs: none reaches the next one's screen.
    this.alertNews = [];
    this.dirty();
  }

  setNetwork(online: boolean): void {
    if (online) this.link?.resume();
    else this.link?.pause();
  }

  private onStatus(status: ConnectionStatus): void {
    this.status = status;
    if (status === 'open') {
      // A (re)connected socket is in no room yet, and may have missed anything.
      const channels: string[] = this.tickers.watching ? [CHANNELS.tickers] : [];
      for (const marketId of this.markets.keys()) channels.push(...marketChannels(marketId));
      // An auction missed while away is read again over REST by its screen (it watches the status).
      for (const saleId of this.auctions.keys()) channels.push(CHANNELS.auction(saleId));
      // Messages missed while away are read again over REST by the room's screen (it watches the status).
      for (const room of this.chats.keys()) {
        const channel = chatChannel(room);
        if (channel) channels.push(channel);
      }
      this.link?.subscribe(channels);
      void this.tickers.sync.sync();
      for (const market of this.markets.values()) void market.sync.sync();
      this.account.connected();
    } else {
      this.tickers.sync.pause();
      for (const market of this.markets.values()) market.sync.pause();
    }
    this.dirty();
  }

  watchTickers(watching: boolean): void {
    if (watching === this.tickers.watching) return;
    this.tickers.watching = watching;
    if (!watching) {
      this.link?.unsubscribe([CHANNELS.tickers]);
      this.tickers.sync.pause();
      return;
    }
    if (this.status === 'open') {
      this.link?.subscribe([CHANNELS.tickers]);
      void this.tickers.sync.sync();
    } else {
      // The socket is still opening: the first prices come from the snapshot now, and
      // go live from the sync when it opens.
      void this.tickers.catalog().catch(() => undefined);
    }
  }

  watchMarket(marketId: number, watching: boolean): void {
    if (watching) this.acquire(marketId);
    else this.release(marketId);
  }

  private acquire(marketId: number): void {
    const watched = this.markets.get(marketId);
    if (watched) {
      watched.refs++;
      return;
    }
    const market = new MarketChannel(marketId, this.host, this.tickers, (period) => this.chart?.marketId === marketId && this.chart.period === period);
    this.markets.set(marketId, market);
    if (this.status === 'open') {
      this.link?.subscribe(marketChannels(marketId));
      void market.sync.sync();
    }
  }

  private release(marketId: number): void {
    const market = this.markets.get(marketId);
    if (!market || --market.refs > 0) return;
    market.close();
    this.markets.delete(marketId);
    this.link?.unsubscribe(marketChannels(marketId));
  }

  showChart(chart: ChartView | null): void {
    const previous = this.chart;
    this.chart = chart;
    this.followIndicators(chart?.indicators ?? null);
    // The same candles with other indicators: only the indicators are sent again.
    if (chart && previous?.marketId === chart.marketId && previous.period === chart.period) return;
    if (chart && previous?.marketId !== chart.marketId) this.acquire(chart.marketId);
    if (previous && previous.marketId !== chart?.marketId) this.release(previous.marketId);
    if (chart) this.markets.get(chart.marketId)?.showSeries(chart.period);
  }

  /** A new track for the chart's indicators (computed whole at the next frame), once their code is in. */
  private followIndicators(shown: ChartIndicators | null): void {
    this.track = null;
    if (!shown || shown.overlays.length + shown.panes.length === 0) return;
    const code = (this.trackCode ??= import('./chart-indicators'));
    code.then(
      ({ IndicatorTrack }) => {
        // Still the indicators on screen (not changed again while the code loaded).
        if (this.chart?.indicators !== shown) return;
        this.track = new IndicatorTrack(shown);
        this.dirty();
      },
      () => {
        // Not loaded (offline): the next showChart tries again.
        this.trackCode = null;
      },
    );
  }

  watchAccount(watching: boolean): void {
    this.account.watch(watching);
  }

  watchAuction(saleId: number, watching: boolean): void {
    const refs = (this.auctions.get(saleId) ?? 0) + (watching ? 1 : -1);
    if (refs > 0) {
      if (!this.auctions.has(saleId) && this.status === 'open') this.link?.subscribe([CHANNELS.auction(saleId)]);
      this.auctions.set(saleId, refs);
      return;
    }
    if (!this.auctions.has(saleId)) return;
    this.auctions.delete(saleId);
    this.auctionNews.delete(saleId);
    this.link?.unsubscribe([CHANNELS.auction(saleId)]);
  }

  watchChat(room: string, watching: boolean): void {
    const refs = (this.chats.get(room) ?? 0) + (watching ? 1 : -1);
    const channel = chatChannel(room);
    if (refs > 0) {
      if (!this.chats.has(room) && channel && this.status === 'open') this.link?.subscribe([channel]);
      this.chats.set(room, refs);
      return;
    }
    if (!this.chats.has(room)) return;
    this.chats.delete(room);
    this.chatNews = this.chatNews.filter((message) => message.room !== room);
    if (channel) this.link?.unsubscribe([channel]);
  }

  private onChat(message: ChatMessageView): void {
    if (!this.chats.has(message.room)) return;
    this.chatNews.push(message);
    this.dirty();
  }

  // --- frames -----------------------------------------------------------------

  private dirty(): void {
    if (this.frameScheduled) return;
    this.frameScheduled = true;
    this.deps.schedule(() => this.frame());
  }

  /** Everything that changed since the last frame, as one patch. */
  private frame(): void {
    this.frameScheduled = false;
    const patch: Patch = {};
    const transfer: ArrayBuffer[] = [];
    if (this.status !== this.postedStatus) patch.status = this.postedStatus = this.status;
    const stale = this.tickers.stale(this.status === 'open');
    if (stale !== this.postedStale) patch.stale = this.postedStale = stale;
    this.tickers.patchInto(patch, transfer);
    if (this.chart) {
      const { marketId, period } = this.chart;
      const series = this.markets.get(marketId)?.seriesOf(period);
      const change = series?.takePatch() ?? null;
      // The indicators move with the candles: the open candle's row each tick, every row on a reset.
      const values = series && this.track ? this.track.follow(series, change) : null;
      if (change || values) {
        const candles = change?.candles ?? new Float64Array(0);
        patch.chart = { marketId, period, reset: change?.reset ?? false, candles };
        transfer.push(candles.buffer as ArrayBuffer);
        if (values && this.track) {
          patch.chart.indicators = { key: this.track.key, ...values };
          transfer.push(values.rows.buffer as ArrayBuffer);
        }
      }
    }
    for (const market of this.markets.values()) market.patchInto(patch, transfer);
    const account = this.account.patch(this.deps.now() + this.clockOffset);
    if (account) {
      patch.account = account;
      if (account.figures) transfer.push(account.figures.buffer as ArrayBuffer);
      if (account.countdown) transfer.push(account.countdown.buffer as ArrayBuffer);
    }
    if (this.clockOffset !== this.postedClock) patch.clock = this.postedClock = this.clockOffset;
    if (this.auctionNews.size > 0) {
      patch.auctions = [...this.auctionNews.values()];
      this.auctionNews.clear();
    }
    if (this.chatNews.length > 0) {
      patch.chat = this.chatNews;
      this.chatNews = [];
    }
    if (this.alertNews.length > 0) {
      patch.alerts = this.alertNews;
      this.alertNews = [];
    }
    if (Object.keys(patch).length > 0) this.deps.post(patch, transfer);
  }
}
