import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/api';
import { Money } from '../../contract/money';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { route } from '../http/route';

/** Dual investment (spec 7 "Dual invest"): products, one product with the live price, buying, the caller's orders. */
export function dualRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { dual } = ctx;

  route(app, ctx, endpoints.dualIndex, async ({ input }) => {
    const page = input.page ?? 1;
    const limit = input.limit ?? 10;
    let query = ctx.db
      .selectFrom('dual_products')
      .selectAll()
      .where('type', '=', input.type ?? 'call');
    if (input.currency_id !== undefined) {
      const markets = ctx.catalogue.markets.filter((market) => market.base.id === input.currency_id).map((market) => market.id);
      query = query.where('market_id', 'in', markets.length > 0 ? markets : [0]);
    }
    const now = ctx.now();
    // Open ones first (purchases still possible), soonest to close first, shortest term first; then the rest, newest first.
    const rows = await query.orderBy('id', 'desc').execute();
    const views = rows.map((row) => dual.productView(row, now));
    const rank = (status: string) => (status === 'open' ? 0 : status === 'holding' || status === 'settling' ? 1 : 2);
    views.sort((a, b) => rank(a.status) - rank(b.status) || (rank(a.status) === 0 ? a.subscribe_until - b.subscribe_until || a.days - b.days || a.id - b.id : b.id - a.id));
    return { data: views.slice((page - 1) * limit, page * limit), page, limit, more: views.length > page * limit };
  });

  route(app, ctx, endpoints.dualDetail, async ({ input }) => {
    const row = await ctx.db.selectFrom('dual_products').selectAll().where('id', '=', input.id).executeTakeFirst();
    if (!row) throw new ApiError('server:errors.record_unknown');
    const market = ctx.catalogue.market(row.market_id);
    return { product: dual.productView(row), price: new Money(ctx.market.view.lastPrice(market.id)).toFixed(market.pricePrecision) };
  });

  route(
    app,
    ctx,
    endpoints.dualBuy,
    async ({ input, auth }) => {
      const order = await ctx.exchange.run((step) => dual.buy(step, auth.user.id, input.id, input.num));
      const product = await ctx.db.selectFrom('dual_products').selectAll().where('id', '=', order.product_id).executeTakeFirstOrThrow();
      return dual.orderView(order, product);
    },
    // Several processes: a product is settled by its market's trades, where the market runs.
    { market: async ({ input }) => (await ctx.db.selectFrom('dual_products').select('market_id').where('id', '=', input.id).executeTakeFirst())?.market_id ?? null },
  );

  route(app, ctx, endpoints.dualOrders, async ({ input, auth }) => {
    const page = input.page ?? 1;
    const limit = input.limit ?? 10;
    let query = ctx.db.selectFrom('dual_orders').selectAll().where('user_id', '=', auth.user.id);
    if (input.status === 'active') query = query.where('status', '=', 'purchased');
    if (input.status === 'closed') query = query.where('status', '!=', 'purchased');
    const rows = await query
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .offset((page - 1) * limit)
      .execute();
    const ids = [...new Set(rows.map((row) => row.product_id))];
    const products = new Map((ids.length > 0 ? await ctx.db.selectFrom('dual_products').selectAll().where('id', 'in', ids).execute() : []).map((row) => [row.id, row]));
    const now = ctx.now();
    return {
      data: rows.slice(0, limit).flatMap((row) => {
        const product = products.get(row.product_id);
        return product ? [dual.orderView(row, product, now)] : [];
      }),
      page,
      limit,
      more: rows.length > limit,
    };
  });
}
