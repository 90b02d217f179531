import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/api';
import { Money } from '../../contract/money';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { once } from '../http/request-ids';
import { route } from '../http/route';
import { audit } from '../operator/auth';
import { ownUpload } from '../wallet/deposits';
import { checkPayPassword } from '../wallet/pay-password';

/** OTC (P2P): advertisements, quick buy, orders and their steps; the operator's decision on an appeal. */
export function otcRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { otc, db } = ctx;

  /** Online advertisements for a user on `side`: advertisers on the other side, best price for the user first. */
  const listed = async (input: { side: 'buy' | 'sell'; currency_id: number; fiat: string }) => {
    const rows = await db
      .selectFrom('otc_ads')
      .selectAll()
      .where('status', '=', 'online')
      .where('side', '=', input.side === 'buy' ? 'sell' : 'buy')
      .where('currency_id', '=', input.currency_id)
      .where('fiat', '=', input.fiat)
      .where('remaining', '>', '0')
      .orderBy('id')
      .limit(500)
      .execute();
    const views = await otc.adViews(rows);
    // A buyer wants the lowest price, a seller the highest.
    return views.sort((a, b) => (input.side === 'buy' ? new Money(a.price).cmp(b.price) : new Money(b.price).cmp(a.price)) || a.id - b.id);
  };

  route(app, ctx, endpoints.otcAds, async ({ input }) => {
    const page = input.page ?? 1;
    const limit = input.limit ?? 10;
    const views = await listed(input);
    return { data: views.slice((page - 1) * limit, page * limit), page, limit, more: views.length > page * limit };
  });

  route(app, ctx, endpoints.otcQuick, async ({ input }) => {
    const fiat = new Money(input.fiat_amount);
    const fits = (await listed(input)).find((ad) => fiat.gte(ad.min_fiat) && fiat.lte(ad.max_fiat) && fiat.div(ad.price).lte(ad.remaining));
    return fits ?? null;
  });

  route(app, ctx, endpoints.otcAdvertiserProfile, async ({ input }) => {
    const person = await db.selectFrom('users').select(['id', 'created_at', 'real_level']).where('uid', '=', input.uid).executeTakeFirst();
    if (!person) throw new ApiError('server:errors.record_unknown');
    const rows = await db.selectFrom('otc_ads').selectAll().where('user_id', '=', person.id).where('status', '=', 'online').where('remaining', '>', '0').orderBy('id', 'desc').limit(50).execute();
    const completed = await db
      .selectFrom('otc_orders')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('status', '=', 'released')
      .where((eb) => eb.or([eb('buyer_id', '=', person.id), eb('seller_id', '=', person.id)]))
      .executeTakeFirstOrThrow();
    const advertiser = (await otc.stats([person.id])).get(person.id);
    if (!advertiser) throw new ApiError('server:errors.record_unknown');
    return { advertiser, joined_at: person.created_at, verified: person.real_level >= 1, completed_total: Number(completed.count), ads: await otc.adViews(rows) };
  });

  route(app, ctx, endpoints.otcAdCreate, async ({ input, auth }) => {
    const row = await ctx.exchange.run((step) => otc.createAd(step, auth.user.id, input));
    const [view] = await otc.adViews([row]);
    if (!view) throw new ApiError('server:errors.otc_ad_unknown');
    return view;
  });

  route(app, ctx, endpoints.otcAdStatus, async ({ input, auth }) => {
    const row = await ctx.exchange.run((step) => otc.setStatus(step, auth.user.id, input.id, input.status));
    const [view] = await otc.adViews([row]);
    if (!view) throw new ApiError('server:errors.otc_ad_unknown');
    return view;
  });

  route(app, ctx, endpoints.otcMyAds, async ({ input, auth }) => {
    const page = input.page ?? 1;
    const limit = input.limit ?? 10;
    const rows = await db
      .selectFrom('otc_ads')
      .selectAll()
      .where('user_id', '=', auth.user.id)
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .offset((page - 1) * limit)
      .execute();
    return { data: await otc.adViews(rows.slice(0, limit)), page, limit, more: rows.length > limit };
  });

  const order = (id: number) => db.selectFrom('otc_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  route(app, ctx, endpoints.otcOrderCreate, async ({ input, auth }) =>
    otc.orderView(
      await once(
        ctx,
        { userId: auth.user.id, requestId: input.request_id, kind: 'otc' },
        (remember) => ctx.exchange.run((step) => otc.take(step, auth.user.id, input.ad_id, input.fiat_amount, remember)),
        order,
      ),
      auth.user.id,
    ),
  );

  route(app, ctx, endpoints.otcOrder, async ({ input, auth }) => {
    const row = await db.selectFrom('otc_orders').selectAll().where('id', '=', input.id).executeTakeFirst();
    if (!row || (row.buyer_id !== auth.user.id && row.seller_id !== auth.user.id)) throw new ApiError('server:errors.otc_order_unknown');
    return otc.orderView(row, auth.user.id);
  });

  route(app, ctx, endpoints.otcOrders, async ({ input, auth }) => {
    const page = input.page ?? 1;
    const limit = input.limit ?? 10;
    let query = db
      .selectFrom('otc_orders')
      .selectAll()
      .where((eb) => eb.or([eb('buyer_id', '=', auth.user.id), eb('seller_id', '=', auth.user.id)]));
    if (input.status === 'open') query = query.where('status', 'in', ['pending', 'paid', 'appeal']);
    if (input.status === 'closed') query = query.where('status', 'not in', ['pending', 'paid', 'appeal']);
    const rows = await query
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .offset((page - 1) * limit)
      .execute();
    const data = [];
    for (const row of rows.slice(0, limit)) data.push(await otc.orderView(row, auth.user.id));
    return { data, page, limit, more: rows.length > limit };
  });

  route(app, ctx, endpoints.otcPaid, async ({ input, auth }) => {
    // A payment proof is an image the buyer uploaded.
    if (input.proof !== undefined) await ownUpload(ctx, auth.user.id, input.proof);
    return otc.orderView(await ctx.exchange.run((step) => otc.markPaid(step, auth.user.id, input.id, input.proof)), auth.user.id);
  });

  route(app, ctx, endpoints.otcRelease, async ({ input, auth }) => {
    // The pay password's hash is checked before the step, which holds the queue.
    await checkPayPassword(ctx, auth.user, input.pay_password);
    return otc.orderView(await ctx.exchange.run((step) => otc.release(step, auth.user.id, input.id)), auth.user.id);
  });

  route(app, ctx, endpoints.otcCancel, async ({ input, auth }) => otc.orderView(await ctx.exchange.run((step) => otc.cancel(step, auth.user.id, input.id)), auth.user.id));
  route(app, ctx, endpoints.otcAppeal, async ({ input, auth }) => otc.orderView(await ctx.exchange.run((step) => otc.appeal(step, auth.user.id, input.id, input.reason)), auth.user.id));

  route(app, ctx, endpoints.otcDecide, async ({ input, operator, t }) => {
    const name = operator ?? 'unknown';
    await ctx.exchange.run(async (step) => {
      await otc.decide(step, input.id, input.decision, name);
      await audit(step, name, `otc-${input.decision}`, `otc:${input.id}`, input.reason);
    });
    return t('server:ok.done');
  });
}
