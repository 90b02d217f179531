import type { ApiOutput } from '../contract/api';
import { USER_EVENTS } from '../contract/realtime';
import type { AccountPatch, AccountSummary, OptionView, PositionView, SpotOrderView } from '../contract/worker-api';
import type { AccountBook } from './account';
import { ChannelSync } from './channel-sync';
import type { CoreHost } from './host';

interface AccountSnapshot {
  positions: ApiOutput<'POST /lever/dealall'>;
  options: ApiOutput<'GET /microtrade/lists'>;
  /** the book they go into, made with the first snapshot */
  book: AccountBook;
}

interface UserEvent {
  event: string;
  payload: unknown;
}

/** After a position event the account is fetched again (its balance moved), once events settle. */
const ACCOUNT_RESYNC_MS = 300;

/**
 * The logged-in user's private events and the account they change: positions and
 * options from a REST snapshot, then the events (which carry no sequence, so a
 * reconnect takes a new snapshot), valued at live prices for every frame.
 */
export class AccountChannel {
  /**
   * Made with the first account snapshot: its decimal arithmetic (decimal.js, a third of
   * the worker) is fetched then, so a visitor's worker, on the first price's path, is without it.
   */
  private book: AccountBook | null = null;
  private readonly sync: ChannelSync<UserEvent, AccountSnapshot>;
  private watchers = 0;
  private snapshotPrices = new Map<number, number>();
  private orders: SpotOrderView[] = [];
  private postedFigures = '';
  private postedSummary = '';
  private postedCountdown = '';
  private ticking = false;

  constructor(
    private readonly host: CoreHost,
    /** the live last price of a market, if known */
    private readonly livePrice: (marketId: number) => number | undefined,
  ) {
    this.sync = new ChannelSync<UserEvent, AccountSnapshot>(
      {
        load: async () => {
          const [positions, options, { AccountBook }] = await Promise.all([
            host.fetch('POST /lever/dealall', {}),
            host.fetch('GET /microtrade/lists', { status: 'open', limit: 50 }),
            import('./account'),
          ]);
          return { positions, options, book: (this.book ??= new AccountBook()) };
        },
        reset: ({ positions, options, book }) => {
          book.reset({ positions: positions.positions, balance: positions.account.balance, liquidationRisk: positions.account.liquidation_risk });
          book.resetOptions(options.data);
          this.snapshotPrices = new Map(Object.entries(positions.prices).map(([id, price]) => [Number(id), Number(price)]));
          return 0;
        },
        apply: ({ event, payload }) => {
          // Events are applied only after a snapshot, which made the book.
          if (!this.book) return;
          if (event === USER_EVENTS.position && this.book.onPosition(payload as PositionView)) this.sync.resyncAfter(ACCOUNT_RESYNC_MS);
          if (event === USER_EVENTS.option) {
            this.book.onOption(payload as OptionView);
            this.tick();
          }
        },
        synced: () => {
          this.tick();
          host.dirty();
        },
        wanted: () => this.watchers > 0,
        // No retryMs: not logged in, or offline, the next (re)connection or event tries again.
      },
      host,
    );
  }

  watch(watching: boolean): void {
    this.watchers = Math.max(0, this.watchers + (watching ? 1 : -1));
    if (watching && this.watchers === 1) {
      this.postedFigures = this.postedSummary = this.postedCountdown = '';
      if (this.host.online()) void this.sync.sync();
      this.tick();
    }
  }

  /** A (re)connected socket may have missed events: a new snapshot, if the account is watched. */
  connected(): void {
    void this.sync.sync();
  }

  /** Another user, or none: nothing of the last one's account may stay on screen. */
  newSession(): void {
    this.sync.cancel();
    this.book?.reset({ positions: [], balance: '0', liquidationRisk: '0.2' });
    this.book?.resetOptions([]);
  }

  /** A private event of the user (USER_EVENTS). */
  receive(event: string, payload: unknown): void {
    if (event === USER_EVENTS.spotOrder) this.orders.push(payload as SpotOrderView);
    if (this.watchers > 0) this.sync.receive({ event, payload });
  }

  /** While options are open and watched, a frame every second for their countdowns. */
  private tick(): void {
    if (this.ticking || this.watchers === 0 || !this.book?.hasOptions) return;
    this.ticking = true;
    this.host.setTimer(() => {
      this.ticking = false;
      this.host.dirty();
      this.tick();
    }, 1000);
  }

  private priceOf = (marketId: number): number | undefined => {
    const live = this.livePrice(marketId);
    return live !== undefined && live > 0 ? live : this.snapshotPrices.get(marketId);
  };

  /** What changed since the last frame; `serverNow` is the exchange's clock (countdowns, overnight fees). */
  patch(serverNow: number): AccountPatch | undefined {
    const patch: AccountPatch = {};
    if (this.orders.length > 0) {
      patch.orders = this.orders;
      this.orders = [];
    }
    if (this.watchers > 0 && this.book) {
      const positions = this.book.takePositions();
      if (positions) patch.positions = positions;
      const options = this.book.takeOptions();
      if (options) patch.options = options;
      const settled = this.book.takeSettled();
      if (settled) patch.settled = settled;
      const { rows, summary } = this.book.figures(this.priceOf, serverNow);
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
      const countdown = this.book.countdown(serverNow);
      const countdownKey = countdown.join(',');
      if (countdownKey !== this.postedCountdown) {
        this.postedCountdown = countdownKey;
        patch.countdown = countdown;
      }
    }
    return Object.keys(patch).length > 0 ? patch : undefined;
  }
}
