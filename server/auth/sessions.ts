import type { Kysely } from 'kysely';
import type { AppContext } from '../context';
import type { Database, UserRow } from '../db/schema';
import { newToken, tokenHash } from '../security/tokens';

/** A session lasts 30 days from login; logout and password changes end it sooner. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 60_000;

export interface Auth {
  sessionId: number;
  user: UserRow;
}

export async function createSession(ctx: AppContext, userId: number, ip: string, userAgent: string): Promise<string> {
  const token = newToken();
  const now = ctx.now();
  await ctx.db
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

/** The Authorization header holds the token, bare or after "Bearer ". */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null;
}

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
    .executeTakeFirst();
  if (!row) return null;
  const { session_id: sessionId, session_seen: seen, ...user } = row;
  if (now - seen > TOUCH_EVERY_MS) {
    await ctx.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
  }
  return { sessionId, user };
}

export async function revokeSession(ctx: AppContext, sessionId: number): Promise<void> {
  await ctx.db.updateTable('sessions').set({ revoked_at: ctx.now() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

export async function revokeAllSessions(ctx: AppContext, userId: number, db: Kysely<Database> = ctx.db): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: ctx.now() }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}
