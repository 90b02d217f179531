import type { Kysely } from 'kysely';
import type { AppContext } from '../context';
import type { Database, UserRow } from '../db/schema';
import { ApiError } from '../http/errors';
import { newToken, tokenHash } from '../security/tokens';

/** A session lasts 30 days from login; logout and password changes end it sooner. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 60_000;

export interface Auth {
  sessionId: number;
  user: UserRow;
}

/**
 * A new session's token; inside a transaction when `db` is one (a login's last step, made once).
 * Every way in (password, authenticator code, passkey, sign-up) makes its session here, so a
 * frozen account is refused here whatever the way; the login's transaction is undone with it.
 */
export async function createSession(ctx: AppContext, userId: number, ip: string, userAgent: string, db: Kysely<Database> = ctx.db): Promise<string> {
  const user = await db.selectFrom('users').select('frozen_at').where('id', '=', userId).executeTakeFirstOrThrow();
  refuseFrozen(user);
  const token = newToken();
  const now = ctx.now();
  await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: tokenHash(token),
      created_at: now,
      expires_at: now + SESSION_TTL_MS,
      last_seen_at: now,
      revoked_at: null,
      ip,
      user_agent: userAgent.slice(0, 300),
    })
    .execute();
  return token;
}

/** A frozen account (an operator's decision) signs in nowhere: said only to whoever has proved they hold it (its password, a code, a passkey). */
export function refuseFrozen(user: Pick<UserRow, 'frozen_at'>): void {
  if (user.frozen_at !== null) throw new ApiError('server:errors.account_frozen');
}

/** The Authorization header holds the token, bare or after "Bearer ". */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null;
}

/**
 * The session a token opens. A frozen account's sessions open nothing, in every process and
 * whenever they were made: freezing ends them too, but a login that checked the account just
 * before it was frozen may still have made one.
 */
export async function authenticate(ctx: AppContext, token: string | null): Promise<Auth | null> {
  if (!token) return null;
  const now = ctx.now();
  const row = await ctx.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.id as session_id', 'sessions.last_seen_at as session_seen'])
    .where('sessions.token_hash', '=', tokenHash(token))
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .where('users.frozen_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const { session_id: sessionId, session_seen: seen, ...user } = row;
  if (now - seen > TOUCH_EVERY_MS) {
    await ctx.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
  }
  return { sessionId, user };
}

/** A session, or every session of a user, that has just ended (logout, a password change or reset). */
export type SessionEnd = { userId: number; sessionId: number } | { userId: number; sessionId: null };

/**
 * Tells whoever holds connections for sessions (the socket server) that some have ended,
 * once the ending is committed: a connected socket of an ended session is closed at once
 * instead of receiving its user's private events until it reconnects. The socket server
 * closes them through socket.io's adapter, so the sockets of every process close.
 */
export class SessionEnds {
  private readonly listeners = new Set<(end: SessionEnd) => void>();

  subscribe(listener: (end: SessionEnd) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  announce(end: SessionEnd): void {
    for (const listener of this.listeners) {
      try {
        listener(end);
      } catch (error) {
        console.error('a listener of ended sessions failed', error);
      }
    }
  }
}

/** Ends one session (logout) and closes its sockets. */
export async function revokeSession(ctx: AppContext, userId: number, sessionId: number): Promise<void> {
  await ctx.db.updateTable('sessions').set({ revoked_at: ctx.now() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
  ctx.sessions.announce({ userId, sessionId });
}

/**
 * Ends every session of a user. Inside a transaction (`db` a transaction), the caller
 * announces the end once it has committed (`ctx.sessions.announce`); otherwise it is announced here.
 */
export async function revokeAllSessions(ctx: AppContext, userId: number, db: Kysely<Database> = ctx.db): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: ctx.now() }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  if (db === ctx.db) ctx.sessions.announce({ userId, sessionId: null });
}
