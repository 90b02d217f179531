import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/api';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { route } from '../http/route';
import { userAccount } from '../ledger/accounts';
import { balanceOf } from '../ledger/ledger';
import { MARGIN_CURRENCY } from '../trading/config';
import { marketOfOwn } from '../trading/routes';
import { positionView } from '../trading/views';
import { COPY_RULES } from './desk';
import { computeTraderStats } from './stats';
import { copyHistory, copyRules, followViews, skipViews, traderCard, traderHistory, traderList, traderPositions } from './views';

/** Copy trading (spec 7 "Follow"): the trader list and detail, following, cancelling, self-holding, the caller's copies, applying to be a trader. */
export function copyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { copy } = ctx;

  route(app, ctx, endpoints.traderList, async ({ input }) => traderList(ctx, input));

  route(app, ctx, endpoints.traderDetail, async ({ input, auth }) => {
    const trader = await traderCard(ctx, input.trader_user_id);
    if (!trader) throw new ApiError('server:errors.copy_not_trader');
    const { positions, hidden } = traderPositions(ctx, trader.user_id, trader.visibility);
    const mine = auth ? await ctx.db.selectFrom('follows').selectAll().where('active_key', '=', `${auth.user.id}:${trader.user_id}`).executeTakeFirst() : undefined;
    const [follow] = mine ? await followViews(ctx, [mine]) : [];
    return { trader, positions, hidden_positions: hidden, history: await traderHistory(ctx, trader.user_id), follow: follow ?? null, self: auth?.user.id === trader.user_id, rules: copyRules(ctx) };
  });

  route(app, ctx, endpoints.follow, async ({ input, auth }) => {
    const row = await ctx.exchange.run((step) => copy.follow(step, auth.user.id, input));
    const [view] = await followViews(ctx, [row]);
    if (!view) throw new Error('a follow just made has no view');
    return view;
  });

  route(app, ctx, endpoints.editFollow, async ({ input, auth }) => {
    const row = await ctx.exchange.run((step) => copy.edit(step, auth.user.id, input));
    const [view] = await followViews(ctx, [row]);
    if (!view) throw new Error('a follow just changed has no view');
    return view;
  });

  route(app, ctx, endpoints.copyRules, async () => copyRules(ctx));

  route(app, ctx, endpoints.unfollow, async ({ input, auth }) => {
    const row = await ctx.exchange.run((step) => copy.unfollow(step, auth.user.id, input.follow_user_id));
    const [view] = await followViews(ctx, [row]);
    if (!view) throw new Error('a follow just ended has no view');
    return view;
  });

  route(
    app,
    ctx,
    endpoints.selfHold,
    async ({ input, auth }) => {
      const row = await ctx.exchange.run((step) => copy.selfHold(step, auth.user.id, input.transaction_id));
      const trader = await ctx.db
        .selectFrom('users')
        .select('nickname')
        .where('id', '=', row.copy_trader_id ?? 0)
        .executeTakeFirst();
      return { position: positionView(ctx.catalogue, row), trader_user_id: row.copy_trader_id ?? 0, nickname: trader?.nickname ?? '' };
    },
    // The copy is live in the process that runs its market (several processes).
    { market: ({ input, auth }) => marketOfOwn(ctx, 'lever_positions', input.transaction_id, auth.user.id) },
  );

  route(app, ctx, endpoints.copyHistory, async ({ input, auth }) => copyHistory(ctx, auth.user.id, input));

  route(app, ctx, endpoints.myFollows, async ({ auth, t }) => {
    const rows = await ctx.db.selectFrom('follows').selectAll().where('follower_id', '=', auth.user.id).orderBy('id', 'desc').limit(50).execute();
    return { follows: await followViews(ctx, rows), skips: await skipViews(ctx, auth.user.id, t) };
  });

  const application = async (userId: number) => {
    const [row, user, balance] = await Promise.all([
      ctx.db.selectFrom('traders').selectAll().where('user_id', '=', userId).executeTakeFirst(),
      ctx.db.selectFrom('users').select('real_level').where('id', '=', userId).executeTakeFirstOrThrow(),
      balanceOf(ctx.db, userAccount(userId, MARGIN_CURRENCY, 'lever')),
    ]);
    return {
      user_id: userId,
      status: row?.status ?? ('none' as const),
      reason: row?.reason ?? '',
      applied_at: row?.applied_at ?? null,
      needs: { identity: user.real_level >= 1, balance: balance.gte(COPY_RULES.traderMinBalance), min_balance: COPY_RULES.traderMinBalance.toFixed() },
      visibility: row?.visibility ?? ('live' as const),
    };
  };

  route(app, ctx, endpoints.traderApplication, async ({ auth }) => application(auth.user.id));

  route(app, ctx, endpoints.traderApply, async ({ input, auth }) => {
    await ctx.exchange.run((step) => copy.apply(step, auth.user.id, input.visibility, ctx.config.autoApprove.has('trader')));
    // A new trader is listed with figures from the start (zeros until a position closes).
    await computeTraderStats(ctx, auth.user.id);
    return application(auth.user.id);
  });
}
