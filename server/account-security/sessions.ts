import type { Static } from '@sinclair/typebox';
import type { LoginEvent, Session } from '../../contract/api/security';
import { revokeSession, type Auth } from '../auth/sessions';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { deviceName } from './logins';

/**
 * The account's active sessions (device, address, last use) and its login history. A
 * session ended here closes its sockets at once, on every process (ctx.sessions, through
 * socket.io's adapter), and its token answers "please log in" from then on.
 */
export async function activeSessions(ctx: AppContext, auth: Auth): Promise<Static<typeof Session>[]> {
  const rows = await ctx.db
    .selectFrom('sessions')
    .select(['id', 'ip', 'user_agent', 'created_at', 'last_seen_at'])
    .where('user_id', '=', auth.user.id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', ctx.now())
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  const sessions = rows.map((row) => ({ id: row.id, device: deviceName(row.user_agent), ip: row.ip, created_at: row.created_at, last_seen_at: row.last_seen_at, current: row.id === auth.sessionId }));
  return [...sessions.filter((session) => session.current), ...sessions.filter((session) => !session.current)];
}

export async function activeSessionCount(ctx: AppContext, userId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', ctx.now())
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Ends another of the user's sessions (this one ends by logging out). */
export async function revokeOne(ctx: AppContext, auth: Auth, id: number): Promise<void> {
  if (id === auth.sessionId) throw new ApiError('server:errors.security_session_current');
  const row = await ctx.db.selectFrom('sessions').select('id').where('id', '=', id).where('user_id', '=', auth.user.id).where('revoked_at', 'is', null).executeTakeFirst();
  if (!row) throw new ApiError('server:errors.security_session_unknown');
  await revokeSession(ctx, auth.user.id, id);
}

/** Ends every other session of the user, each one's sockets closed. Answers how many. */
export async function revokeOthers(ctx: AppContext, auth: Auth): Promise<number> {
  const ended = await ctx.db
    .updateTable('sessions')
    .set({ revoked_at: ctx.now() })
    .where('user_id', '=', auth.user.id)
    .where('id', '!=', auth.sessionId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  for (const { id } of ended) ctx.sessions.announce({ userId: auth.user.id, sessionId: id });
  return ended.length;
}

export async function loginHistory(ctx: AppContext, userId: number, page: number, limit: number) {
  const rows = await ctx.db
    .selectFrom('login_events')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
  const data: Static<typeof LoginEvent>[] = rows.slice(0, limit).map((row) => ({
    id: row.id,
    at: row.at,
    ip: row.ip,
    device: deviceName(row.user_agent),
    method: row.method,
    second_factor: row.second_factor,
    success: row.success === 1,
    failure: row.failure,
  }));
  return { data, page, limit, more: rows.length > limit };
}
