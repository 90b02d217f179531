import type { Selectable } from 'kysely';
import type { LockupOrder, LockupProduct } from '../../contract/api';
import { lockupPenalty } from '../../contract/lockup';
import { floor, Money, text } from '../../contract/money';
import type { Static } from '@sinclair/typebox';
import type { AppContext } from '../context';
import type { LockupOrdersTable } from '../db/schema';
import type { Catalogue } from '../exchange/catalogue';
import type { Step } from '../exchange/step';
import { ApiError } from '../http/errors';
import { house, userAccount } from '../ledger/accounts';
import type { HoldSource } from '../ledger/holds';
import { record } from '../ledger/ledger';
import { amountIn } from '../wallet/amounts';
import { dailyRate, lockupProductForPurchase, lockupProducts, type LockupProductRow } from './products';

/**
 * Lock-up mining: an amount of the coin account moves to its locked part for the term;
 * every 24 hours after purchase the day's yield (amount x daily rate) is paid from the
 * house treasury; at the end of the term the amount returns. Redeeming early returns the
 * amount less the penalty, which goes to the fee account; yield already paid is kept.
 * Every payment has its own ledger reference, and payouts are settled from the stored
 * orders by time, so a restart or a second run never pays a day twice.
 */
export const DAY_MS = 24 * 60 * 60_000;
type Row = Selectable<LockupOrdersTable>;

/** A product as the app shows it; undefined when its coin is not in the catalogue (an exchange configured without it). */
export function productView(catalogue: Catalogue, product: LockupProductRow): Static<typeof LockupProduct> | undefined {
  const currency = catalogue.currencies.find((candidate) => candidate.code === product.currency);
  if (!currency) return undefined;
  return {
    id: product.id,
    currency_id: currency.id,
    code: currency.code,
    precision: currency.precision,
    days: product.days,
    min_amount: new Money(product.min_amount).toFixed(),
    rate_min: new Money(product.rate_min).toFixed(),
    rate_max: new Money(product.rate_max).toFixed(),
    full_rate_amount: new Money(product.full_rate_amount).toFixed(),
    penalty_rate: new Money(product.penalty_rate).toFixed(),
  };
}

/** The products open for purchase, in the list's order (a paused one leaves the app's list). */
export async function productViews(ctx: AppContext): Promise<Static<typeof LockupProduct>[]> {
  return (await lockupProducts(ctx.db, 'open')).flatMap((product) => productView(ctx.catalogue, product) ?? []);
}

const dailyYield = (row: Row, precision: number) => floor(new Money(row.amount).times(row.daily_rate), precision);

/** What redeeming costs with `daysLeft` days of the term to go. */
const penaltyFor = (row: Row, daysLeft: number, precision: number) => lockupPenalty(new Money(row.amount), row.penalty_rate, daysLeft, precision);

export function orderView(catalogue: Catalogue, row: Row): Static<typeof LockupOrder> {
  const { code, precision } = catalogue.currency(row.currency_id);
  const active = row.status === 'active';
  return {
    id: row.id,
    product_id: row.product_id,
    currency_id: row.currency_id,
    code,
    amount: text(row.amount, precision),
    daily_rate: new Money(row.daily_rate).toFixed(),
    daily_yield: text(dailyYield(row, precision), precision),
    days: row.days,
    days_paid: row.days_paid,
    earned: text(row.earned, precision),
    status: row.status,
    penalty: text(active ? penaltyFor(row, row.days - row.days_paid, precision) : row.penalty, precision),
    started_at: row.started_at,
    next_payout_at: active ? row.started_at + (row.days_paid + 1) * DAY_MS : null,
    ends_at: row.ends_at,
    closed_at: row.closed_at,
  };
}

/**
 * Buys a product at the terms it has when the step runs: the product is read inside the
 * step (and locked for share on PostgreSQL), so a pause or an edit that commits first is
 * what the purchase sees, and one that comes after waits for it.
 */
