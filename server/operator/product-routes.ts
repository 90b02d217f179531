import type { FastifyInstance } from 'fastify';
import type { Static } from '@sinclair/typebox';
import { endpoints } from '../../contract/api';
import type { OperatorCoupon } from '../../contract/api/operator';
import type { AppContext } from '../context';
import type { CouponsTable } from '../db/schema';
import { ApiError } from '../http/errors';
import { once } from '../http/request-ids';
import { route } from '../http/route';
import { couponGrant, grantCoupon, revokeCoupon, type CouponGrant } from '../wallet/coupons';
import { listRates, rateSetBy, ratesFile } from '../wallet/rates';
import { audit } from './auth';
import { feesInForce } from './fees';
import { reasonOf } from './user-routes';
import { auditTarget, userByUid } from './users';

/**
 * The operator API under the console's Products screen, for coupons, fiat rates and fees
 * (lock-up, dual and IEO have their own): coupons granted, listed and revoked, each grant
 * and revoke audited in the exchange step that makes it; the fiat rates as stored, with
 * who set each; every fee and limit in force with the setting that changes it.
 */
type CouponView = Static<typeof OperatorCoupon>;
type CouponStatus = CouponView['status'];

/** A coupon's state as the console shows it: an available one past its expiry is expired. */
const statusOf = (row: Pick<CouponsTable, 'status' | 'expires_at'>, now: number): CouponStatus => (row.status === 'available' && row.expires_at <= now ? 'expired' : row.status);

/** What the audit says was granted (no words: the console and the log read it as it is). */
const grantDetail = (id: number, grant: CouponGrant, days: number): string =>
  `coupon:${id} ${grant.kind === 'fee_discount' ? `fee_discount ${grant.scope} ${grant.share.toFixed()}` : `bonus ${grant.amount.toFixed()} ${grant.currency.code}`} ${days}d`;

export function operatorProductRoutes(app: FastifyInstance, ctx: AppContext): void {
  const by = (operator: string | null) => operator ?? 'unknown';

  const coupons = (now: number) => {
    const query = ctx.db
      .selectFrom('coupons')
      .innerJoin('users', 'users.id', 'coupons.user_id')
      .select([
        'coupons.id',
        'users.uid',
        'coupons.kind',
        'coupons.value',
        'coupons.scope',
        'coupons.currency_id',
        'coupons.status',
        'coupons.created_at',
        'coupons.expires_at',
        'coupons.used_at',
        'coupons.used_ref',
        'coupons.granted_by',
        'coupons.revoked_at',
        'coupons.revoked_by',
      ]);
    const view = (row: Awaited<ReturnType<typeof query.executeTakeFirstOrThrow>>): CouponView => {
      const { currency_id, ...rest } = row;
      return { ...rest, code: currency_id === null ? '' : ctx.catalogue.currency(currency_id).code, status: statusOf(row, now) };
    };
    return { query, view };
  };

  // Newest first by id, a page at a time; each state as the console names it.
  route(app, ctx, endpoints.operatorCoupons, async ({ input }) => {
    const now = ctx.now();
    const page = input.page ?? 1;
    const limit = input.limit ?? 20;
    const { view } = coupons(now);
    let { query } = coupons(now);
    if (input.uid !== undefined) query = query.where('users.uid', '=', input.uid);
    if (input.status === 'available') query = query.where('coupons.status', '=', 'available').where('coupons.expires_at', '>', now);
    else if (input.status === 'expired') query = query.where('coupons.status', '=', 'available').where('coupons.expires_at', '<=', now);
    else if (input.status !== undefined) query = query.where('coupons.status', '=', input.status);
    const rows = await query
      .orderBy('coupons.id', 'desc')
      .limit(limit + 1)
      .offset((page - 1) * limit)
      .execute();
    return { data: rows.slice(0, limit).map(view), page, limit, more: rows.length > limit };
  });

  // A grant sent twice (a double click, a retry after a lost answer) carries one
  // request_id: the second answers the coupon the first made (request_ids, under the user).
  route(app, ctx, endpoints.grantCoupon, async ({ input, operator }) => {
    const user = await userByUid(ctx, input.uid);
    const grant = couponGrant(ctx, input);
    const id = await once(
      ctx,
      { userId: user.id, requestId: input.request_id, kind: 'coupon' },
      (remember) =>
        ctx.exchange.run(async (step) => {
          const id = await grantCoupon(step, user.id, grant, input.days, by(operator));
          await remember(step.trx, id);
          await audit(step, by(operator), 'coupon-grant', auditTarget(user), grantDetail(id, grant, input.days));
          return id;
        }),
      async (id) => id,
    );
    const { query, view } = coupons(ctx.now());
    const row = await query.where('coupons.id', '=', id).executeTakeFirst();
    if (!row) throw new ApiError('server:errors.record_unknown');
    return view(row);
  });

  route(app, ctx, endpoints.revokeCoupon, async ({ input, operator, t }) => {
    const reason = reasonOf(input.reason, t);
    await ctx.exchange.run(async (step) => {
      const { userId } = await revokeCoupon(step, input.id, by(operator));
      const owner = await step.trx.selectFrom('users').select('uid').where('id', '=', userId).executeTakeFirstOrThrow();
      await audit(step, by(operator), 'coupon-revoke', auditTarget(owner), `coupon:${input.id}: ${reason}`);
    });
    return t('server:ok.coupon_revoked');
  });

  route(app, ctx, endpoints.operatorRates, async () => ({
    rates: (await listRates(ctx.db)).map(({ code, rate, updated_at, source }) => ({ code, rate, updated_at, ...rateSetBy(source) })),
    file: await ratesFile(ctx),
  }));

  route(app, ctx, endpoints.operatorFees, async () => feesInForce(ctx));
}
