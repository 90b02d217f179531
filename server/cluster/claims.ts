import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../db/database';
import { storeOf } from '../db/dialect';

/**
 * Who runs each market's engine when the exchange runs as several processes on one
 * PostgreSQL database (issue 22; ARCHITECTURE.md "Storage and processes").
 *
 * - A process is a member while its own database session holds a member lock
 *   (`pg_advisory_lock(MEMBERS, <its key>)`); PostgreSQL drops the session's locks the
 *   moment the session ends, so a process killed with `kill -9` stops being a member at
 *   once, and the members are counted from `pg_locks`, not from heartbeats.
 * - Each market has one owner at a time: the member whose session holds
 *   `pg_advisory_lock(MARKETS, <market id>)`. Every member claims up to its share
 *   (markets divided by members, rounded up), trying the free markets in an order of its
 *   own so that members starting together spread; a member over its share (another one
 *   joined) gives markets back, stopping their engines before it lets go.
 * - A claim raises the market's epoch in `market_claims` (the fencing number). The
 *   owner's steps call `fence(trx, market, epoch)` before they write: it reads the epoch
 *   `FOR SHARE`, so a claim waits for a step in progress to commit, and a step of a
 *   process that lost the market (its session gone, its process paused) is refused.
 *
 * - A member looks every `pollMs` on its session; one whose session has been idle for
 *   `quietMs` (a paused or hung process, whose connection stays open) has its session
 *   ended by the others, which frees its markets.
 *
 * The locks live on one session of their own (`pg.Client`, named after the member in
 * `application_name`), never on the query pool, whose connections come and go.
 */
const MEMBERS = 0x4b53_0001;
const MARKETS = 0x4b53_0002;

export interface Claim {
  market: number;
  epoch: number;
}

export interface ClaimOptions {
  /** the PostgreSQL database, as DATABASE_URL */
  url: string;
  /** this process, as it appears in market_claims.owner and pg_stat_activity */
  owner: string;
  /** every market of the exchange */
  markets: readonly number[];
  /** this process now runs the market: load its state, start its engine */
  claimed(claim: Claim): Promise<void> | void;
  /** this process must stop writing the market (given back, or its session is gone) */
  lost(market: number): Promise<void> | void;
  /** how often a member looks for markets to claim or give back */
  pollMs?: number;
  /** a member whose session has been silent this long is taken for hung, and its session ended */
  quietMs?: number;
  now?: () => number;
  /** what went wrong in the background (a lost session, a failed claim) */
  report?: (error: unknown) => void;
}

/** A step of a process that does not hold the market's claim any more. */
export class FencedOut extends Error {
  constructor(
    readonly market: number,
    readonly epoch: number,
    readonly current: number | null,
  ) {
    super(`market ${market}: this process's claim (epoch ${epoch}) was taken over (epoch ${current ?? 'none'}); it may not write`);
  }
}

/**
 * Refuses the step unless `epoch` is still the market's claim. Call it in the step's
 * transaction before anything of the market is written; on PostgreSQL it holds the claim
 * row FOR SHARE until the step ends, so a takeover waits for the step, then sees what it wrote.
 */
export async function fence(trx: Db, market: number, epoch: number): Promise<void> {
  const query = trx.selectFrom('market_claims').select('epoch').where('market_id', '=', market);
  const row = await (storeOf(trx as Kysely<unknown>) === 'postgres' ? query.forShare() : query).executeTakeFirst();
  const current = row ? Number(row.epoch) : null;
  if (current !== epoch) throw new FencedOut(market, epoch, current);
}

/** Raises the market's epoch for a new owner; answers the new epoch. Waits for a step in progress of the old owner. */
export async function raiseEpoch(db: Db, market: number, owner: string, now: number): Promise<number> {
  const row = await db
    .insertInto('market_claims')
    .values({ market_id: market, epoch: 1, owner, claimed_at: now })
    .onConflict((conflict) => conflict.column('market_id').doUpdateSet({ epoch: sql<number>`market_claims.epoch + 1`, owner, claimed_at: now }))
    .returning('epoch')
    .executeTakeFirstOrThrow();
  return Number(row.epoch);
}

