import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/api';
import { BORROW_RULES } from '../../contract/borrow';
import { Money } from '../../contract/money';
import type { AppContext } from '../context';
import { once } from '../http/request-ids';
import { route } from '../http/route';
import { COLLATERALS, DEBT_CURRENCY, MIN_LOAN } from './desk';

/** Borrowing: what can be pledged, taking a loan, the caller's loans, repaying, more collateral. */
export function borrowRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { loans, catalogue } = ctx;

  route(app, ctx, endpoints.borrowConfig, async () => {
    const debt = catalogue.currencyByCodeOf(DEBT_CURRENCY);
    return {
      collaterals: COLLATERALS.map((code) => {
        const currency = catalogue.currencyByCodeOf(code);
        const market = loans.collateralMarket(catalogue, currency.id);
        return { currency_id: currency.id, code, precision: currency.precision, market_id: market.id, price: new Money(loans.lastTrade(market).price).toFixed(market.pricePrecision) };
      }),
      debt: { currency_id: debt.id, code: debt.code, precision: debt.precision },
      apr: ctx.config.borrowApr,
      max_start_ltv: BORROW_RULES.maxStartLtv,
      margin_call_ltv: BORROW_RULES.marginCallLtv,
      liquidation_ltv: BORROW_RULES.liquidationLtv,
      min_amount: MIN_LOAN,
    };
  });

  route(
    app,
    ctx,
    endpoints.borrowApply,
    async ({ input, auth }) =>
      loans.view(
        await once(
          ctx,
          { userId: auth.user.id, requestId: input.request_id, kind: 'loan' },
          (remember) => ctx.exchange.run((step) => loans.borrow(step, auth.user.id, input, remember)),
          (id) => ctx.db.selectFrom('loans').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
        ),
      ),
    // Several processes: a loan is watched by its collateral market's trades, where the market runs.
    { market: ({ input }) => loans.collateralMarket(ctx.catalogue, input.collateral_currency_id).id },
  );

  route(app, ctx, endpoints.borrowLoans, async ({ input, auth }) => {
    const page = input.page ?? 1;
    const limit = input.limit ?? 10;
    let query = ctx.db.selectFrom('loans').selectAll().where('user_id', '=', auth.user.id);
    if (input.status === 'open') query = query.where('status', '=', 'open');
    if (input.status === 'closed') query = query.where('status', '!=', 'open');
    const rows = await query
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .offset((page - 1) * limit)
      .execute();
    return { data: rows.slice(0, limit).map((row) => loans.view(row)), page, limit, more: rows.length > limit };
  });

  const loanMarket = {
    market: async ({ input, auth }: { input: { id: number }; auth: { user: { id: number } } }) =>
      (await ctx.db.selectFrom('loans').select('market_id').where('id', '=', input.id).where('user_id', '=', auth.user.id).executeTakeFirst())?.market_id ?? null,
  };
  route(app, ctx, endpoints.borrowRepay, async ({ input, auth }) => loans.view(await ctx.exchange.run((step) => loans.repay(step, auth.user.id, input.id, input.amount))), loanMarket);
  route(app, ctx, endpoints.borrowAddCollateral, async ({ input, auth }) => loans.view(await ctx.exchange.run((step) => loans.addCollateral(step, auth.user.id, input.id, input.amount))), loanMarket);
}
