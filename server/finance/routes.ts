import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/api';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { buyLockup, listLockups, orderView, productViews, redeemLockup } from './lockup';

/** Lock-up mining (spec 7 "Lock-up"): products, the caller's orders, buying, early redemption. */
export function financeRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.lockupConfig, async () => productViews(ctx));
  route(app, ctx, endpoints.lockupOrders, async ({ input, auth }) => listLockups(ctx, auth.user.id, input));
  route(app, ctx, endpoints.lockupBuy, async ({ input, auth }) => orderView(ctx.catalogue, await buyLockup(ctx, auth.user.id, input.config_id, input.amount)));
  route(app, ctx, endpoints.lockupRedeem, async ({ input, auth }) => orderView(ctx.catalogue, await redeemLockup(ctx, auth.user.id, input.id)));
}
