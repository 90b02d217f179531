import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/api';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { identityState, submitIdentity } from './service';

export function identityRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.realState, async ({ auth }) => identityState(ctx, auth.user));
  route(app, ctx, endpoints.realSubmit, async ({ input, auth, t }) => {
    // Passed at once (the demo's automatic review) it says so, not "we will review it".
    const { approved } = await submitIdentity(ctx, auth.user, input);
    return approved ? t('server:ok.identity_verified', { level: input.real_type }) : t('server:ok.identity_submitted');
  });
}
