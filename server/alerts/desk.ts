import type { Kysely, Selectable } from 'kysely';
import { ALERT_RULES, changeLevel, changePercent, priceLevel, REARM, riskLevel, type AlertDirection, type AlertKind, type AlertRefusal } from '../../contract/alerts';
import { Money } from '../../contract/money';
import type { Language } from '../../contract/languages';
import type { Db } from '../db/database';
import { storeOf } from '../db/dialect';
import type { AlertFiringsTable, Database, PriceAlertsTable } from '../db/schema';
import type { Catalogue, Market } from '../exchange/catalogue';
import type { Exchange } from '../exchange/exchange';
import type { Step } from '../exchange/step';
import { ApiError } from '../http/errors';
import { noRequestId, type Remember } from '../http/request-ids';
import type { Trade } from '../market/engine';
import { LIQUIDATION_RISK } from '../trading/config';
import type { ContractDesk } from '../trading/contracts';
import { tickOf } from '../trading/market';
import { MarketBook, type BookAlert, type Transition } from './book';

/**
 * Price alerts: a user's alerts on a market's price crossing a level, its 24h change
 * reaching a percentage, or the futures account's risk rate falling towards liquidation
 * (contract/alerts.ts has the rules). They are watched on the exchange's own trades, in
 * the step that settles each batch (the exchange's single writer for the market that
 * traded), so they fire whether or not the app is open.
 *
 * Exactly once per crossing: a firing is one conditional update of the alert (its
 * crossing count moves from n - 1 to n only while it is active and armed) and one row of
 * alert_firings, unique per (alert, crossing), written in the step with the trade that
 * made it. A batch settled again, by a process whose memory is behind the store, or by
 * two processes at once (a risk rate alert, whose account spans markets run by several),
 * finds the crossing taken and fires nothing.
 *
 * In memory: per market, a book of its price and change alerts indexed by level
 * (./book.ts), loaded at start and again when this process claims the market; and the
 * risk rate alerts, which every process keeps (with several processes they are read
 * again from the store at most a second after another process changed them). Every change
 * goes through the step (`step.keep`), so a step that fails leaves memory as it was.
 */
export type AlertRow = Selectable<PriceAlertsTable>;
export type AlertFiringRow = Selectable<AlertFiringsTable>;

export interface AlertDeps {
  db: Db;
  exchange: Exchange;
  catalogue: Catalogue;
  contracts: ContractDesk;
  now: () => number;
  /** several processes: risk rate alerts another process made are read from the store again */
  cluster: boolean;
  /** false: no settlement handlers (a test's stand-in for another process whose memory is behind) */
  handlers?: boolean;
}

export interface AlertInput {
  kind: AlertKind;
  market_id?: number | undefined;
  level: string;
  direction?: AlertDirection | undefined;
  repeat?: 0 | 1 | undefined;
  email?: 0 | 1 | undefined;
}

/** Statuses of an alert that may still fire: these count against the limits. */
const LIVE: readonly AlertRow['status'][] = ['active', 'paused'];
/** How old the risk rate alerts read from the store may be with several processes. */
const RISK_REFRESH_MS = 1000;
const PERCENT = new Money(100);
const signOf = (direction: AlertDirection): 1 | -1 => (direction === 'up' ? 1 : -1);

/** An alert as a market's book keeps it: a price in ticks, a change in hundredths of a percent. */
export function bookAlert(market: Market, row: AlertRow): BookAlert {
  const repeat = row.repeat === 1;
  const base = { id: row.id, direction: row.direction, repeat, armed: row.armed === 1, crossings: row.crossings };
  if (row.kind === 'price') {
    const level = new Money(row.level).times(market.priceScale);
    // Back past the level by REARM.priceShare of it: at or below it for an up alert, at or above for a down one.
    const back = level.times(new Money(1).minus(new Money(REARM.priceShare).times(row.direction)));
    return { ...base, kind: 'price', level: level.toNumber(), rearm: (row.direction === 1 ? back.floor() : back.ceil()).toNumber() };
  }
  const level = new Money(row.level).times(PERCENT);
  return { ...base, kind: 'change', level: level.toNumber(), rearm: level.minus(new Money(REARM.points).times(PERCENT)).toNumber() };
}

