import type { Static } from '@sinclair/typebox';
import type { ChatMessage } from '../../contract/api/chat';
import { CHANNELS, SOCKET_EVENTS, USER_EVENTS } from '../../contract/realtime';
import type { AppContext } from '../context';
import type { ChatMessagesTable } from '../db/schema';
import { ApiError } from '../http/errors';
import { people } from '../nft/views';
import { BUDGETS, reserveAttempt } from '../security/rate-limit';
import { ownUpload } from '../wallet/deposits';

/**
 * Chat. A public room per language ("lang:<code>"): anyone reads, users write. The room of
 * an OTC order ("otc:<id>"): its buyer and seller only, images allowed, kept with the
 * order. Every message counts against the writer's budgets (BUDGETS.chatBurst, chatHour),
 * in the database, so the limits hold across requests and processes. A muted user writes
 * nowhere until the mute ends. An operator removes a message: it stays, empty and marked.
 */
type Row = Pick<ChatMessagesTable, 'room' | 'user_id' | 'body' | 'image' | 'created_at' | 'removed_at'> & { id: number };

export async function orderParties(ctx: Pick<AppContext, 'db'>, room: string): Promise<[number, number] | null> {
  if (!room.startsWith('otc:')) return null;
  const order = await ctx.db
    .selectFrom('otc_orders')
    .select(['buyer_id', 'seller_id'])
    .where('id', '=', Number(room.slice(4)))
    .executeTakeFirst();
  return order ? [order.buyer_id, order.seller_id] : null;
}

/** Who may read a room: anyone a public one; an order's, its two sides. */
export async function mayRead(ctx: Pick<AppContext, 'db'>, room: string, userId: number | null): Promise<boolean> {
  if (room.startsWith('lang:')) return true;
  const parties = await orderParties(ctx, room);
  return parties !== null && userId !== null && parties.includes(userId);
}

export async function send(ctx: AppContext, userId: number, input: { room: string; body: string; image?: string | undefined }): Promise<Static<typeof ChatMessage>> {
  const body = input.body.trim();
  if (!(await mayRead(ctx, input.room, userId))) throw new ApiError('server:errors.chat_room_closed');
  if (input.image !== undefined && !input.room.startsWith('otc:')) throw new ApiError('server:errors.chat_text_only');
  if (body.length === 0 && input.image === undefined) throw new ApiError('server:errors.chat_empty');
  const mute = await ctx.db.selectFrom('chat_mutes').select('until').where('user_id', '=', userId).executeTakeFirst();
  if (mute && mute.until > ctx.now()) throw new ApiError('server:errors.chat_muted', { minutes: Math.ceil((mute.until - ctx.now()) / 60_000) });
  if (input.image !== undefined) await ownUpload(ctx, userId, input.image);
  const { attempt, waitMs } = await reserveAttempt(ctx.db, ctx.now, [
    { budget: BUDGETS.chatBurst, subject: String(userId) },
    { budget: BUDGETS.chatHour, subject: String(userId) },
  ]);
  if (!attempt) throw new ApiError('server:errors.chat_too_fast', { seconds: Math.max(1, Math.ceil(waitMs / 1000)) });
  await attempt.settle();
  const row = await ctx.db
    .insertInto('chat_messages')
    .values({ room: input.room, user_id: userId, body, image: input.image ?? null, created_at: ctx.now(), removed_at: null, removed_by: null })
    .returning(['id', 'room', 'user_id', 'body', 'image', 'created_at', 'removed_at'])
    .executeTakeFirstOrThrow();
  const [view] = await views(ctx, [row], null);
  if (!view) throw new ApiError('server:errors.record_unknown');
  // Pushed as others see it (mine: false); the writer's own answer says mine.
  if (input.room.startsWith('lang:')) ctx.broadcast.toChannel(CHANNELS.chat(input.room.slice(5)), SOCKET_EVENTS.chat, view);
  else for (const party of (await orderParties(ctx, input.room)) ?? []) ctx.broadcast.toUser(party, USER_EVENTS.otcChat, view);
  return { ...view, mine: true };
}

/** Messages as a reader sees them: a removed one empty, except to an operator (`unredacted`), who sees what it said. */
export async function views(ctx: Pick<AppContext, 'db'>, rows: readonly Row[], viewer: number | null, unredacted = false): Promise<Static<typeof ChatMessage>[]> {
  const authors = await people(
    ctx.db,
    rows.map((row) => row.user_id),
  );
  return rows.map((row) => ({
    id: row.id,
    room: row.room,
    author: authors.get(row.user_id) ?? { uid: 0, name: '', avatar: '' },
    mine: row.user_id === viewer,
    body: row.removed_at === null || unredacted ? row.body : '',
    image: row.removed_at === null || unredacted ? row.image : null,
    removed: row.removed_at !== null,
    created_at: row.created_at,
  }));
}