export async function buyLockup(ctx: AppContext, userId: number, productId: number, amountText: string): Promise<Row> {
  return ctx.exchange.run(async (step) => {
    const { trx, time: now } = step;
    const product = await lockupProductForPurchase(trx, productId);
    if (!product) throw new ApiError('server:errors.lockup_unknown');
    if (product.status !== 'open') throw new ApiError('server:errors.lockup_paused');
    const currency = step.catalogue.currencyByCodeOf(product.currency);
    const amount = amountIn(currency, amountText);
    const minimum = new Money(product.min_amount);
    if (amount.lt(minimum)) throw new ApiError('server:errors.lockup_minimum', { amount: minimum.toFixed(), currency: currency.code });
    const rate = dailyRate(product, amount);
    const row = await trx
      .insertInto('lockup_orders')
      .values({
        user_id: userId,
        product_id: product.id,
        currency_id: currency.id,
        amount: text(amount, currency.precision),
        daily_rate: rate.toFixed(),
        days: product.days,
        penalty_rate: new Money(product.penalty_rate).toFixed(),
        days_paid: 0,
        earned: '0',
        status: 'active',
        penalty: '0',
        started_at: now,
        ends_at: now + product.days * DAY_MS,
        closed_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await record(step, {
      reason: 'lockup',
      ref: { kind: 'lockup', id: row.id },
      userId,
      memo: `${currency.code} · ${product.days}d`,
      movements: [{ from: userAccount(userId, currency.id, 'change'), to: userAccount(userId, currency.id, 'change', 'locked'), amount }],
      at: now,
    });
    return row;
  });
}

/** Pays every payout that is due by `now` on one order; answers the order as it is after. */
async function settleOrder(step: Step, row: Row, now: number): Promise<Row> {
  if (row.status !== 'active') return row;
  const { trx } = step;
  const dueDays = Math.min(row.days, Math.floor((now - row.started_at) / DAY_MS));
  if (dueDays <= row.days_paid) return row;
  const currency = row.currency_id;
  const daily = dailyYield(row, step.catalogue.currency(currency).precision);
  let earned = new Money(row.earned);
  for (let day = row.days_paid + 1; day <= dueDays; day++) {
    const at = row.started_at + day * DAY_MS;
    if (daily.gt(0)) {
      await record(step, {
        reason: 'lockup_yield',
        ref: { kind: 'lockup-yield', id: `${row.id}:${day}` },
        userId: row.user_id,
        memo: `${day}/${row.days}`,
        movements: [{ from: house('treasury', currency), to: userAccount(row.user_id, currency, 'change'), amount: daily }],
        at,
      });
      earned = earned.plus(daily);
    }
  }
  const completed = dueDays === row.days;
  if (completed) {
    await record(step, {
      reason: 'lockup_return',
      ref: { kind: 'lockup-return', id: row.id },
      userId: row.user_id,
      movements: [{ from: userAccount(row.user_id, currency, 'change', 'locked'), to: userAccount(row.user_id, currency, 'change'), amount: new Money(row.amount) }],
      at: row.ends_at,
    });
  }
  return trx
    .updateTable('lockup_orders')
    .set({ days_paid: dueDays, earned: earned.toFixed(), ...(completed ? { status: 'completed' as const, closed_at: row.ends_at } : {}) })
    .where('id', '=', row.id)
    .where('days_paid', '=', row.days_paid)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Settles every payout due by now, for everyone (or one user), in one step. Answers how
 * many orders moved. The lock-up payouts job runs it; a user's list runs it for them.
 */
export async function settleDue(ctx: AppContext, userId?: number): Promise<number> {
  return ctx.exchange.run(async (step) => {
    const now = step.time;
    let query = step.trx
      .selectFrom('lockup_orders')
      .selectAll()
      .where('status', '=', 'active')
      .where('started_at', '<=', now - DAY_MS);
    if (userId !== undefined) query = query.where('user_id', '=', userId);
    let moved = 0;
    for (const row of await query.orderBy('id').execute()) {
      const after = await settleOrder(step, row, now);
      if (after.days_paid !== row.days_paid) moved++;
    }
    return moved;
  });
}

export async function redeemLockup(ctx: AppContext, userId: number, orderId: number): Promise<Row> {
  return ctx.exchange.run(async (step) => {
    const { trx, time: now } = step;
    const found = await trx.selectFrom('lockup_orders').selectAll().where('id', '=', orderId).where('user_id', '=', userId).executeTakeFirst();
    if (!found) throw new ApiError('server:errors.record_unknown');
    // What is due is paid first: a day that has ended is earned.
    const row = await settleOrder(step, found, now);
    if (row.status !== 'active') throw new ApiError('server:errors.lockup_closed');
    const amount = new Money(row.amount);
    const penalty = penaltyFor(row, row.days - row.days_paid, step.catalogue.currency(row.currency_id).precision);
    const returned = amount.minus(penalty);
    const locked = userAccount(userId, row.currency_id, 'change', 'locked');
    await record(step, {
      reason: 'lockup_redeem',
      ref: { kind: 'lockup-redeem', id: row.id },
      userId,
      memo: `${row.days - row.days_paid}/${row.days}`,
      movements: [
        ...(returned.gt(0) ? [{ from: locked, to: userAccount(userId, row.currency_id, 'change'), amount: returned }] : []),
        ...(penalty.gt(0) ? [{ from: locked, to: house('fees', row.currency_id), amount: penalty }] : []),
      ],
      at: now,
    });
    return trx
      .updateTable('lockup_orders')
      .set({ status: 'redeemed', penalty: penalty.toFixed(), closed_at: now })
      .where('id', '=', row.id)
      .where('status', '=', 'active')
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

export async function listLockups(ctx: AppContext, userId: number, input: { page?: number; limit?: number; status?: 'active' | 'closed' }) {
  await settleDue(ctx, userId);
  const page = input.page ?? 1;
  const limit = input.limit ?? 10;
  let query = ctx.db.selectFrom('lockup_orders').selectAll().where('user_id', '=', userId);
  if (input.status === 'active') query = query.where('status', '=', 'active');
  if (input.status === 'closed') query = query.where('status', '!=', 'active');
  const rows = await query
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
  return { data: rows.slice(0, limit).map((row) => orderView(ctx.catalogue, row)), page, limit, more: rows.length > limit };
}

/** An active lock-up keeps its amount in the coin account's locked part for the term. */
export const lockupHolds: HoldSource = {
  name: 'active lock-up orders',
  part: 'locked',
  list: async (db) =>
    (await db.selectFrom('lockup_orders').select(['user_id', 'currency_id', 'amount']).where('status', '=', 'active').execute()).map((row) => ({
      userId: row.user_id,
      currency: row.currency_id,
      kind: 'change' as const,
      amount: row.amount,
    })),
};
