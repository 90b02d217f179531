import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/api';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { route } from '../http/route';
import { readSetting } from './settings';

export const APP_VERSION = '0.8.0';

export function commonRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.getSiteConfig, async () => ({
    site_name: (await readSetting(ctx.db, 'site_name')) ?? 'Kestrel',
    site_logo: (await readSetting(ctx.db, 'site_logo')) ?? '',
    // Every market source this server has (simulator, replay) is simulated: no real money moves.
    paper_trading: true,
    version: APP_VERSION,
  }));

  route(app, ctx, endpoints.getSetting, async ({ input }) => {
    const row = await ctx.db.selectFrom('settings').select('value').where('key', '=', input.keyword).where('public', '=', 1).executeTakeFirst();
    if (!row) throw new ApiError('server:errors.setting_unknown');
    return row.value;
  });
}
