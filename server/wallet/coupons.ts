import type { Kysely } from 'kysely';
import { parseAmount, text, type Money } from '../../contract/money';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { house, userAccount } from '../ledger/accounts';
import { record } from '../ledger/ledger';
import type { Step } from '../exchange/step';
import type { FeeScope } from '../ledger/fees';
import type { Currency } from '../exchange/catalogue';
import { amountIn } from './amounts';

/**
 * Coupons with a real effect: a fee discount (that share of the fee of the one product
 * it names, its scope, is waived, applied by itself to that product's next conversion or
 * spot order) or a bonus (credited to the coin account through the ledger when
 * redeemed). Each works once, before it expires.
 */
const DAY = 24 * 60 * 60 * 1000;

export type CouponStatus = 'available' | 'used' | 'expired';

/** A user's coupons in one state, as the app's tabs show them: a coupon the exchange took back is listed with the expired ones (it can no longer be used either). */
export async function listCoupons(ctx: AppContext, userId: number, status: CouponStatus) {
  const now = ctx.now();
  let query = ctx.db.selectFrom('coupons').selectAll().where('user_id', '=', userId);
  if (status === 'used') query = query.where('status', '=', 'used');
  else if (status === 'available') query = query.where('status', '=', 'available').where('expires_at', '>', now);
  else query = query.where((eb) => eb.or([eb.and([eb('status', '=', 'available'), eb('expires_at', '<=', now)]), eb('status', '=', 'revoked')]));
  const rows = await query.orderBy('expires_at').execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    value: row.value,
    scope: row.scope,
    code: row.currency_id ? ctx.catalogue.currency(row.currency_id).code : '',
    status: row.status === 'revoked' ? 'revoked' : status,
    expires_at: row.expires_at,
    used_at: row.used_at,
    revoked_at: row.revoked_at,
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
      {
        user_id: userId,
        kind: 'fee_discount',
        value: '0.5',
        scope: 'conversion',
        currency_id: null,
        status: 'available',
        expires_at: now + 30 * DAY,
        used_at: null,
        used_ref: null,
        created_at: now,
        granted_by: null,
        revoked_at: null,
        revoked_by: null,
      },
      {
        user_id: userId,
        kind: 'bonus',
        value: '20',
        scope: null,
        currency_id: usdt.id,
        status: 'available',
        expires_at: now + 30 * DAY,
        used_at: null,
        used_ref: null,
        created_at: now,
        granted_by: null,
        revoked_at: null,
        revoked_by: null,
      },
    ])
    .execute();
}

/** What an operator grants: a fee discount on one product, or a bonus in one currency. */
export type CouponGrant = { kind: 'fee_discount'; scope: FeeScope; share: Money } | { kind: 'bonus'; currency: Currency; amount: Money };

/** The largest number of decimals a fee discount's share may have (0.0001 is 0.01 %). */
const SHARE_DECIMALS = 4;

/**
 * What an operator asked for, checked: a fee discount needs the product it discounts and
 * a share above 0 up to 1 (the whole fee); a bonus needs a currency of the catalogue and
 * an amount above 0 within its decimals.
 */
export function couponGrant(ctx: Pick<AppContext, 'catalogue'>, input: { kind: 'fee_discount' | 'bonus'; scope?: FeeScope | undefined; value: string; currency?: string | undefined }): CouponGrant {
  if (input.kind === 'fee_discount') {
    if (input.scope === undefined) throw new ApiError('server:errors.coupon_scope_needed');
    const share = parseAmount(input.value, SHARE_DECIMALS);
    if (!share || share.lte(0) || share.gt(1)) throw new ApiError('server:errors.coupon_share_invalid');
    return { kind: 'fee_discount', scope: input.scope, share };
  }
  if (input.currency === undefined) throw new ApiError('server:errors.coupon_currency_needed');
  const currency = ctx.catalogue.currencyByCodeOf(input.currency);
  return { kind: 'bonus', currency, amount: amountIn(currency, input.value) };
}

/** Grants a user a coupon valid for `days` days from now; answers its id. Money moves only when a bonus is redeemed (useBonus). */
export async function grantCoupon(step: Step, userId: number, grant: CouponGrant, days: number, operator: string): Promise<number> {
  const fee = grant.kind === 'fee_discount';
  const row = await step.trx
    .insertInto('coupons')
    .values({
      user_id: userId,
      kind: grant.kind,
      value: fee ? grant.share.toFixed() : text(grant.amount, grant.currency.precision),
      scope: fee ? grant.scope : null,
      currency_id: fee ? null : grant.currency.id,
      status: 'available',
      expires_at: step.time + days * DAY,
      used_at: null,
      used_ref: null,
      created_at: step.time,
      granted_by: operator,
      revoked_at: null,
      revoked_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Takes back a coupon still available, by one conditional UPDATE: of a revoke and the
 * user's redemption (or a spot order's first fill, a conversion) at the same moment, the
 * first to change the row wins and the other finds it no longer available, on either
 * store and across processes. Answers the coupon's owner.
 */
export async function revokeCoupon(step: Step, couponId: number, operator: string): Promise<{ userId: number }> {
  const row = await step.trx
    .updateTable('coupons')
    .set({ status: 'revoked', revoked_at: step.time, revoked_by: operator })
    .where('id', '=', couponId)
    .where('status', '=', 'available')
    .where('expires_at', '>', step.time)
    .returning('user_id')
    .executeTakeFirst();
  if (row) return { userId: row.user_id };
  const exists = await step.trx.selectFrom('coupons').select('id').where('id', '=', couponId).executeTakeFirst();
  throw new ApiError(exists ? 'server:errors.coupon_not_available' : 'server:errors.record_unknown');
}
