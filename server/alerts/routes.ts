import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/api';
import { ALERT_RULES } from '../../contract/alerts';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { once } from '../http/request-ids';
import { route } from '../http/route';
import { LIQUIDATION_RISK } from '../trading/config';
import { alertView, firingView } from './views';

/** Devices a user's alerts are pushed to at most (the newest subscriptions). */
export const PUSH_DEVICES = 10;

/**
 * Price alerts: the rules, making, listing, editing, pausing, resuming and deleting
 * alerts, the inbox of fired ones, and this device's Web Push subscription. Changes to
 * an alert run as a step of the exchange (the market's trades watch it from memory) where
 * its market runs; a risk rate alert has no market and runs anywhere.
 */
export function alertRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { alerts, catalogue } = ctx;
  /** The market an alert of the caller's watches (null: none, or a risk rate alert), for a change to run where it runs. */
  const alertMarket = {
    market: async ({ input, auth }: { input: { id: number }; auth: { user: { id: number } } }) =>
      (await ctx.db.selectFrom('price_alerts').select('market_id').where('id', '=', input.id).where('user_id', '=', auth.user.id).executeTakeFirst())?.market_id ?? null,
  };
  const unread = async (userId: number) =>
    Number(
      (
        await ctx.db
          .selectFrom('alert_firings')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .where('read_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    );

  route(app, ctx, endpoints.alertConfig, async () => ({
    per_user: ALERT_RULES.perUser,
    per_market: ALERT_RULES.perMarket,
    band_factor: ALERT_RULES.bandFactor,
    change_min: ALERT_RULES.changeMin,
    change_max: ALERT_RULES.changeMax,
    risk_min: LIQUIDATION_RISK.times(100).toFixed(),
    risk_max: ALERT_RULES.riskMax,
    percent_decimals: ALERT_RULES.percentDecimals,
    push_key: await ctx.push.publicKey(),
  }));

  route(
    app,
    ctx,
    endpoints.alertCreate,
    async ({ input, auth, language }) =>
      alertView(
        catalogue,
        await once(
          ctx,
          { userId: auth.user.id, requestId: input.request_id, kind: 'alert' },
          (remember) => ctx.exchange.run((step) => alerts.create(step, auth.user.id, input, language, remember)),
          async (id) => {
            // The same submission again: what the first made, unless it was deleted since.
            const row = await ctx.db.selectFrom('price_alerts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
            if (row.status === 'deleted') throw new ApiError('server:errors.alert_unknown');
            return row;
          },
        ),
      ),
    // Watched by its market's trades, where that market runs (a risk rate alert: anywhere).
    { market: ({ input }) => (input.kind === 'risk' ? null : (input.market_id ?? null)) },
  );

  route(app, ctx, endpoints.alertList, async ({ input, auth }) => {
    const page = input.page ?? 1;
    const limit = input.limit ?? 10;
    let query = ctx.db.selectFrom('price_alerts').selectAll().where('user_id', '=', auth.user.id).where('status', '!=', 'deleted');
    if (input.market_id !== undefined) query = query.where('market_id', '=', input.market_id);
    const rows = await query
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .offset((page - 1) * limit)
      .execute();
    const live = await ctx.db
      .selectFrom('price_alerts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', auth.user.id)
      .where('status', 'in', ['active', 'paused'])
      .executeTakeFirstOrThrow();
    return { data: rows.slice(0, limit).map((row) => alertView(catalogue, row)), page, limit, more: rows.length > limit, live: Number(live.n) };
  });

  route(app, ctx, endpoints.alertUpdate, async ({ input, auth }) => alertView(catalogue, await ctx.exchange.run((step) => alerts.update(step, auth.user.id, input.id, input))), alertMarket);
  route(app, ctx, endpoints.alertPause, async ({ input, auth }) => alertView(catalogue, await ctx.exchange.run((step) => alerts.pause(step, auth.user.id, input.id))), alertMarket);
  route(app, ctx, endpoints.alertResume, async ({ input, auth }) => alertView(catalogue, await ctx.exchange.run((step) => alerts.resume(step, auth.user.id, input.id))), alertMarket);
  route(
    app,
    ctx,
    endpoints.alertDelete,
    async ({ input, auth }) => {
      const row = await ctx.exchange.run((step) => alerts.remove(step, auth.user.id, input.id));
      return { id: row.id };
    },
    alertMarket,
  );

  route(app, ctx, endpoints.alertInbox, async ({ input, auth }) => {
    const page = input.page ?? 1;
    const limit = input.limit ?? 10;
    const rows = await ctx.db
      .selectFrom('alert_firings')
      .selectAll()
      .where('user_id', '=', auth.user.id)
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .offset((page - 1) * limit)
      .execute();
    return { data: rows.slice(0, limit).map((row) => firingView(catalogue, row)), page, limit, more: rows.length > limit, unread: await unread(auth.user.id) };
  });

  route(app, ctx, endpoints.alertUnread, async ({ auth }) => ({ unread: await unread(auth.user.id) }));

  route(app, ctx, endpoints.alertRead, async ({ input, auth }) => {
    let query = ctx.db.updateTable('alert_firings').set({ read_at: ctx.now() }).where('user_id', '=', auth.user.id).where('read_at', 'is', null);
    if (input.id !== undefined) query = query.where('id', '=', input.id);
    await query.execute();
    return { unread: await unread(auth.user.id) };
  });

  route(app, ctx, endpoints.pushSubscribe, async ({ input, auth }) => {
    // The server will post to this URL: only a browser's push service, never an address the caller picks.
    const host = URL.parse(input.endpoint)?.hostname.toLowerCase();
    if (!host) throw new ApiError('validation:push_subscription_invalid');
    if (!ctx.config.pushServices.some((service) => host === service || host.endsWith(`.${service}`))) throw new ApiError('server:errors.alert_push_service');
    // One row per device: a device that was another user's before (a new login) is this user's now.
    await ctx.db
      .insertInto('push_subscriptions')
      .values({ user_id: auth.user.id, endpoint: input.endpoint, p256dh: input.p256dh, auth: input.auth, created_at: ctx.now() })
      .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: auth.user.id, p256dh: input.p256dh, auth: input.auth, created_at: ctx.now() }))
      .execute();
    // The newest devices only: a script subscribing endlessly does not make every alert fan out.
    const kept = await ctx.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', auth.user.id).orderBy('id', 'desc').limit(PUSH_DEVICES).execute();
    await ctx.db
      .deleteFrom('push_subscriptions')
      .where('user_id', '=', auth.user.id)
      .where(
        'id',
        'not in',
        kept.map((row) => row.id),
      )
      .execute();
    return { subscribed: true };
  });

  route(app, ctx, endpoints.pushUnsubscribe, async ({ input, auth }) => {
    await ctx.db.deleteFrom('push_subscriptions').where('endpoint', '=', input.endpoint).where('user_id', '=', auth.user.id).execute();
    return { subscribed: false };
  });
}
