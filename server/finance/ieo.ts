import type { Static } from '@sinclair/typebox';
import type { Selectable } from 'kysely';
import type { IeoOrder, IeoProject } from '../../contract/api';
import { ieoAllocation, ieoCost, ieoPhase, ieoPriceDecimals } from '../../contract/ieo';
import { Money, sum } from '../../contract/money';
import type { Db } from '../db/database';
import type { IeoOrdersTable, IeoProjectsTable } from '../db/schema';
import { marketOfRow, type Catalogue, type Currency } from '../exchange/catalogue';
import type { Step } from '../exchange/step';
import { ApiError } from '../http/errors';
import type { Remember } from '../http/request-ids';
import { house, userAccount } from '../ledger/accounts';
import type { HoldSource } from '../ledger/holds';
import { record } from '../ledger/ledger';
import { listingInstrument } from '../market/store';

/**
 * IEO subscriptions. An operator offers a project: its token is created as a new coin at
 * once (so it can be held), subscriptions run from start_at to end_at at the issue price,
 * paid in USDT, the market the token lists against.
 *
 * - Subscribing freezes amount x issue price in the coin account, up to the project's
 *   cap per user (all of a user's subscriptions together).
 * - After end_at the allocation runs once (contract/ieo.ts): each subscription gets its
 *   tokens (pro rata when oversubscribed), pays their cost from the frozen part to the
 *   house treasury and gets the rest back; the tokens come from the house treasury into
 *   the token's locked part, until release_at (allocation + lock days), when a job frees
 *   them. Each movement has one ledger reference per subscription, so nothing moves twice.
 * - At list_at (after the allocation) the token is listed against USDT, opening at the
 *   issue price: a markets row and its market_listings row, then every process adds it to
 *   its catalogue and market from the step's `listing` event.
 */
export type IeoProjectRow = Selectable<IeoProjectsTable>;
export type IeoOrderRow = Selectable<IeoOrdersTable>;

export interface IeoDeps {
  db: Db;
  catalogue: Catalogue;
  now: () => number;
}

export interface IeoOffer {
  name: string;
  token: string;
  token_name: string;
  token_precision: number;
  pay_currency_id: number;
  issue_price: string;
  total_issuance: string;
  max_per_user: string;
  lock_days: number;
  start_at: number;
  end_at: number;
  list_at: number;
  white_paper: string;
  website: string;
  intro: string;
}

const DAY = 86_400_000;
/** Coins and markets created while running take ids from here, clear of the seed's and the load-test coins. */
export const LISTED_FIRST_ID = 5001;
/** How the simulator runs a new token: volatile, a small share of the flow, small trades. */
const LISTING_FLOW = { volatility: 1.2, flowWeight: 1, averageNotional: 200 } as const;

/**
 * The new market's steps, from its opening price: about five significant digits of
 * price (2 to 8 decimals), and a lot worth about a cent (no finer than the token).
 */
export function listingPrecision(openPrice: Money, tokenDecimals: number): { pricePrecision: number; qtyPrecision: number } {
  const magnitude = Math.floor(Math.log10(openPrice.toNumber()));
  return { pricePrecision: Math.min(8, Math.max(2, 4 - magnitude)), qtyPrecision: Math.min(tokenDecimals, Math.max(0, magnitude + 2)) };
}

export class IeoDesk {
  constructor(private readonly deps: IeoDeps) {}

