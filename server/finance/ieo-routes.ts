import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/api';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { once } from '../http/request-ids';
import { route } from '../http/route';
import type { IeoOrderRow } from './ieo';

/** IEO (spec 7 "IEO"): projects, one project, subscribing, the caller's subscriptions. */
export function ieoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { ieo } = ctx;

  route(app, ctx, endpoints.ieoProjects, async ({ input }) => {
    const page = input.page ?? 1;
    const limit = input.limit ?? 10;
    const now = ctx.now();
    const rows = await ctx.db.selectFrom('ieo_projects').selectAll().orderBy('id', 'desc').execute();
    // In progress first (soonest to end first), then warming up (soonest to start), then ended (newest first).
    const rank = (row: (typeof rows)[number]) => (now < row.start_at ? 1 : now < row.end_at ? 0 : 2);
    rows.sort((a, b) => rank(a) - rank(b) || (rank(a) === 0 ? a.end_at - b.end_at : rank(a) === 1 ? a.start_at - b.start_at : b.end_at - a.end_at) || b.id - a.id);
    const slice = rows.slice((page - 1) * limit, page * limit);
    return { data: await ieo.views(slice, now), page, limit, more: rows.length > page * limit };
  });

  route(app, ctx, endpoints.ieoProject, async ({ input }) => {
    const row = await ctx.db.selectFrom('ieo_projects').selectAll().where('id', '=', input.project_id).executeTakeFirst();
    if (!row) throw new ApiError('server:errors.record_unknown');
    const [view] = await ieo.views([row]);
    if (!view) throw new ApiError('server:errors.record_unknown');
    return view;
  });

  const answer = async (order: IeoOrderRow) => {
    const project = await ctx.db.selectFrom('ieo_projects').selectAll().where('id', '=', order.project_id).executeTakeFirstOrThrow();
    const [view] = await ieo.views([project]);
    if (!view) throw new ApiError('server:errors.record_unknown');
    return ieo.orderView(order, view);
  };

  route(app, ctx, endpoints.ieoSubscribe, async ({ input, auth }) =>
    answer(
      await once(
        ctx,
        { userId: auth.user.id, requestId: input.request_id, kind: 'ieo' },
        (remember) => ctx.exchange.run((step) => ieo.subscribe(step, auth.user.id, input, remember)),
        (id) => ctx.db.selectFrom('ieo_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
      ),
    ),
  );

  route(app, ctx, endpoints.ieoOrders, async ({ input, auth }) => {
    const page = input.page ?? 1;
    const limit = input.limit ?? 10;
    let query = ctx.db.selectFrom('ieo_orders').selectAll().where('user_id', '=', auth.user.id);
    if (input.project_id !== undefined) query = query.where('project_id', '=', input.project_id);
    const rows = await query
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .offset((page - 1) * limit)
      .execute();
    const ids = [...new Set(rows.map((row) => row.project_id))];
    const projects = ids.length > 0 ? await ctx.db.selectFrom('ieo_projects').selectAll().where('id', 'in', ids).execute() : [];
    const views = new Map((await ieo.views(projects)).map((view) => [view.id, view]));
    return {
      data: rows.slice(0, limit).flatMap((row) => {
        const view = views.get(row.project_id);
        return view ? [ieo.orderView(row, view)] : [];
      }),
      page,
      limit,
      more: rows.length > limit,
    };
  });
}
