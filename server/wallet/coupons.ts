import type { Kysely } from 'kysely';
import { text } from '../../contract/money';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { house, userAccount } from '../ledger/accounts';
import { record } from '../ledger/ledger';
import type { Step } from '../exchange/step';
import type { FeeScope } from '../ledger/fees';

/**
 * Coupons with a real effect: a fee discount (that share of the fee of the one product
 * it names, its scope, is waived, applied by itself to that product's next conversion or
 * spot order) or a bonus (credited to the coin account through the ledger when
 * redeemed). Each works once, before it expires.
 */
const DAY = 24 * 60 * 60 * 1000;

export type CouponStatus = 'available' | 'used' | 'expired';

export async function listCoupons(ctx: AppContext, userId: number, status: CouponStatus) {
  const now = ctx.now();
  let query = ctx.db.selectFrom('coupons').selectAll().where('user_id', '=', userId);
  if (status === 'used') query = query.where('status', '=', 'used');
  else if (status === 'available') query = query.where('status', '=', 'available').where('expires_at', '>', now);
  else query = query.where('status', '=', 'available').where('expires_at', '<=', now);
  const rows = await query.orderBy('expires_at').execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    value: row.value,
    scope: row.scope,
    code: row.currency_id ? ctx.catalogue.currency(row.currency_id).code : '',
    status,
    expires_at: row.expires_at,
    used_at: row.used_at,
  }));
}

/** Marks a coupon used by `ref`, for a product of its scope (null: a bonus); false if it was not available any more, or is not for that. */
export async function spendCoupon(db: Kysely<Database>, couponId: number, scope: FeeScope | null, ref: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('coupons')
    .set({ status: 'used', used_at: now, used_ref: ref })
    .where('id', '=', couponId)
    .where('scope', scope === null ? 'is' : '=', scope)
    .where('status', '=', 'available')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function useBonus(step: Step, userId: number, couponId: number): Promise<{ amount: string; currency: string }> {
  const coupon = await step.trx.selectFrom('coupons').selectAll().where('id', '=', couponId).where('user_id', '=', userId).executeTakeFirst();
  if (!coupon || coupon.kind !== 'bonus' || !coupon.currency_id || !(await spendCoupon(step.trx, couponId, null, `coupon:${couponId}`, step.time))) {
    throw new ApiError('server:errors.coupon_unusable');
  }
  const currency = step.catalogue.currency(coupon.currency_id);
  await record(step, {
    reason: 'coupon_bonus',
    ref: { kind: 'coupon', id: couponId },
    userId,
    movements: [{ from: house('gifts', currency.id), to: userAccount(userId, currency.id, 'change'), amount: coupon.value }],
    at: step.time,
  });
  return { amount: text(coupon.value, currency.precision), currency: currency.code };
}

/** The welcome coupons of the paper-trading demo. */
export async function grantWelcomeCoupons(step: Step, userId: number): Promise<void> {
  const usdt = step.catalogue.currencyByCodeOf('USDT');
  const now = step.time;
  await step.trx
    .insertInto('coupons')
    .values([
      { user_id: userId, kind: 'fee_discount', value: '0.5', scope: 'conversion', currency_id: null, status: 'available', expires_at: now + 30 * DAY, used_at: null, used_ref: null, created_at: now },
      { user_id: userId, kind: 'bonus', value: '20', scope: null, currency_id: usdt.id, status: 'available', expires_at: now + 30 * DAY, used_at: null, used_ref: null, created_at: now },
    ])
    .execute();
}
