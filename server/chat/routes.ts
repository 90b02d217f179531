import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/api';
import { authenticate, tokenFromHeader } from '../auth/sessions';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { route } from '../http/route';
import { audit } from '../operator/auth';
import { mayRead, send, views } from './service';

/** Chat: a room's history, writing, reporting; the operator's removal and mute. */
export function chatRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** A page of a room, newest last; an operator sees what removed messages said. */
  const page = async (input: { room: string; before?: number | undefined; limit?: number | undefined }, viewer: number | null, operator: boolean) => {
    const limit = input.limit ?? 30;
    let query = ctx.db.selectFrom('chat_messages').select(['id', 'room', 'user_id', 'body', 'image', 'created_at', 'removed_at']).where('room', '=', input.room);
    if (input.before !== undefined) query = query.where('id', '<', input.before);
    const rows = await query
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
    return { data: (await views(ctx, rows.slice(0, limit), viewer, operator)).reverse(), more: rows.length > limit };
  };

  route(app, ctx, endpoints.chatHistory, async ({ input, request }) => {
    const viewer = (await authenticate(ctx, tokenFromHeader(request.headers.authorization)))?.user.id ?? null;
    if (!(await mayRead(ctx, input.room, viewer))) throw new ApiError('server:errors.chat_room_closed');
    return page(input, viewer, false);
  });

  route(app, ctx, endpoints.operatorChatRoom, async ({ input }) => page(input, null, true));

  route(app, ctx, endpoints.chatSend, async ({ input, auth }) => send(ctx, auth.user.id, input));

  route(app, ctx, endpoints.chatReport, async ({ input, auth, t }) => {
    const message = await ctx.db.selectFrom('chat_messages').select(['id', 'room']).where('id', '=', input.message_id).executeTakeFirst();
    if (!message || !(await mayRead(ctx, message.room, auth.user.id))) throw new ApiError('server:errors.record_unknown');
    await ctx.db
      .insertInto('chat_reports')
      .values({ message_id: message.id, reporter_id: auth.user.id, reason: input.reason, created_at: ctx.now(), handled_at: null })
      .onConflict((oc) => oc.columns(['message_id', 'reporter_id']).doNothing())
      .execute();
    return t('server:ok.reported');
  });

  route(app, ctx, endpoints.chatRemove, async ({ input, operator, t }) => {
    const name = operator ?? 'unknown';
    const done = await ctx.db.updateTable('chat_messages').set({ removed_at: ctx.now(), removed_by: name }).where('id', '=', input.id).where('removed_at', 'is', null).executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw new ApiError('server:errors.record_unknown');
    await ctx.db.updateTable('chat_reports').set({ handled_at: ctx.now() }).where('message_id', '=', input.id).where('handled_at', 'is', null).execute();
    await audit(ctx, name, 'chat-remove', `chat:${input.id}`, '');
    return t('server:ok.done');
  });

  route(app, ctx, endpoints.chatDismiss, async ({ input, operator, t }) => {
    const name = operator ?? 'unknown';
    const handled = await ctx.db.updateTable('chat_reports').set({ handled_at: ctx.now() }).where('message_id', '=', input.id).where('handled_at', 'is', null).executeTakeFirst();
    // Nothing left to dismiss (another operator handled it first): refused, not audited twice.
    if (Number(handled.numUpdatedRows) === 0) throw new ApiError('server:errors.record_unknown');
    await audit(ctx, name, 'chat-dismiss', `chat:${input.id}`, '');
    return t('server:ok.done');
  });

  route(app, ctx, endpoints.chatMute, async ({ input, operator, t }) => {
    const name = operator ?? 'unknown';
    const user = await ctx.db.selectFrom('users').select('id').where('uid', '=', input.uid).executeTakeFirst();
    if (!user) throw new ApiError('server:errors.record_unknown');
    const until = ctx.now() + input.minutes * 60_000;
    await ctx.db
      .insertInto('chat_mutes')
      .values({ user_id: user.id, until, reason: input.reason, muted_by: name, created_at: ctx.now() })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ until, reason: input.reason, muted_by: name, created_at: ctx.now() }))
      .execute();
    await audit(ctx, name, 'chat-mute', `user:${input.uid}`, `${input.minutes} min: ${input.reason}`);
    return t('server:ok.done');
  });
}
