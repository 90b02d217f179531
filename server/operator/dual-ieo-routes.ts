import type { FastifyInstance } from 'fastify';
import { endpoints, type InputOf } from '../../contract/api';
import { ieoStage } from '../../contract/ieo';
import { Money, sum, text } from '../../contract/money';
import type { AppContext } from '../context';
import { route } from '../http/route';

/**
 * What the console's Products screen reads of dual investment and IEO projects (the
 * offers themselves are made by POST /operator/dual/create, /dual/close and /ieo/create in
 * routes.ts, each audited in its step). Everything is read from the products' records:
 * a settled product's trade is the one its settlement stored, never a price of now.
 */
export function operatorDualIeoRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.operatorDualProducts, async ({ input }) => dualProducts(ctx, input));
  route(app, ctx, endpoints.operatorIeoProjects, async ({ input }) => ieoProjects(ctx, input));
}

/** Newest first (ids only grow), a page of `limit` and whether more follow. */
const pageOf = (input: { page?: number; limit?: number }) => ({ page: input.page ?? 1, limit: input.limit ?? 20 });

async function dualProducts(ctx: AppContext, input: InputOf<typeof endpoints.operatorDualProducts>) {
  const { page, limit } = pageOf(input);
  const now = ctx.now();
  let query = ctx.db.selectFrom('dual_products').selectAll();
  // The states of DualDesk.productView, as conditions on the row and the clock.
  switch (input.status) {
    case 'open':
      query = query.where('status', '=', 'active').where('subscribe_until', '>', now);
      break;
    case 'holding':
      query = query.where('status', '=', 'active').where('subscribe_until', '<=', now).where('maturity_at', '>', now);
      break;
    case 'settling':
      query = query.where('status', '=', 'active').where('maturity_at', '<=', now);
      break;
    case 'settled':
    case 'closed':
      query = query.where('status', '=', input.status);
      break;
    case undefined:
      break;
  }
  const rows = await query
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
  const shown = rows.slice(0, limit);
  const ids = shown.map((row) => row.id);
  const counts = new Map(
    (ids.length === 0
      ? []
      : await ctx.db
          .selectFrom('dual_orders')
          .select(['product_id', (eb) => eb.fn.countAll<number>().as('orders'), (eb) => eb.fn.count<number>('user_id').distinct().as('buyers')])
          .where('product_id', 'in', ids)
          .groupBy('product_id')
          .execute()
    ).map((row) => [row.product_id, { orders: Number(row.orders), buyers: Number(row.buyers) }]),
  );
  const data = shown.map((row) => {
    const view = ctx.dual.productView(row, now);
    const count = counts.get(row.id) ?? { orders: 0, buyers: 0 };
    return {
      ...view,
      sold_shares: row.sold_shares,
      orders: count.orders,
      buyers: count.buyers,
      // Every order is a whole number of shares at the unit price.
      subscribed: text(new Money(row.unit_price).times(row.sold_shares), view.invest_precision),
      created_at: row.created_at,
      settled_at: row.settled_at,
    };
  });
  const markets = ctx.catalogue.markets.map((market) => {
    const last = ctx.market.view.lastPrice(market.id);
    return {
      id: market.id,
      symbol: market.symbol,
      base: market.base.code,
      quote: market.quote.code,
      base_precision: market.base.precision,
      quote_precision: market.quote.precision,
      price_precision: market.pricePrecision,
      last: Number.isFinite(last) && last > 0 ? new Money(last).toFixed(market.pricePrecision) : '0',
    };
  });
  return { data, page, limit, more: rows.length > limit, markets };
}

async function ieoProjects(ctx: AppContext, input: InputOf<typeof endpoints.operatorIeoProjects>) {
  const { page, limit } = pageOf(input);
  const now = ctx.now();
  let query = ctx.db.selectFrom('ieo_projects').selectAll();
  // The stages of contract/ieo.ts ieoStage, as conditions on the row and the clock.
  switch (input.stage) {
    case 'upcoming':
      query = query.where('market_id', 'is', null).where('allocated_at', 'is', null).where('start_at', '>', now);
      break;
    case 'subscribing':
      query = query.where('market_id', 'is', null).where('allocated_at', 'is', null).where('start_at', '<=', now).where('end_at', '>', now);
      break;
    case 'allocating':
      query = query.where('market_id', 'is', null).where('allocated_at', 'is', null).where('end_at', '<=', now);
      break;
    case 'allocated':
      query = query.where('market_id', 'is', null).where('allocated_at', 'is not', null);
      break;
    case 'listed':
      query = query.where('market_id', 'is not', null);
      break;
    case undefined:
      break;
  }
  const rows = await query
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
  const shown = rows.slice(0, limit);
  const ids = shown.map((row) => row.id);
  const subscribers = new Map(
    (ids.length === 0
      ? []
      : await ctx.db
          .selectFrom('ieo_orders')
          .select(['project_id', (eb) => eb.fn.count<number>('user_id').distinct().as('users')])
          .where('project_id', 'in', ids)
          .groupBy('project_id')
          .execute()
    ).map((row) => [row.project_id, Number(row.users)]),
  );
  // Once allocated, what was raised is what the allocated tokens cost, per subscription.
  const allocatedIds = shown.filter((row) => row.allocated_at !== null).map((row) => row.id);
  const costs = new Map<number, string[]>();
  if (allocatedIds.length > 0) {
    for (const row of await ctx.db.selectFrom('ieo_orders').select(['project_id', 'cost']).where('project_id', 'in', allocatedIds).execute()) {
      costs.set(row.project_id, [...(costs.get(row.project_id) ?? []), row.cost ?? '0']);
    }
  }
  const views = await ctx.ieo.views(shown, now);
  const data = shown.flatMap((row, index) => {
    const view = views[index];
    if (!view) return [];
    // Before the allocation: every subscription's payment, frozen (tokens asked for x the issue price, exact).
    const raised = row.allocated_at === null ? new Money(row.subscribed).times(row.issue_price) : sum(costs.get(row.id) ?? []);
    return [
      {
        ...view,
        stage: ieoStage(row, now),
        token_name: ctx.catalogue.currency(row.token_currency_id).name,
        subscribers: subscribers.get(row.id) ?? 0,
        raised: text(raised, view.pay_precision),
        created_at: row.created_at,
      },
    ];
  });
  // The server takes USDT only (the market a token lists against): IeoDesk.create.
  const usdt = ctx.catalogue.currencyByCodeOf('USDT');
  return { data, page, limit, more: rows.length > limit, pay_currencies: [{ id: usdt.id, code: usdt.code, precision: usdt.precision }] };
}