export class MarketClaims {
  private session: pg.Client | null = null;
  private readonly owned = new Map<number, number>();
  private readonly order: number[];
  private readonly markets: number[];
  private timer: ReturnType<typeof setInterval> | undefined;
  private ticking: Promise<void> = Promise.resolve();
  private stopped = false;
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    private readonly options: ClaimOptions,
  ) {
    this.now = options.now ?? Date.now;
    // Members try the free markets in orders of their own, so that a cluster starting at once spreads.
    const rank = (market: number) => crypto.createHash('sha256').update(`${options.owner}:${market}`).digest().readUInt32BE(0);
    this.markets = [...options.markets];
    this.order = [...options.markets].sort((a, b) => rank(a) - rank(b));
  }

  /** A market listed while running (an IEO's token): claimed like the others from the next look. */
  add(market: number): void {
    if (!this.order.includes(market)) this.order.push(market);
    if (!this.markets.includes(market)) this.markets.push(market);
  }

  /** The markets this process runs now, with their epochs. */
  get claims(): ReadonlyMap<number, number> {
    return this.owned;
  }

  async start(): Promise<void> {
    await this.tick();
    this.timer = setInterval(() => {
      this.ticking = this.ticking.then(() => this.tick()).catch((error: unknown) => this.options.report?.(error));
    }, this.options.pollMs ?? 250);
  }

  /** Gives every market back (their engines stopped first) and leaves the cluster. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.ticking.catch(() => undefined);
    for (const market of [...this.owned.keys()]) await this.giveBack(market);
    await this.session?.end().catch(() => undefined);
    this.session = null;
  }

  /** One look: join if not a member, then claim up to this member's share or give back what is over it. */
  private async tick(): Promise<void> {
    if (this.stopped) return;
    const session = this.session ?? (await this.join());
    // A member that stopped looking (a paused or hung process) keeps its connection, and so
    // its locks: its session is ended, which frees its markets; its steps are fenced off.
    await session.query(
      "select pg_terminate_backend(a.pid) from pg_locks l join pg_stat_activity a on a.pid = l.pid where l.locktype = 'advisory' and l.classid = $1 and l.granted and a.pid <> pg_backend_pid() and a.state = 'idle' and a.state_change < clock_timestamp() - make_interval(secs => $2)",
      [MEMBERS, (this.options.quietMs ?? 1_500) / 1000],
    );
    const members = Number(
      (
        await session.query<{ n: string }>(
          "select count(*) as n from pg_locks where locktype = 'advisory' and classid = $1 and granted and database = (select oid from pg_database where datname = current_database())",
          [MEMBERS],
        )
      ).rows[0]?.n ?? 1,
    );
    const share = Math.ceil(this.markets.length / Math.max(1, members));
    for (const market of [...this.owned.keys()].reverse()) {
      if (this.owned.size <= share) break;
      await this.giveBack(market);
    }
    for (const market of this.order) {
      if (this.owned.size >= share || this.stopped) break;
      if (this.owned.has(market)) continue;
      const taken = (await session.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [MARKETS, market])).rows[0]?.ok === true;
      if (!taken) continue;
      const epoch = await raiseEpoch(this.db, market, this.options.owner, this.now());
      this.owned.set(market, epoch);
      await this.options.claimed({ market, epoch });
    }
  }

  /** A session of this member's own, holding its member lock (and then its markets' locks). */
  private async join(): Promise<pg.Client> {
    const session = new pg.Client({ connectionString: this.options.url, application_name: this.options.owner.slice(0, 63) });
    // The session is gone (the database restarted, the connection was cut): so are its locks.
    session.on('error', (error) => {
      this.options.report?.(error);
      void this.dropped(session);
    });
    await session.connect();
    for (;;) {
      const key = crypto.randomInt(1, 2 ** 31 - 1);
      if ((await session.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [MEMBERS, key])).rows[0]?.ok === true) break;
    }
    this.session = session;
    return session;
  }

  /** The session ended under this member: every market's lock with it, so it stops writing all of them. */
  private async dropped(session: pg.Client): Promise<void> {
    if (this.session !== session) return;
    this.session = null;
    for (const market of [...this.owned.keys()]) {
      this.owned.delete(market);
      await this.options.lost(market);
    }
  }

  private async giveBack(market: number): Promise<void> {
    this.owned.delete(market);
    await this.options.lost(market);
    await this.session?.query('select pg_advisory_unlock($1, $2)', [MARKETS, market]).catch((error: unknown) => this.options.report?.(error));
  }
}
