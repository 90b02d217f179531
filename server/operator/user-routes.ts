import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/api';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { route } from '../http/route';
import type { Translate } from '../i18n';
import { holdings, ledgerOf } from '../wallet/balances';
import { freezeUser, ordersOf, profileOf, revokeUserSession, revokeUserSessions, searchUsers, sessionsOf, unfreezeUser, userByUid } from './users';

/** An operator's reason, trimmed: one of spaces alone says nothing and is refused as a missing one. */
export function reasonOf(reason: string, t: Translate): string {
  const said = reason.trim();
  if (said === '') throw new ApiError('validation:required', { field: t('validation:fields.reason') });
  return said;
}

/**
 * The operator API under the console's Users screen (server/operator/users.ts): search, a
 * user's profile, balances, ledger, trading and sessions; ending sessions, freezing and
 * unfreezing, each audited under the operator's name.
 */
export function operatorUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const by = (operator: string | null) => operator ?? 'unknown';

  route(app, ctx, endpoints.searchUsers, async ({ input }) => searchUsers(ctx, { query: input.query, frozen: input.frozen === '1', page: input.page ?? 1, limit: input.limit ?? 20 }));

  route(app, ctx, endpoints.userProfile, async ({ input }) => profileOf(ctx, await userByUid(ctx, input.uid)));

  route(app, ctx, endpoints.userBalances, async ({ input }) => holdings(ctx, (await userByUid(ctx, input.uid)).id));

  route(app, ctx, endpoints.userLedger, async ({ input }) => {
    const user = await userByUid(ctx, input.uid);
    if (input.currency !== undefined) ctx.catalogue.currency(input.currency);
    return ledgerOf(
      ctx,
      user.id,
      { ...(input.currency !== undefined ? { currency: input.currency } : {}), ...(input.account !== undefined ? { kind: input.account } : {}) },
      input.before,
      input.limit ?? 20,
    );
  });

  route(app, ctx, endpoints.userOrders, async ({ input }) => ordersOf(ctx, (await userByUid(ctx, input.uid)).id));

  route(app, ctx, endpoints.userSessions, async ({ input }) => sessionsOf(ctx, (await userByUid(ctx, input.uid)).id));

  route(app, ctx, endpoints.revokeUserSession, async ({ input, operator, t }) => {
    await revokeUserSession(ctx, by(operator), await userByUid(ctx, input.uid), input.id);
    return t('server:ok.session_revoked');
  });

  route(app, ctx, endpoints.revokeUserSessions, async ({ input, operator, t }) => {
    const count = await revokeUserSessions(ctx, by(operator), await userByUid(ctx, input.uid));
    return t('server:ok.user_sessions_revoked', { count });
  });

  route(app, ctx, endpoints.freezeUser, async ({ input, operator, t }) => {
    await freezeUser(ctx, by(operator), await userByUid(ctx, input.uid), reasonOf(input.reason, t));
    return t('server:ok.account_frozen');
  });

  route(app, ctx, endpoints.unfreezeUser, async ({ input, operator, t }) => {
    await unfreezeUser(ctx, by(operator), await userByUid(ctx, input.uid), reasonOf(input.reason, t));
    return t('server:ok.account_unfrozen');
  });
}