  async create(step: Step, input: IeoOffer): Promise<IeoProjectRow> {
    const { catalogue } = step;
    const pay = catalogue.currency(input.pay_currency_id);
    if (pay.code !== 'USDT') throw new ApiError('server:errors.ieo_pay_invalid');
    if (catalogue.currencies.some((currency) => currency.code === input.token)) throw new ApiError('server:errors.ieo_token_taken', { token: input.token });
    const decimals = ieoPriceDecimals(pay.precision, input.token_precision);
    if (decimals < 0) throw new ApiError('server:errors.ieo_precision_pay', { max: pay.precision });
    const price = new Money(input.issue_price);
    if (price.lte(0) || price.decimalPlaces() > decimals) throw new ApiError('server:errors.ieo_price_invalid', { decimals });
    const total = new Money(input.total_issuance);
    const cap = new Money(input.max_per_user);
    if (total.lte(0) || cap.lte(0) || cap.gt(total) || total.decimalPlaces() > input.token_precision || cap.decimalPlaces() > input.token_precision) {
      throw new ApiError('server:errors.ieo_amounts_invalid', { decimals: input.token_precision });
    }
    if (!(input.start_at < input.end_at && input.end_at <= input.list_at && input.end_at > step.time)) throw new ApiError('server:errors.ieo_window_invalid');
    const currency: Currency = { id: await nextId(step, 'currencies'), code: input.token, name: input.token_name, kind: 'crypto', precision: input.token_precision };
    await step.trx.insertInto('currencies').values(currency).execute();
    const { id } = await step.trx
      .insertInto('ieo_projects')
      .values({
        name: input.name,
        token_currency_id: currency.id,
        pay_currency_id: pay.id,
        issue_price: price.toFixed(),
        total_issuance: total.toFixed(),
        subscribed: '0',
        max_per_user: cap.toFixed(),
        lock_days: input.lock_days,
        start_at: input.start_at,
        end_at: input.end_at,
        list_at: input.list_at,
        white_paper: input.white_paper,
        website: input.website,
        intro: input.intro,
        allocated_at: null,
        market_id: null,
        listed_at: null,
        created_at: step.time,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    step.raise({ kind: 'listing', currency, market: null });
    return projectRow(step.trx, id);
  }

  async subscribe(step: Step, userId: number, input: { project_id: number; amount: string; pay_currency: number; price: string }, remember: Remember): Promise<IeoOrderRow> {
    const project = await step.trx.selectFrom('ieo_projects').selectAll().where('id', '=', input.project_id).executeTakeFirst();
    if (!project || ieoPhase(project, step.time) !== 'progress') throw new ApiError('server:errors.ieo_not_open');
    const pay = step.catalogue.currency(project.pay_currency_id);
    const token = step.catalogue.currency(project.token_currency_id);
    if (input.pay_currency !== pay.id) throw new ApiError('server:errors.ieo_pay_currency', { currency: pay.code });
    if (!new Money(input.price).eq(project.issue_price)) throw new ApiError('server:errors.ieo_price_changed', { price: project.issue_price, currency: pay.code });
    const amount = new Money(input.amount);
    if (amount.lte(0) || amount.decimalPlaces() > token.precision) throw new ApiError('server:errors.ieo_amount_invalid', { decimals: token.precision });
    const mine = await step.trx.selectFrom('ieo_orders').select('amount').where('project_id', '=', project.id).where('user_id', '=', userId).execute();
    const left = new Money(project.max_per_user).minus(sum(mine.map((row) => row.amount)));
    if (amount.gt(left)) throw new ApiError('server:errors.ieo_above_cap', { left: left.toFixed(), token: token.code });
    const paid = ieoCost(amount, project.issue_price);
    const { id } = await step.trx
      .insertInto('ieo_orders')
      .values({
        user_id: userId,
        project_id: project.id,
        amount: amount.toFixed(token.precision),
        price: project.issue_price,
        paid: paid.toFixed(pay.precision),
        status: 'pending',
        allocated: null,
        cost: null,
        refund: null,
        created_at: step.time,
        allocated_at: null,
        release_at: null,
        released_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await record(step, {
      reason: 'ieo_subscribe',
      ref: { kind: 'ieo-subscribe', id },
      userId,
      memo: `${token.code} x ${amount.toFixed()} #${id}`,
      movements: [{ from: userAccount(userId, pay.id, 'change'), to: userAccount(userId, pay.id, 'change', 'frozen'), amount: paid }],
      at: step.time,
    });
    await step.trx
      .updateTable('ieo_projects')
      .set({ subscribed: new Money(project.subscribed).plus(amount).toFixed() })
      .where('id', '=', project.id)
      .execute();
    await remember(step.trx, id);
    return orderRow(step.trx, id);
  }

  /** The allocation of an ended project, once: a second call finds it done and does nothing. */
  async allocate(step: Step, projectId: number): Promise<boolean> {
    const project = await projectRow(step.trx, projectId);
    if (project.allocated_at !== null || step.time < project.end_at) return false;
    const pay = step.catalogue.currency(project.pay_currency_id);
    const token = step.catalogue.currency(project.token_currency_id);
    const orders = await step.trx.selectFrom('ieo_orders').selectAll().where('project_id', '=', project.id).where('status', '=', 'pending').orderBy('id').execute();
    const allocation = ieoAllocation(project.total_issuance, orders, token.precision);
    const releaseAt = step.time + project.lock_days * DAY;
    for (const order of orders) {
      const allocated = allocation.get(order.id) ?? new Money(0);
      const cost = ieoCost(allocated, project.issue_price);
      const refund = new Money(order.paid).minus(cost);
      const frozen = userAccount(order.user_id, pay.id, 'change', 'frozen');
      const movements = [
        ...(cost.gt(0) ? [{ from: frozen, to: house('treasury', pay.id), amount: cost }] : []),
        ...(refund.gt(0) ? [{ from: frozen, to: userAccount(order.user_id, pay.id, 'change'), amount: refund }] : []),
        ...(allocated.gt(0) ? [{ from: house('treasury', token.id), to: userAccount(order.user_id, token.id, 'change', 'locked'), amount: allocated }] : []),
      ];
      await record(step, {
        reason: 'ieo_allocate',
        ref: { kind: 'ieo-allocate', id: order.id },
        userId: order.user_id,
        memo: `${token.code} ${allocated.toFixed()} / ${order.amount} #${order.id}`,
        movements,
        at: step.time,
      });
      await step.trx
        .updateTable('ieo_orders')
        .set({
          status: allocated.gt(0) ? 'allocated' : 'refunded',
          allocated: allocated.toFixed(token.precision),
          cost: cost.toFixed(pay.precision),
          refund: refund.toFixed(pay.precision),
          allocated_at: step.time,
          release_at: allocated.gt(0) ? releaseAt : null,
        })
        .where('id', '=', order.id)
        .execute();
    }
    await step.trx.updateTable('ieo_projects').set({ allocated_at: step.time }).where('id', '=', project.id).execute();
    // A lock of no days frees the tokens in the same step.
    if (project.lock_days === 0) await this.releaseDue(step);
    return true;
  }

  /** Frees the allocated tokens whose lock has ended; answers how many subscriptions. */
  async releaseDue(step: Step): Promise<number> {
    const due = await step.trx.selectFrom('ieo_orders').selectAll().where('status', '=', 'allocated').where('release_at', '<=', step.time).orderBy('id').limit(500).execute();
    for (const order of due) {
      const project = await projectRow(step.trx, order.project_id);
      const token = step.catalogue.currency(project.token_currency_id);
      await record(step, {
        reason: 'ieo_release',
        ref: { kind: 'ieo-release', id: order.id },
        userId: order.user_id,
        memo: `${token.code} #${order.id}`,
        movements: [{ from: userAccount(order.user_id, token.id, 'change', 'locked'), to: userAccount(order.user_id, token.id, 'change'), amount: order.allocated ?? '0' }],
        at: step.time,
      });
      await step.trx.updateTable('ieo_orders').set({ status: 'released', released_at: step.time }).where('id', '=', order.id).execute();
    }
    return due.length;
  }

  /** Lists an allocated project's token against USDT at list_at, opening at the issue price; once. */
  async list(step: Step, projectId: number): Promise<boolean> {
    const project = await projectRow(step.trx, projectId);
    if (project.market_id !== null || project.allocated_at === null || step.time < project.list_at) return false;
    const token = step.catalogue.currency(project.token_currency_id);
    const quote = step.catalogue.currency(project.pay_currency_id);
    const open = new Money(project.issue_price);
    const { pricePrecision, qtyPrecision } = listingPrecision(open, token.precision);
    const id = await nextId(step, 'markets');
    const sort =
      ((
        await step.trx
          .selectFrom('markets')
          .select((eb) => eb.fn.max('sort').as('sort'))
          .executeTakeFirst()
      )?.sort ?? 0) + 1;
    const row = {
      id,
      base_currency_id: token.id,
      quote_currency_id: quote.id,
      symbol: `${token.code}/${quote.code}`,
      kind: 'crypto' as const,
      price_precision: pricePrecision,
      qty_precision: qtyPrecision,
      contract: 0,
      sort,
      contract_lot: null,
    };
    await step.trx.insertInto('markets').values(row).execute();
    const openPrice = open.toDecimalPlaces(pricePrecision, Money.ROUND_HALF_UP);
    await step.trx
      .insertInto('market_listings')
      .values({
        market_id: id,
        open_price: openPrice.toFixed(),
        volatility: LISTING_FLOW.volatility,
        flow_weight: LISTING_FLOW.flowWeight,
        average_notional: LISTING_FLOW.averageNotional,
        listed_at: step.time,
      })
      .execute();
    await step.trx.updateTable('ieo_projects').set({ market_id: id, listed_at: step.time }).where('id', '=', project.id).execute();
    const instrument = listingInstrument({ id, base: token.code, kind: 'crypto', pricePrecision, qtyPrecision, openPrice: openPrice.toFixed(), ...LISTING_FLOW, listedAt: step.time });
    step.raise({ kind: 'listing', currency: token, market: { market: marketOfRow(row, token, quote), instrument } });
    return true;
  }

  projectView(row: IeoProjectRow, counts: { applications: number; passes: number }, now = this.deps.now()): Static<typeof IeoProject> {
    const { catalogue } = this.deps;
    const token = catalogue.currency(row.token_currency_id);
    const pay = catalogue.currency(row.pay_currency_id);
    const total = new Money(row.total_issuance);
    const subscribed = new Money(row.subscribed);
    const remaining = total.minus(subscribed);
    return {
      id: row.id,
      name: row.name,
      token: token.code,
      token_currency_id: token.id,
      token_precision: token.precision,
      pay_currency_id: pay.id,
      pay_code: pay.code,
      pay_precision: pay.precision,
      issue_price: row.issue_price,
      total_issuance: total.toFixed(),
      subscribed: subscribed.toFixed(),
      remaining: (remaining.gt(0) ? remaining : new Money(0)).toFixed(),
      progress: subscribed.div(total).toDecimalPlaces(4, Money.ROUND_DOWN).toFixed(),
      max_per_user: row.max_per_user,
      lock_days: row.lock_days,
      start_at: row.start_at,
      end_at: row.end_at,
      list_at: row.list_at,
      white_paper: row.white_paper,
      website: row.website,
      intro: row.intro,
      applications: counts.applications,
      passes: counts.passes,
      status: ieoPhase(row, now),
      allocated_at: row.allocated_at,
      market_id: row.market_id,
      symbol: row.market_id === null ? null : `${token.code}/${pay.code}`,
      listed_at: row.listed_at,
    };
  }

  /** Subscriptions made and allocated tokens, per project, from the rows. */
  async counts(ids: readonly number[]): Promise<Map<number, { applications: number; passes: number }>> {
    const result = new Map(ids.map((id) => [id, { applications: 0, passes: 0 }]));
    if (ids.length === 0) return result;
    const rows = await this.deps.db.selectFrom('ieo_orders').select(['project_id', 'status']).where('project_id', 'in', ids).execute();
    for (const row of rows) {
      const entry = result.get(row.project_id);
      if (!entry) continue;
      entry.applications++;
      if (row.status === 'allocated' || row.status === 'released') entry.passes++;
    }
    return result;
  }

  async views(rows: readonly IeoProjectRow[], now = this.deps.now()): Promise<Static<typeof IeoProject>[]> {
    const counts = await this.counts(rows.map((row) => row.id));
    return rows.map((row) => this.projectView(row, counts.get(row.id) ?? { applications: 0, passes: 0 }, now));
  }

  orderView(row: IeoOrderRow, project: Static<typeof IeoProject>): Static<typeof IeoOrder> {
    return {
      id: row.id,
      project,
      amount: row.amount,
      price: row.price,
      paid: row.paid,
      status: row.status,
      allocated: row.allocated,
      cost: row.cost,
      refund: row.refund,
      created_at: row.created_at,
      allocated_at: row.allocated_at,
      release_at: row.release_at,
      released_at: row.released_at,
    };
  }
}

async function nextId(step: Step, table: 'currencies' | 'markets'): Promise<number> {
  const top = await step.trx
    .selectFrom(table)
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Math.max(LISTED_FIRST_ID, (top?.id ?? 0) + 1);
}

async function projectRow(db: Step['trx'], id: number): Promise<IeoProjectRow> {
  return db.selectFrom('ieo_projects').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function orderRow(db: Step['trx'], id: number): Promise<IeoOrderRow> {
  return db.selectFrom('ieo_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** A pending subscription keeps its payment frozen; an allocated one its tokens locked. */
export const ieoHolds: HoldSource[] = [
  {
    name: 'IEO subscriptions',
    part: 'frozen',
    list: async (db) =>
      (
        await db
          .selectFrom('ieo_orders')
          .innerJoin('ieo_projects', 'ieo_projects.id', 'ieo_orders.project_id')
          .select(['ieo_orders.user_id', 'ieo_projects.pay_currency_id', 'ieo_orders.paid'])
          .where('ieo_orders.status', '=', 'pending')
          .execute()
      ).map((row) => ({ userId: row.user_id, currency: row.pay_currency_id, kind: 'change' as const, amount: row.paid })),
  },
  {
    name: 'IEO tokens',
    part: 'locked',
    list: async (db) =>
      (
        await db
          .selectFrom('ieo_orders')
          .innerJoin('ieo_projects', 'ieo_projects.id', 'ieo_orders.project_id')
          .select(['ieo_orders.user_id', 'ieo_projects.token_currency_id', 'ieo_orders.allocated'])
          .where('ieo_orders.status', '=', 'allocated')
          .execute()
      ).map((row) => ({ userId: row.user_id, currency: row.token_currency_id, kind: 'change' as const, amount: row.allocated ?? '0' })),
  },
];

/** The scheduled work of IEO projects: allocations due, listings due, locks ended; each in its own step, each once. */
export async function runIeo(ctx: {
  db: Db;
  exchange: { run<T>(work: (step: Step) => Promise<T>): Promise<T> };
  ieo: IeoDesk;
  now: () => number;
}): Promise<{ allocated: number; listed: number; released: number }> {
  const now = ctx.now();
  const due = await ctx.db.selectFrom('ieo_projects').select(['id', 'end_at', 'allocated_at', 'list_at', 'market_id']).where('market_id', 'is', null).where('end_at', '<=', now).execute();
  let allocated = 0;
  let listed = 0;
  for (const project of due) {
    if (project.allocated_at === null && (await ctx.exchange.run((step) => ctx.ieo.allocate(step, project.id)))) allocated++;
    if (project.market_id === null && project.list_at <= now && (await ctx.exchange.run((step) => ctx.ieo.list(step, project.id)))) listed++;
  }
  const released = await ctx.exchange.run((step) => ctx.ieo.releaseDue(step));
  return { allocated, listed, released };
}

/**
 * The demo's projects (on when DEMO is), made once on a database with none: one open for
 * subscription for three days, one opening in a day. Their links are documentation
 * addresses (example.com); the figures shown come from the subscriptions users make.
 */
export async function seedDemoProjects(ctx: { db: Db; exchange: { run<T>(work: (step: Step) => Promise<T>): Promise<T> }; ieo: IeoDesk; now: () => number; catalogue: Catalogue }): Promise<number> {
  const any = await ctx.db.selectFrom('ieo_projects').select('id').limit(1).executeTakeFirst();
  if (any) return 0;
  const usdt = ctx.catalogue.currencyByCodeOf('USDT');
  const now = ctx.now();
  const HOUR = 3_600_000;
  const projects: IeoOffer[] = [
    {
      name: 'Kestrel Token',
      token: 'KEST',
      token_name: 'Kestrel Token',
      token_precision: 4,
      pay_currency_id: usdt.id,
      issue_price: '0.05',
      total_issuance: '2000000',
      max_per_user: '100000',
      lock_days: 7,
      start_at: now,
      end_at: now + 3 * DAY,
      list_at: now + 3 * DAY + HOUR,
      white_paper: 'https://example.com/kest/white-paper.pdf',
      website: 'https://example.com/kest',
      intro:
        'KEST is the demo exchange token of this paper-trading exchange. Subscribe with USDT while the project is in progress; after it ends, tokens are allocated pro rata if more is asked for than issued, and KEST/USDT opens on the market at the issue price.',
    },
    {
      name: 'Harbor Network',
      token: 'HBR',
      token_name: 'Harbor',
      token_precision: 4,
      pay_currency_id: usdt.id,
      issue_price: '0.2',
      total_issuance: '1000000',
      max_per_user: '50000',
      lock_days: 3,
      start_at: now + DAY,
      end_at: now + 4 * DAY,
      list_at: now + 5 * DAY,
      white_paper: 'https://example.com/hbr/white-paper.pdf',
      website: 'https://example.com/hbr',
      intro: 'HBR is a demo project that is warming up: subscriptions open in a day. It shows every stage of an IEO on this paper-trading exchange.',
    },
  ];
  for (const project of projects) await ctx.exchange.run((step) => ctx.ieo.create(step, project));
  return projects.length;
}
