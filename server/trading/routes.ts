import type { FastifyInstance } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';
import { endpoints } from '../../contract/api';
import { Money, text } from '../../contract/money';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { once } from '../http/request-ids';
import { route } from '../http/route';
import { userAccount } from '../ledger/accounts';
import { balanceOf } from '../ledger/ledger';
import { bestFeeCoupon } from '../ledger/fees';
import type { AccountFigures } from './contracts';
import {
  LEVER_FEE,
  LEVER_MAX_SHARE,
  LEVER_MIN_SHARE,
  LEVER_OVERNIGHT,
  LEVER_PRICE_BAND,
  LIQUIDATION_RISK,
  OPTION_DURATIONS,
  OPTION_MAX_OPEN,
  SPOT_FEE,
  SPOT_MIN_NOTIONAL,
  SPOT_PRICE_BAND,
  TRAIL_RATE_MAX,
  TRAIL_RATE_MIN,
} from './config';
import { closeOrderView, positionView, spotOrderView } from './views';
import { fillTick } from './market';

/** Pages of a list query, newest first; one more row than asked says whether more exist. */
async function pageOf<T>(query: SelectQueryBuilder<Database, keyof Database, T>, page: number, limit: number): Promise<{ rows: T[]; more: boolean }> {
  const rows = await query
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

function accountView(account: AccountFigures) {
  return {
    balance: account.balance.toFixed(6),
    margins: account.margins.toFixed(6),
    profit: account.profit.toFixed(6),
    risk_rate: account.risk ? account.risk.toFixed(4) : null,
    liquidation_risk: LIQUIDATION_RISK.toFixed(),
  };
}

/**
 * The market of a user's own order or position (null when it is not theirs): where a
 * request about it runs with several processes (RouteOptions.market).
 */
export async function marketOfOwn(ctx: Pick<AppContext, 'db'>, table: 'spot_orders' | 'lever_positions' | 'lever_close_orders', id: number, userId: number): Promise<number | null> {
  return (await ctx.db.selectFrom(table).select('market_id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst())?.market_id ?? null;
}

export function tradingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { spot, contracts, options } = ctx.trading;
  const { catalogue } = ctx;

  // ---- Spot
  route(app, ctx, endpoints.spotInfo, async ({ input, auth }) => {
    const market = catalogue.pair(input.currency_id, input.legal_id);
    const coupon = await bestFeeCoupon(ctx.db, auth.user.id, 'spot', ctx.now());
    const available = async (currency: number, decimals: number) => text(await balanceOf(ctx.db, userAccount(auth.user.id, currency, 'change')), decimals);
    return {
      market_id: market.id,
      symbol: market.symbol,
      base: market.base.code,
      quote: market.quote.code,
      price_precision: market.pricePrecision,
      qty_precision: market.qtyPrecision,
      quote_precision: market.quote.precision,
      min_notional: SPOT_MIN_NOTIONAL.toFixed(),
      fee_rate: SPOT_FEE.toFixed(),
      fee_discount: coupon?.discount.toFixed() ?? '0',
      price_band: SPOT_PRICE_BAND.toFixed(),
      last: new Money(ctx.market.view.lastPrice(market.id)).toFixed(market.pricePrecision),
      base_available: await available(market.base.id, market.base.precision),
      quote_available: await available(market.quote.id, market.quote.precision),
    };
  });

  // An order, position or option sent again with its request id answers the first one, as it stands now.
  const spotOrder = (id: number) => ctx.db.selectFrom('spot_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const position = (id: number) => ctx.db.selectFrom('lever_positions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const option = (id: number) => ctx.db.selectFrom('micro_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  // Several processes: what enters a book, or what a market's trades settle, runs where the market runs (RouteOptions.market).
  const pairMarket = { market: ({ input }: { input: { currency_id: number; legal_id: number } }) => catalogue.pair(input.currency_id, input.legal_id).id };
  const marketOf = (table: 'spot_orders' | 'lever_positions' | 'lever_close_orders', id: number, userId: number) => marketOfOwn(ctx, table, id, userId);

  route(
    app,
    ctx,
    endpoints.spotTrade,
    async ({ input, auth }) =>
      spotOrderView(
        catalogue,
        await once(ctx, { userId: auth.user.id, requestId: input.request_id, kind: 'spot' }, (remember) => ctx.exchange.run((step) => spot.place(step, auth.user.id, input, remember)), spotOrder),
      ),
    pairMarket,
  );
  route(app, ctx, endpoints.spotCancel, async ({ input, auth }) => spotOrderView(catalogue, await ctx.exchange.run((step) => spot.cancel(step, auth.user.id, input.id))), {
    market: ({ input, auth }) => marketOf('spot_orders', input.id, auth.user.id),
  });

  route(app, ctx, endpoints.spotList, async ({ input, auth }) => {
    const page = input.page ?? 1;
    const limit = input.limit ?? 10;
    let query = ctx.db.selectFrom('spot_orders').selectAll().where('user_id', '=', auth.user.id);
    query = (input.status ?? 'open') === 'open' ? query.where('status', '=', 'open') : query.where('status', '!=', 'open');
    if (input.currency_id !== undefined && input.legal_id !== undefined) query = query.where('market_id', '=', catalogue.pair(input.currency_id, input.legal_id).id);
    const { rows, more } = await pageOf(query.orderBy('id', 'desc'), page, limit);
    return { data: rows.map((row) => spotOrderView(catalogue, row)), page, limit, more };
  });

  route(app, ctx, endpoints.spotDetail, async ({ input, auth }) => {
    const order = await ctx.db.selectFrom('spot_orders').selectAll().where('id', '=', input.id).where('user_id', '=', auth.user.id).executeTakeFirst();
    if (!order) throw new ApiError('server:errors.record_unknown');
    const market = catalogue.market(order.market_id);
    const fills = await ctx.db
      .selectFrom('spot_fills')
      .selectAll()
      .where((eb) => eb.or([eb('taker_order_id', '=', order.id), eb('maker_order_id', '=', order.id)]))
      .orderBy('id')
      .execute();
    return {
      order: spotOrderView(catalogue, order),
      fills: fills.map((fill) => {
        const role = fill.taker_order_id === order.id ? ('taker' as const) : ('maker' as const);
        return {
          id: fill.id,
          role,
          price: fill.price,
          amount: fill.amount,
          quote_amount: new Money(fill.quote_amount).toFixed(market.quote.precision),
          fee: new Money(role === 'taker' ? fill.taker_fee : fill.maker_fee).toFixed(fill.taker_side === (role === 'taker' ? 'buy' : 'sell') ? market.base.precision : market.quote.precision),
          tick: fillTick(fill),
        };
      }),
    };
  });

  // ---- Contracts
  route(app, ctx, endpoints.leverInfo, async ({ input, auth }) => {
    const market = catalogue.pair(input.currency_id, input.legal_id);
    const rules = contracts.rules(market);
    return {
      market_id: market.id,
      symbol: market.symbol,
      base: market.base.code,
      margin_currency: 'USDT',
      price_precision: market.pricePrecision,
      lot_size: rules.lotSize.toFixed(),
      multiples: [...rules.multiples],
      min_multiple: rules.leverage.min,
      max_multiple: rules.leverage.max,
      trail_rate_min: TRAIL_RATE_MIN.toFixed(),
      trail_rate_max: TRAIL_RATE_MAX.toFixed(),
      price_band: LEVER_PRICE_BAND.toFixed(),
      min_share: LEVER_MIN_SHARE,
      max_share: LEVER_MAX_SHARE,
      fee_rate: LEVER_FEE.toFixed(),
      overnight_rate: LEVER_OVERNIGHT.toFixed(),
      last: new Money(ctx.market.view.lastPrice(market.id)).toFixed(market.pricePrecision),
      account: accountView(await contracts.account(auth.user.id)),
    };
  });

  route(
    app,
    ctx,
    endpoints.leverSubmit,
    async ({ input, auth }) =>
      positionView(
        catalogue,
        await once(
          ctx,
          { userId: auth.user.id, requestId: input.request_id, kind: 'contract' },
          (remember) => ctx.exchange.run((step) => contracts.submit(step, auth.user.id, input, remember)),
          position,
        ),
      ),
    pairMarket,
  );

  route(app, ctx, endpoints.leverPositions, async ({ input, auth }) => {
    const marketId = input.currency_id !== undefined && input.legal_id !== undefined ? catalogue.pair(input.currency_id, input.legal_id).id : undefined;
    const { positions, account, prices } = await contracts.positions(auth.user.id, marketId);
    return {
      positions: positions.map(({ liquidation_price: _liquidation, ...position }) => position),
      liquidation: Object.fromEntries(positions.map((position) => [String(position.id), position.liquidation_price])),
      account: accountView(account),
      prices: Object.fromEntries([...prices].map(([id, price]) => [String(id), price.toFixed(catalogue.market(id).pricePrecision)])),
    };
  });

  const positionMarket = { market: ({ input, auth }: { input: { id: number }; auth: { user: { id: number } } }) => marketOf('lever_positions', input.id, auth.user.id) };
  route(app, ctx, endpoints.leverClose, async ({ input, auth }) => positionView(catalogue, await ctx.exchange.run((step) => contracts.close(step, auth.user.id, input.id))), positionMarket);
  route(app, ctx, endpoints.leverCancel, async ({ input, auth }) => positionView(catalogue, await ctx.exchange.run((step) => contracts.cancel(step, auth.user.id, input.id))), positionMarket);
  route(
    app,
    ctx,
    endpoints.leverSetStop,
    async ({ input, auth }) => positionView(catalogue, await ctx.exchange.run((step) => contracts.setStops(step, auth.user.id, input.id, input))),
    positionMarket,
  );

  // Reduce-only close orders: the lots closed at once or when a trade reaches the limit, on the position's market.
  const closeOrder = async (id: number) => {
    const row = await ctx.db.selectFrom('lever_close_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return closeOrderView(catalogue, row, await contracts.directionOf(ctx.db, row));
  };
  route(
    app,
    ctx,
    endpoints.leverReduce,
    async ({ input, auth }) => {
      const order = await once(
        ctx,
        { userId: auth.user.id, requestId: input.request_id, kind: 'close' },
        async (remember) => (await ctx.exchange.run((step) => contracts.reduce(step, auth.user.id, input, remember))).id,
        async (id) => id,
      );
      return closeOrder(order);
    },
    positionMarket,
  );
  route(app, ctx, endpoints.leverCloseOrders, async ({ input, auth }) => {
    const page = input.page ?? 1;
    const limit = input.limit ?? 10;
    let query = ctx.db.selectFrom('lever_close_orders').selectAll().where('user_id', '=', auth.user.id);
    query = (input.status ?? 'pending') === 'pending' ? query.where('status', '=', 'pending') : query.where('status', '!=', 'pending');
    if (input.currency_id !== undefined && input.legal_id !== undefined) query = query.where('market_id', '=', catalogue.pair(input.currency_id, input.legal_id).id);
    const { rows, more } = await pageOf(query.orderBy('id', 'desc'), page, limit);
    const data = [];
    for (const row of rows) data.push(closeOrderView(catalogue, row, await contracts.directionOf(ctx.db, row)));
    return { data, page, limit, more };
  });
  route(
    app,
    ctx,
    endpoints.leverCloseCancel,
    async ({ input, auth }) => {
      const row = await ctx.exchange.run((step) => contracts.cancelCloseOrder(step, auth.user.id, input.id));
      return closeOrderView(catalogue, row, await contracts.directionOf(ctx.db, row));
    },
    { market: ({ input, auth }) => marketOf('lever_close_orders', input.id, auth.user.id) },
  );
  route(
    app,
    ctx,
    endpoints.leverTrailing,
    async ({ input, auth }) => positionView(catalogue, await ctx.exchange.run((step) => contracts.setTrailing(step, auth.user.id, input.id, input))),
    positionMarket,
  );

  route(app, ctx, endpoints.leverBatchClose, async ({ input, auth }) => {
    const { closed, profit } = await ctx.exchange.run((step) => contracts.batchClose(step, auth.user.id, input.type));
    return { closed, profit: profit.toFixed(6) };
  });

  route(app, ctx, endpoints.leverHistory, async ({ input, auth }) => {
    const page = input.page ?? 1;
    const limit = input.limit ?? 10;
    let query = ctx.db.selectFrom('lever_positions').selectAll().where('user_id', '=', auth.user.id);
    query = (input.status ?? 'closed') === 'open' ? query.where('status', 'in', ['open', 'pending']) : query.where('status', 'in', ['closed', 'cancelled']);
    if (input.currency_id !== undefined && input.legal_id !== undefined) query = query.where('market_id', '=', catalogue.pair(input.currency_id, input.legal_id).id);
    const { rows, more } = await pageOf(query.orderBy('id', 'desc'), page, limit);
    return { data: rows.map((row) => positionView(catalogue, row)), page, limit, more };
  });

  // ---- Seconds options
  route(app, ctx, endpoints.optionDurations, async () => ({
    durations: OPTION_DURATIONS.map((rule) => ({
      seconds: rule.seconds,
      profit_ratio: rule.ratio.toFixed(),
      fee_rate: rule.feeRate.toFixed(),
      min_amount: rule.min.toFixed(),
      max_amount: rule.max.toFixed(),
    })),
    max_open: OPTION_MAX_OPEN,
  }));

  route(app, ctx, endpoints.optionCurrencies, async ({ auth }) => options.currencies(auth.user.id));
  route(
    app,
    ctx,
    endpoints.optionSubmit,
    async ({ input, auth }) =>
      options.view(
        await once(ctx, { userId: auth.user.id, requestId: input.request_id, kind: 'option' }, (remember) => ctx.exchange.run((step) => options.submit(step, auth.user.id, input, remember)), option),
      ),
    { market: ({ input }) => input.match_id },
  );

  route(app, ctx, endpoints.optionList, async ({ input, auth }) => {
    const page = input.page ?? 1;
    const limit = input.limit ?? 5;
    let query = ctx.db
      .selectFrom('micro_orders')
      .selectAll()
      .where('user_id', '=', auth.user.id)
      .where('status', '=', input.status ?? 'open');
    if (input.match_id !== undefined) query = query.where('market_id', '=', input.match_id);
    const { rows, more } = await pageOf(query.orderBy('id', 'desc'), page, limit);
    return { data: rows.map((row) => options.view(row)), page, limit, more };
  });

  route(app, ctx, endpoints.optionResult, async ({ input, auth }) => {
    const row = await ctx.db.selectFrom('micro_orders').selectAll().where('id', '=', input.id).where('user_id', '=', auth.user.id).executeTakeFirst();
    if (!row) throw new ApiError('server:errors.record_unknown');
    return options.view(row);
  });
}
