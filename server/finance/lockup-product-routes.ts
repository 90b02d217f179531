import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/api';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { createProduct, productsWithHoldings, setProductStatus, updateProduct } from './lockup-products';

/** The operator API under the console's Lock-up tab (server/finance/lockup-products.ts): each change audited under the operator's name. */
export function lockupProductRoutes(app: FastifyInstance, ctx: AppContext): void {
  const by = (operator: string | null) => operator ?? 'unknown';

  route(app, ctx, endpoints.lockupProducts, async () => productsWithHoldings(ctx));

  route(app, ctx, endpoints.lockupCreate, async ({ input, operator }) => {
    const { currency, ...terms } = input;
    return { id: await createProduct(ctx, by(operator), currency, terms) };
  });

  route(app, ctx, endpoints.lockupUpdate, async ({ input, operator, t }) => {
    const { id, ...terms } = input;
    await updateProduct(ctx, by(operator), id, terms);
    return t('server:ok.lockup_updated');
  });

  route(app, ctx, endpoints.lockupPause, async ({ input, operator, t }) => {
    await setProductStatus(ctx, by(operator), input.id, 'paused');
    return t('server:ok.lockup_paused');
  });

  route(app, ctx, endpoints.lockupOpen, async ({ input, operator, t }) => {
    await setProductStatus(ctx, by(operator), input.id, 'open');
    return t('server:ok.lockup_opened');
  });
}
