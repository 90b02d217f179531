import type { ApiOutput } from '../contract/api';
import type { TickerBatch } from '../contract/realtime';
import type { MarketInfo, Patch } from '../contract/worker-api';
import { ChannelSync } from './channel-sync';
import { RETRY_MS, type CoreHost } from './host';
import { TickerTable } from './tickers';

type Quotations = ApiOutput<'GET /currency/quotation_new'>;

const CACHE_TICKERS_MS = 5000;
const CATALOG_REFRESH_MS = 60_000;

/**
 * The "tickers" channel: the 24h figures of every market, and the catalogue (ids,
 * symbols, precisions) their snapshot comes with. Batches are numbered one by one.
 */
export class TickersChannel {
  readonly table = new TickerTable();
  watching = false;
  readonly sync: ChannelSync<TickerBatch, Quotations>;
  private catalogChanged = false;
  private catalogPromise: Promise<void> | null = null;
  /** markets whose exchange stream is lost (MARKET=live): from the snapshot, then each batch's `x` */
  private staleMarkets = new Set<number>();
  private staleChanged = false;
  /** the figures shown come from the device's cache, not from the server yet */
  private fromCache = false;
  private lastSave = 0;

  constructor(private readonly host: CoreHost) {
    this.sync = new ChannelSync<TickerBatch, Quotations>(
      {
        span: { first: (batch) => batch.s, last: (batch) => batch.s },
        load: () => host.fetch('GET /currency/quotation_new', {}),
        reset: (snapshot) => {
          this.adopt(snapshot);
          return snapshot.seq;
        },
        apply: (batch) => {
          // Batches buffered before the tickers were closed are not shown.
          if (!this.watching) return;
          // A market listed since the snapshot (an IEO token): the list is fetched again, at most once a minute.
          if (this.table.apply(batch.d)) this.refreshCatalog();
          // Every batch lists the stale markets while any is: one without `x` means none is.
          this.setStale(batch.x ?? []);
          host.dirty();
        },
        synced: () => host.dirty(),
        wanted: () => this.watching,
        retryMs: RETRY_MS,
      },
      host,
    );
  }

  /** The last tickers kept on the device, shown (as stale) until the server answers. */
  showCached(cached: { markets: MarketInfo[]; rows: Float64Array }): void {
    if (this.table.markets.length > 0) return;
    this.table.reset(cached.markets, cached.rows);
    this.catalogChanged = true;
    this.fromCache = true;
    this.host.dirty();
  }

  receive(batch: TickerBatch): void {
    if (this.watching) this.sync.receive(batch);
  }

  private adopt(snapshot: Quotations): void {
    const rows: number[] = [];
    for (const group of snapshot.groups) for (const m of group.markets) rows.push(m.id, m.last, m.open, m.high, m.low, m.volume, m.amount);
    this.table.reset(toMarkets(snapshot.groups), rows);
    this.catalogChanged = true;
    this.fromCache = false;
    this.setStale(snapshot.groups.flatMap((group) => group.markets.filter((m) => m.stale).map((m) => m.id)));
  }

  private setStale(ids: readonly number[]): void {
    if (ids.length === this.staleMarkets.size && ids.every((id) => this.staleMarkets.has(id))) return;
    this.staleMarkets = new Set(ids);
    this.staleChanged = true;
  }

  private refreshing = false;

  private refreshCatalog(): void {
    if (this.refreshing) return;
    this.refreshing = true;
    this.host
      .fetch('GET /currency/quotation_new', {})
      .then((snapshot) => {
        // Ticker rows are whole figures, not changes: the newer snapshot replaces the table.
        this.adopt(snapshot);
        this.host.dirty();
      })
      .catch(() => undefined)
      .finally(() => setTimeout(() => (this.refreshing = false), CATALOG_REFRESH_MS));
  }

  /** The catalogue, fetched once if the tickers are not watched (a market screen opened directly). */
  catalog(): Promise<void> {
    if (this.table.markets.length > 0 && !this.fromCache) return Promise.resolve();
    this.catalogPromise ??= (async () => {
      const snapshot = await this.host.fetch('GET /currency/quotation_new', {});
      if (this.table.markets.length === 0 || this.fromCache) {
        this.adopt(snapshot);
        this.host.dirty();
      }
    })().finally(() => {
      this.catalogPromise = null;
    });
    return this.catalogPromise;
  }

  symbolOf(marketId: number): string | undefined {
    return this.table.markets.find((market) => market.id === marketId)?.symbol;
  }

  /** Whether the figures on screen may be old: from the cache, or not live while watched. */
  stale(online: boolean): boolean {
    return this.fromCache || (this.watching && !(online && this.sync.synced));
  }

  patchInto(patch: Patch, transfer: ArrayBuffer[]): void {
    if (this.catalogChanged) {
      patch.markets = this.table.markets;
      this.catalogChanged = false;
    }
    if (this.staleChanged) {
      patch.staleMarkets = [...this.staleMarkets];
      this.staleChanged = false;
    }
    const tickers = this.table.takeDirty();
    if (!tickers) return;
    patch.tickers = tickers;
    transfer.push(tickers.buffer as ArrayBuffer);
    const now = Date.now();
    if (this.sync.synced && now - this.lastSave > CACHE_TICKERS_MS) {
      this.lastSave = now;
      void this.host.cache?.saveTickers(this.table.markets, this.table.all()).catch(() => undefined);
    }
  }
}

function toMarkets(groups: Quotations['groups']): MarketInfo[] {
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
      feed: m.feed,
    })),
  );
}