export class AlertDesk {
  /** per market, its price and change alerts that may fire */
  private readonly books = new Map<number, MarketBook>();
  /** risk rate alerts that may fire, by id */
  private readonly risks = new Map<number, AlertRow>();
  private risksReadAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly deps: AlertDeps) {
    if (deps.handlers === false) return;
    // Before the contracts (20) settle the same trades: a price that gaps past liquidation
    // still fires the alert at the trade that crossed its level, with the positions as they
    // stood at that trade (after the contracts' handler they would be gone).
    deps.exchange.on('trades', { name: 'alerts.risk', order: 15, handle: (step, event) => this.settleRisk(step, event.batches) });
    // After options (30), dual investment (40) and loans (45): it settles nothing, it tells.
    deps.exchange.on('trades', { name: 'alerts.crossings', order: 60, handle: (step, event) => this.settle(step, event.batches) });
  }

  /** Every alert that may fire, from the store (at start). */
  async restore(): Promise<number> {
    const rows = await this.deps.db.selectFrom('price_alerts').selectAll().where('status', '=', 'active').orderBy('id').execute();
    this.books.clear();
    this.risks.clear();
    for (const row of rows) {
      if (row.kind === 'risk' || row.market_id === null) this.risks.set(row.id, row);
      else this.bookOf(row.market_id).put(bookAlert(this.deps.catalogue.market(row.market_id), row));
    }
    this.risksReadAt = this.deps.now();
    return rows.length;
  }

  /** Several processes: this process runs `marketId` from now on; its alerts as the store has them (another process ran it until now). */
  async load(marketId: number): Promise<number> {
    const market = this.deps.catalogue.market(marketId);
    const rows = await this.deps.db.selectFrom('price_alerts').selectAll().where('market_id', '=', marketId).where('status', '=', 'active').orderBy('id').execute();
    const book = new MarketBook();
    for (const row of rows) book.put(bookAlert(market, row));
    this.books.set(marketId, book);
    await this.readRisks(this.deps.db);
    return rows.length;
  }

  private bookOf(marketId: number): MarketBook {
    let book = this.books.get(marketId);
    if (!book) this.books.set(marketId, (book = new MarketBook()));
    return book;
  }

  private async readRisks(db: Kysely<Database>): Promise<void> {
    const rows = await db.selectFrom('price_alerts').selectAll().where('kind', '=', 'risk').where('status', '=', 'active').execute();
    this.risks.clear();
    for (const row of rows) this.risks.set(row.id, row);
    this.risksReadAt = this.deps.now();
  }

  /** Memory follows a row the step changed: an active alert is watched (as it now stands), any other is not. */
  private follow(step: Step, row: AlertRow): void {
    if (row.kind === 'risk' || row.market_id === null) {
      step.keep(this.risks, row.id, row.status === 'active' ? row : undefined);
      return;
    }
    // Copy-on-write: the step keeps the new book, and the old one comes back if it fails.
    const book = new MarketBook(this.books.get(row.market_id));
    book.remove({ id: row.id, kind: row.kind, direction: row.direction });
    if (row.status === 'active') book.put(bookAlert(step.catalogue.market(row.market_id), row));
    step.keep(this.books, row.market_id, book);
  }

  // --- the user's alerts ---------------------------------------------------------

  /** The last price of a market at its decimals. */
  private last(market: Market): Money {
    return new Money(this.deps.exchange.market.view.lastPrice(market.id)).toDecimalPlaces(market.pricePrecision);
  }

  /** The market's 24h change now, in percent. */
  private change(market: Market): Money {
    const ticker = this.deps.exchange.market.view.ticker(market.id);
    return changePercent(this.last(market), ticker.open);
  }

  /** The user's risk rate now (a share; null without open positions), read in the step. */
  private async risk(step: Step, userId: number): Promise<Money | null> {
    const account = await this.deps.contracts.riskAccount(step, userId);
    return this.deps.contracts.riskAt(account, new Map(), step.time);
  }

  /**
   * What a level means now: its market, its direction and the figure it was set against,
   * or the rule it breaks (contract/alerts.ts), as the translated refusal.
   */
  private async measure(step: Step, userId: number, kind: AlertKind, marketId: number | null, level: Money, direction: AlertDirection | undefined) {
    const refused = (checked: AlertRefusal) => new ApiError(`server:errors.${checked.key}`, checked.params);
    if (kind === 'risk') {
      const risk = await this.risk(step, userId);
      const checked = riskLevel(level, LIQUIDATION_RISK, risk);
      if (!checked.ok) throw refused(checked);
      return { market: null, direction: -1 as const, reference: risk === null ? null : risk.times(PERCENT).toFixed(2) };
    }
    if (marketId === null) throw new ApiError('server:errors.alert_market_required');
    const market = step.catalogue.market(marketId);
    if (kind === 'price') {
      const last = this.last(market);
      const checked = priceLevel(level, last, market.pricePrecision);
      if (!checked.ok) throw refused(checked);
      return { market, direction: signOf(checked.direction), reference: last.toFixed(market.pricePrecision) };
    }
    if (!direction) throw new ApiError('server:errors.alert_direction_required');
    const change = this.change(market);
    const checked = changeLevel(level, direction, change);
    if (!checked.ok) throw refused(checked);
    return { market, direction: signOf(direction), reference: change.toFixed(2) };
  }

  /**
   * The limits (ALERT_RULES: per user, and per user and market), counted with the user's
   * row locked on PostgreSQL (SQLite's transactions are serial already): however many
   * requests arrive at once, through however many processes, they count one after another.
   */
  private async withinLimits(step: Step, userId: number, marketId: number | null): Promise<void> {
    const lock = step.trx.selectFrom('users').select('id').where('id', '=', userId);
    await (storeOf(step.trx as Kysely<unknown>) === 'postgres' ? lock.forUpdate() : lock).executeTakeFirst();
    const count = async (market: number | null) => {
      let query = step.trx
        .selectFrom('price_alerts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('status', 'in', LIVE);
      if (market !== null) query = query.where('market_id', '=', market);
      return Number((await query.executeTakeFirstOrThrow()).n);
    };
    if ((await count(null)) >= ALERT_RULES.perUser) throw new ApiError('server:errors.alert_limit_user', { limit: ALERT_RULES.perUser });
    if (marketId !== null && (await count(marketId)) >= ALERT_RULES.perMarket) {
      throw new ApiError('server:errors.alert_limit_market', { limit: ALERT_RULES.perMarket, symbol: step.catalogue.market(marketId).symbol });
    }
  }

  /** An e-mail is asked for: the account must have an address to send it to. */
  private async needsEmail(step: Step, userId: number): Promise<void> {
    const user = await step.trx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
    if (!user.email) throw new ApiError('server:errors.alert_email_missing');
  }

  async create(step: Step, userId: number, input: AlertInput, lang: Language, remember: Remember = noRequestId): Promise<AlertRow> {
    const level = new Money(input.level);
    const marketId = input.kind === 'risk' ? null : (input.market_id ?? null);
    const { market, direction, reference } = await this.measure(step, userId, input.kind, marketId, level, input.direction);
    if (input.email === 1) await this.needsEmail(step, userId);
    await this.withinLimits(step, userId, market?.id ?? null);
    const row = await step.trx
      .insertInto('price_alerts')
      .values({
        user_id: userId,
        kind: input.kind,
        market_id: market?.id ?? null,
        direction,
        level: market && input.kind === 'price' ? level.toFixed(market.pricePrecision) : level.toFixed(),
        reference,
        repeat: input.repeat ?? 0,
        email: input.email ?? 0,
        status: 'active',
        armed: 1,
        crossings: 0,
        lang,
        created_at: step.time,
        updated_at: step.time,
        fired_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await remember(step.trx, row.id);
    this.follow(step, row);
    return row;
  }

  /** One of the user's alerts (not deleted), locked for the step's change; someone else's is as unknown as a missing one. */
  async mine(step: Step, userId: number, id: number): Promise<AlertRow> {
    const query = step.trx.selectFrom('price_alerts').selectAll().where('id', '=', id).where('user_id', '=', userId).where('status', '!=', 'deleted');
    const row = await (storeOf(step.trx as Kysely<unknown>) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
    if (!row) throw new ApiError('server:errors.alert_unknown');
    return row;
  }

  private async write(step: Step, id: number, changes: Partial<Omit<AlertRow, 'id'>>): Promise<AlertRow> {
    const row = await step.trx
      .updateTable('price_alerts')
      .set({ ...changes, updated_at: step.time })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    this.follow(step, row);
    return row;
  }

  /**
   * A new level (a price alert's direction from the last price again), direction (change),
   * repeat and e-mail. It waits for a new crossing; a fired one-time alert is active again
   * (and counts against the limits again).
   */
  async update(step: Step, userId: number, id: number, input: Omit<AlertInput, 'kind' | 'market_id'>): Promise<AlertRow> {
    const alert = await this.mine(step, userId, id);
    const level = new Money(input.level);
    const { market, direction, reference } = await this.measure(step, userId, alert.kind, alert.market_id, level, input.direction ?? (alert.direction === 1 ? 'up' : 'down'));
    const email = input.email ?? alert.email;
    if (email === 1) await this.needsEmail(step, userId);
    if (alert.status === 'fired') await this.withinLimits(step, userId, alert.market_id);
    return this.write(step, alert.id, {
      level: market && alert.kind === 'price' ? level.toFixed(market.pricePrecision) : level.toFixed(),
      direction,
      reference,
      repeat: input.repeat ?? alert.repeat,
      email,
      status: alert.status === 'paused' ? 'paused' : 'active',
      armed: 1,
    });
  }

  async pause(step: Step, userId: number, id: number): Promise<AlertRow> {
    const alert = await this.mine(step, userId, id);
    if (alert.status !== 'active') throw new ApiError('server:errors.alert_not_active');
    return this.write(step, alert.id, { status: 'paused' });
  }

  /** A paused alert watched again, waiting for its crossing: refused when the figure passed its level meanwhile. */
  async resume(step: Step, userId: number, id: number): Promise<AlertRow> {
    const alert = await this.mine(step, userId, id);
    if (alert.status !== 'paused') throw new ApiError('server:errors.alert_not_paused');
    const level = new Money(alert.level);
    if (alert.kind === 'risk') {
      const risk = await this.risk(step, userId);
      if (risk !== null && risk.times(PERCENT).lte(level)) throw new ApiError('server:errors.alert_risk_reached', { risk: risk.times(PERCENT).toFixed(2) });
    } else if (alert.market_id !== null) {
      const market = step.catalogue.market(alert.market_id);
      if (alert.kind === 'price') {
        const last = this.last(market);
        if (alert.direction === 1 ? last.gte(level) : last.lte(level)) {
          throw new ApiError('server:errors.alert_resume_passed', { level: alert.level, price: last.toFixed(market.pricePrecision) });
        }
      } else {
        const checked = changeLevel(level, alert.direction === 1 ? 'up' : 'down', this.change(market));
        if (!checked.ok) throw new ApiError(`server:errors.${checked.key}`, checked.params);
      }
    }
    return this.write(step, alert.id, { status: 'active', armed: 1 });
  }

  async remove(step: Step, userId: number, id: number): Promise<AlertRow> {
    const alert = await this.mine(step, userId, id);
    return this.write(step, alert.id, { status: 'deleted' });
  }

  // --- on the trades -------------------------------------------------------------

  /** The step's trades against each market's book: firings and re-armings, in trade order. */
  async settle(step: Step, batches: readonly { marketId: number; trades: readonly Trade[] }[]): Promise<void> {
    for (const { marketId, trades } of batches) {
      const book = this.books.get(marketId);
      if (!book || book.size === 0 || trades.length === 0) continue;
      const market = step.catalogue.market(marketId);
      // The 24h open as the tickers have it after the batch: it moves once a minute, a batch lasts 100 ms.
      const open = this.deps.exchange.market.view.ticker(marketId).open;
      const settled = book.settle(trades, market.priceScale, open);
      if (settled.transitions.length === 0) continue;
      step.keep(this.books, marketId, settled.book);
      for (const transition of settled.transitions) await this.record(step, market, transition);
    }
  }

  /** One transition of the book written to the store; one the store refuses (memory was behind) puts the store's alert back in the book. */
  private async record(step: Step, market: Market, { kind, alert, trade, ticks, open }: Transition): Promise<void> {
    const value =
      alert.kind === 'price'
        ? new Money(ticks).div(market.priceScale).toFixed(market.pricePrecision)
        : // the signed change, cut towards zero: never shown past what the trade reached
          changePercent(ticks, open).toDecimalPlaces(2, Money.ROUND_DOWN).toFixed(2);
    const done = kind === 'fire' ? await this.fire(step, alert, market, trade, value) : await this.rearm(step, alert);
    if (done) return;
    const stored = await step.trx.selectFrom('price_alerts').selectAll().where('id', '=', alert.id).executeTakeFirst();
    const book = new MarketBook(this.books.get(market.id));
    book.remove(alert);
    if (stored?.status === 'active') book.put(bookAlert(market, stored));
    step.keep(this.books, market.id, book);
  }

  /**
   * Fires crossing n = crossings + 1 of an alert at `trade`: only if the store still has it
   * active, armed and at n - 1 crossings, and only once per (alert, n). Answers whether it fired.
   */
  private async fire(step: Step, alert: Pick<BookAlert, 'id' | 'crossings' | 'repeat'>, market: Market, trade: Trade, value: string): Promise<boolean> {
    const crossing = alert.crossings + 1;
    const moved = await step.trx
      .updateTable('price_alerts')
      .set(alert.repeat ? { crossings: crossing, armed: 0, fired_at: trade.time } : { crossings: crossing, status: 'fired', fired_at: trade.time })
      .where('id', '=', alert.id)
      .where('status', '=', 'active')
      .where('armed', '=', 1)
      .where('crossings', '=', alert.crossings)
      .returningAll()
      .executeTakeFirst();
    if (!moved) return false;
    const firing = await step.trx
      .insertInto('alert_firings')
      .values({
        alert_id: alert.id,
        crossing,
        user_id: moved.user_id,
        kind: moved.kind,
        market_id: market.id,
        direction: moved.direction,
        level: moved.level,
        value,
        tick: JSON.stringify(tickOf(market, trade)),
        fired_at: trade.time,
        read_at: null,
        email: moved.email,
        mailed_at: null,
        pushed_at: null,
      })
      .onConflict((oc) => oc.columns(['alert_id', 'crossing']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!firing) return false;
    if (moved.kind === 'risk') step.keep(this.risks, moved.id, moved.status === 'active' ? moved : undefined);
    step.raise({ kind: 'alertFired', firing });
    return true;
  }

  /** A repeating alert back past its level waits for the next crossing; only if the store has it waiting at that count. */
  private async rearm(step: Step, alert: Pick<BookAlert, 'id' | 'crossings'>): Promise<boolean> {
    const moved = await step.trx
      .updateTable('price_alerts')
      .set({ armed: 1 })
      .where('id', '=', alert.id)
      .where('status', '=', 'active')
      .where('armed', '=', 0)
      .where('crossings', '=', alert.crossings)
      .returningAll()
      .executeTakeFirst();
    if (moved?.kind === 'risk') step.keep(this.risks, moved.id, moved);
    return moved !== undefined;
  }

  /**
   * The step's trades against the risk rate alerts of the accounts with a position in the
   * market that traded: each trade's price (the other markets at their last trade) gives
   * the account's risk rate, as the liquidation check counts it.
   */
  async settleRisk(step: Step, batches: readonly { marketId: number; trades: readonly Trade[] }[]): Promise<void> {
    if (this.deps.cluster && this.deps.now() - this.risksReadAt >= RISK_REFRESH_MS) await this.readRisks(step.trx);
    if (this.risks.size === 0) return;
    const byUser = new Map<number, AlertRow[]>();
    for (const row of this.risks.values()) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
    for (const { marketId, trades } of batches) {
      const market = step.catalogue.market(marketId);
      for (const userId of this.deps.contracts.holders(marketId)) {
        if (!byUser.has(userId)) continue;
        const account = await this.deps.contracts.riskAccount(step, userId);
        const prices = new Map<number, Money>();
        for (const trade of trades) {
          prices.set(marketId, new Money(trade.price).toDecimalPlaces(market.pricePrecision));
          const risk = this.deps.contracts.riskAt(account, prices, trade.time);
          if (risk === null) break;
          const percent = risk.times(PERCENT);
          for (const alert of byUser.get(userId) ?? []) {
            const current = this.risks.get(alert.id);
            if (!current) continue;
            const level = new Money(current.level);
            const crossings = current.crossings;
            const fire = current.armed === 1 && percent.lte(level);
            if (!fire && !(current.armed === 0 && percent.gte(level.plus(REARM.points)))) continue;
            const done = fire
              ? await this.fire(step, { id: current.id, crossings, repeat: current.repeat === 1 }, market, trade, percent.toDecimalPlaces(2, Money.ROUND_DOWN).toFixed(2))
              : await this.rearm(step, { id: current.id, crossings });
            if (done) continue;
            // Memory was behind the store (another process fired or changed it): the store's alert from now on.
            const stored = await step.trx.selectFrom('price_alerts').selectAll().where('id', '=', current.id).executeTakeFirst();
            step.keep(this.risks, current.id, stored?.status === 'active' ? stored : undefined);
          }
        }
      }
    }
  }
}
