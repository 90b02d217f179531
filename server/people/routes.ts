import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/api';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { domesticCard, internationalCard, saveDomestic, saveInternational } from './cards';
import { invitees, inviteSummary, rebates } from './invites';

/** Bank cards and invitations: always the caller's own. */
export function peopleRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.cashSave, async ({ input, auth, t }) => {
    await saveDomestic(ctx, auth.user, input);
    return t('server:ok.card_saved');
  });
  route(app, ctx, endpoints.cashSaveInternational, async ({ input, auth, t }) => {
    await saveInternational(ctx, auth.user, input);
    return t('server:ok.card_saved');
  });
  route(app, ctx, endpoints.cashInfo, async ({ auth }) => domesticCard(ctx, auth.user));
  route(app, ctx, endpoints.cashInfoInternational, async ({ auth }) => internationalCard(ctx, auth.user));

  route(app, ctx, endpoints.inviteInfo, async ({ auth }) => inviteSummary(ctx, auth.user));
  route(app, ctx, endpoints.inviteList, async ({ input, auth }) => invitees(ctx, auth.user, input.page ?? 1, input.limit ?? 10));
  route(app, ctx, endpoints.rebateList, async ({ input, auth }) => rebates(ctx, auth.user, input.page ?? 1, input.limit ?? 10));
}
