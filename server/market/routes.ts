import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/api';
import { DAY, HOUR, periodMs, type Period } from '../../contract/market';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { route } from '../http/route';
import { QuoteList } from './quotes';
import { MAX_CANDLES } from './recent-candles';

const DEFAULT_CANDLES = 300;
const HOT_WINDOW_MS = 7 * DAY;
/** one person looking again within the hour counts once */
const VIEW_DEDUPE_MS = HOUR;

function marketByCurrency(ctx: AppContext, currencyId: number) {
  const market = ctx.catalogue.marketOfBase(currencyId);
  if (!market) throw new ApiError('server:errors.market_unknown');
  return market;
}

/**
 * A timestamp as a client sends it, in milliseconds. Spec 9: a 10-digit timestamp is in
 * seconds (what Huobi-style clients send), a 13-digit one in milliseconds; anything below
 * 10^11 (the year 5138 in seconds, 1973 in milliseconds) is taken as seconds.
 */
export const milliseconds = (timestamp: number): number => (timestamp < 1e11 ? timestamp * 1000 : timestamp);

export function marketRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { market } = ctx;
  // Public and the costliest to answer: counted per IP (PUBLIC_RATE_LIMIT).
  const limited = { rateLimited: true };
  const quotes = new QuoteList(
    ctx.catalogue,
    () => market.view,
    () => market.tickersSeq,
  );

  route(
    app,
    ctx,
    endpoints.quotations,
    async ({ reply }) => {
      reply.type('application/json; charset=utf-8').serializer(quotes.serialize);
      return quotes.current();
    },
    limited,
  );

  route(
    app,
    ctx,
    endpoints.klines,
    async ({ input, reply }) => {
      const def = ctx.catalogue.bySymbol(input.symbol);
      const period: Period = input.period;
      const to = input.to === undefined ? market.view.time + 1 : milliseconds(input.to);
      const from = input.from === undefined ? to - periodMs(period) * (DEFAULT_CANDLES + 2) : milliseconds(input.from);
      const limit = input.from === undefined ? DEFAULT_CANDLES : MAX_CANDLES;
      reply.type('application/json; charset=utf-8').serializer(ctx.market.candles.serialize);
      return ctx.market.candles.snapshot(def.id, period, from, to, limit);
    },
    limited,
  );

  route(
    app,
    ctx,
    endpoints.depth,
    async ({ input }) => {
      const def = ctx.catalogue.bySymbol(input.symbol);
      return { seq: market.view.depthSeq(def.id), ...market.view.depth(def.id) };
    },
    limited,
  );

  route(
    app,
    ctx,
    endpoints.recentTrades,
    async ({ input }) => {
      const def = ctx.catalogue.bySymbol(input.symbol);
      const trades = market.view.recentTrades(def.id).map((t): [number, number, number, number, number] => [t.seq, t.time, t.price, t.quantity, t.side]);
      return { seq: market.view.lastSeq(def.id), trades };
    },
    limited,
  );

  route(app, ctx, endpoints.favouriteAdd, async ({ input, auth, t }) => {
    const market = marketByCurrency(ctx, input.currency_id);
    await ctx.db
      .insertInto('favourites')
      .values({ user_id: auth.user.id, market_id: market.id, created_at: ctx.now() })
      .onConflict((oc) => oc.columns(['user_id', 'market_id']).doNothing())
      .execute();
    return t('server:ok.favourite_added');
  });

  route(app, ctx, endpoints.favouriteDel, async ({ input, auth, t }) => {
    const market = marketByCurrency(ctx, input.id);
    await ctx.db.deleteFrom('favourites').where('user_id', '=', auth.user.id).where('market_id', '=', market.id).execute();
    return t('server:ok.favourite_removed');
  });

  route(app, ctx, endpoints.favouriteList, async ({ auth }) =>
    ctx.db
      .selectFrom('favourites')
      .innerJoin('markets', 'markets.id', 'favourites.market_id')
      .select(['markets.base_currency_id as currency_id', 'markets.id as market_id', 'markets.symbol'])
      .where('favourites.user_id', '=', auth.user.id)
      .orderBy('favourites.created_at')
      .orderBy('favourites.market_id')
      .execute(),
  );

  route(
    app,
    ctx,
    endpoints.recordView,
    async ({ input, auth, ip, t }) => {
      const def = ctx.catalogue.market(input.market_id);
      const viewer = auth ? `u:${auth.user.id}` : `ip:${ip}`;
      const now = ctx.now();
      const recent = await ctx.db
        .selectFrom('market_views')
        .select('id')
        .where('market_id', '=', def.id)
        .where('viewer', '=', viewer)
        .where('at', '>', now - VIEW_DEDUPE_MS)
        .executeTakeFirst();
      if (!recent) await ctx.db.insertInto('market_views').values({ market_id: def.id, viewer, source: input.source, at: now }).execute();
      return t('server:ok.view_counted');
    },
    limited,
  );

  route(
    app,
    ctx,
    endpoints.hotSearch,
    async () => {
      const rows = await ctx.db
        .selectFrom('market_views')
        .innerJoin('markets', 'markets.id', 'market_views.market_id')
        .select((eb) => ['markets.id as market_id', 'markets.symbol', eb.fn.count<number>('market_views.viewer').distinct().as('viewers')])
        .where('market_views.at', '>', ctx.now() - HOT_WINDOW_MS)
        .groupBy('markets.id')
        .orderBy('viewers', 'desc')
        .orderBy('markets.sort')
        .limit(10)
        .execute();
      return rows.map((row) => ({ market_id: row.market_id, symbol: row.symbol, viewers: Number(row.viewers) }));
    },
    limited,
  );
}
