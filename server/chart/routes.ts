import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/api';
import { checkChartSettings, type ChartRefusal, type ChartSettings } from '../../contract/chart-settings';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { route } from '../http/route';

/** A refused value (contract/chart-settings.ts) as the answer: server:errors.<key> with its figures. */
const refused = (refusal: ChartRefusal): ApiError => new ApiError(`server:errors.${refusal.key}`, refusal.params);

/**
 * The pair chart's settings per user (issue 23), so the indicators and period a trader
 * picked follow them to another device. One row per user, written whole by one upsert:
 * the same save sent many times at once leaves one row, the last one written.
 */
export function chartRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.chartSettings, async ({ auth }) => {
    const row = await ctx.db.selectFrom('chart_preferences').select('settings').where('user_id', '=', auth.user.id).executeTakeFirst();
    if (!row) return null;
    // Stored checked; checked again so a rule made stricter since never serves what it now refuses.
    const checked = checkChartSettings(JSON.parse(row.settings));
    return checked.ok ? checked.settings : null;
  });

  route(app, ctx, endpoints.chartSettingsSave, async ({ input, auth }) => {
    let value: unknown;
    try {
      value = JSON.parse(input.settings);
    } catch {
      throw new ApiError('server:errors.chart_settings_invalid');
    }
    const checked = checkChartSettings(value);
    if (!checked.ok) throw refused(checked);
    const settings: ChartSettings = checked.settings;
    const text = JSON.stringify(settings);
    const now = ctx.now();
    await ctx.db
      .insertInto('chart_preferences')
      .values({ user_id: auth.user.id, settings: text, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ settings: text, updated_at: now }))
      .execute();
    return settings;
  });
}
