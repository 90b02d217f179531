import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AccountKind } from '../ledger/accounts';
import type { Catalogue } from './catalogue';
import type { Trade, UserFill } from '../market/engine';
import type { EventOf, ExchangeEvent } from './events';

/**
 * One step of the exchange: everything one request or job does to the books, the
 * positions and the ledger, and everything the settlement handlers do in reaction, in one
 * database transaction at one moment of the exchange's clock. Desks take the step they
 * are given and never enter the queue themselves (Exchange.run refuses a nested call).
 *
 * In-memory state a step changes (live positions, open options) is changed through
 * `keep`, so a step that fails leaves it as it was; the order books change only when the
 * step commits (`changeBook`), so a failed step leaves them as they were too.
 */
export interface Step {
  /** the step's database transaction: every read and write of the step goes through it */
  readonly trx: Kysely<Database>;
  /** the exchange's clock at the step (never behind the latest trade) */
  readonly time: number;
  /** currencies, networks and markets */
  readonly catalogue: Catalogue;
  /** tells the step's handlers, and after the commit the bus, what changed */
  raise(event: ExchangeEvent): void;
  /** a user's balance changed (the ledger calls this; published once per account after the commit) */
  balanceChanged(userId: number, currency: number, kind: AccountKind): void;
  /** trades the step makes (previewed before its book change is made at the commit) */
  traded(marketId: number, trades: readonly Trade[]): void;
  /**
   * A change to a market's order book, made once the step commits; the step already
   * settled the fills previewed for it. One per market and step: a second preview would
   * not see the first change.
   */
  changeBook(marketId: number, change: () => void): void;
  /** sets (or, with undefined, deletes) an entry of an in-memory map; undone if the step fails */
  keep<K, V>(map: Map<K, V>, key: K, value: V | undefined): void;
}

/** A market's trades printed or previewed during a step: its batches, in sequence order. */
type Batches = Map<number, (readonly Trade[])[]>;

/** What the market printed into a step: each market's trade batches, and the fills of users' resting orders. */
export interface Printed {
  readonly batches: readonly (readonly [number, readonly (readonly Trade[])[]])[];
  readonly fills: readonly UserFill[];
}

/** The step as the exchange runs it: what the desks see, plus the event queue and the commit. */
export class StepState implements Step {
  private readonly pending: ExchangeEvent[] = [];
  private readonly events: ExchangeEvent[] = [];
  private readonly balances = new Map<string, EventOf<'balance'>>();
  private readonly books = new Map<number, () => void>();
  private readonly undo: (() => void)[] = [];
  private batches: Batches = new Map();
  private fills: UserFill[] = [];
  /** the markets whose books or trades the step changed: fenced before it commits (several processes) */
  readonly markets = new Set<number>();

  constructor(
    readonly trx: Kysely<Database>,
    readonly time: number,
    readonly catalogue: Catalogue,
  ) {}

  raise(event: ExchangeEvent): void {
    this.pending.push(event);
    this.events.push(event);
  }

  balanceChanged(userId: number, currency: number, kind: AccountKind): void {
    const key = `${userId}:${currency}:${kind}`;
    if (!this.balances.has(key)) this.balances.set(key, { kind: 'balance', userId, currency, account: kind });
  }

  traded(marketId: number, trades: readonly Trade[]): void {
    if (trades.length === 0) return;
    this.markets.add(marketId);
    const batches = this.batches.get(marketId);
    if (batches) batches.push(trades);
    else this.batches.set(marketId, [trades]);
  }

  /** Fills of users' resting orders by the market's flow (the engine reports them). */
  filled(fills: readonly UserFill[]): void {
    this.fills.push(...fills);
  }

  changeBook(marketId: number, change: () => void): void {
    if (this.books.has(marketId)) throw new Error(`market ${marketId}'s book changes once per step`);
    this.markets.add(marketId);
    this.books.set(marketId, change);
  }

  keep<K, V>(map: Map<K, V>, key: K, value: V | undefined): void {
    const had = map.has(key);
    const before = map.get(key);
    this.undo.push(() => {
      if (had) map.set(key, before as V);
      else map.delete(key);
    });
    if (value === undefined) map.delete(key);
    else map.set(key, value);
  }

  /**
   * The next event for the handlers: what was raised first, then the market's fills and
   * trades gathered since the last call (fills before trades: spot orders are settled
   * before contracts and options look at the prices).
   */
  next(): ExchangeEvent | undefined {
    if (this.pending.length === 0) {
      if (this.fills.length > 0) {
        this.raise({ kind: 'fills', fills: this.fills });
        this.fills = [];
      }
      if (this.batches.size > 0) {
        // A market prints one batch per step but for a rare second book change: joined only then.
        this.raise({ kind: 'trades', batches: [...this.batches].map(([marketId, batches]) => ({ marketId, trades: batches.length === 1 ? (batches[0] ?? []) : batches.flat() })) });
        this.batches = new Map();
      }
    }
    return this.pending.shift();
  }

  /**
   * What the market printed into this step so far (a source batch's trades and the users'
   * fills they made): kept by a source step, whose books moved already, so that running
   * its settlement again after a refused transaction settles these same prints.
   */
  printed(): Printed {
    return { batches: [...this.batches].map(([marketId, batches]) => [marketId, [...batches]] as const), fills: [...this.fills] };
  }

  /** A source step run again: the prints of its first run, not a second move of the books. */
  reprint({ batches, fills }: Printed): void {
    for (const [marketId, trades] of batches) for (const batch of trades) this.traded(marketId, batch);
    this.filled(fills);
  }

  /** After the database committed: the books change, and the events to publish, balances last. */
  committed(): ExchangeEvent[] {
    for (const change of this.books.values()) change();
    return [...this.events, ...this.balances.values()];
  }

  /** After the transaction rolled back: in-memory state as it was before the step. */
  rolledBack(): void {
    for (let i = this.undo.length - 1; i >= 0; i--) this.undo[i]?.();
  }
}
