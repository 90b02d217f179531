import type { Static } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { UserProfile, UserRow as UserListRow, UserSession } from '../../contract/api';
import { deviceName } from '../account-security/logins';
import { totpEnabled } from '../account-security/totp';
import { revokeAllSessions } from '../auth/sessions';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { ApiError } from '../http/errors';
import { closeOrderView, optionView, positionView, spotOrderView } from '../trading/views';
import { audit } from './auth';

/**
 * The console's Users screen (issue 24): find a user as a support desk does, read what
 * they hold and did, end their sessions, freeze and unfreeze the account. Reads only,
 * except sessions and the freeze: nothing here moves money or touches a market (a frozen
 * account's orders and positions stay and follow the market). Each action is audited
 * under the operator's name in the transaction of the change, and the sessions it ends
 * are announced after the commit (their sockets close on every process).
 */

/** The user the app shows as `uid`, or "there is no user with this number". */
export async function userByUid(ctx: AppContext, uid: number): Promise<UserRow> {
  const user = await ctx.db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirst();
  if (!user) throw new ApiError('server:errors.user_unknown');
  return user;
}

/** The target of a user's entries in the audit, as the balance adjustments write it. */
export const auditTarget = (user: Pick<UserRow, 'uid'>): string => `uid:${user.uid}`;

const mobileOf = (user: Pick<UserRow, 'area_code' | 'mobile'>): string | null => (user.mobile === null ? null : `+${user.area_code ?? ''} ${user.mobile}`);

/** A LIKE pattern that finds `text` anywhere, its own % and _ taken as themselves. */
const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (mark) => `\\${mark}`)}%`;

/** The largest UID a search reads as one (the contract's bound). */
const MAX_UID = 2_147_483_647;

/**
 * Users found by what a support desk types, newest first. Digits (spaces, dashes, a plus
 * and brackets aside) are a UID, shown first, or part of a mobile number with or without
 * its area code; any text is part of an e-mail or a nickname, in any case.
 */
export async function searchUsers(ctx: AppContext, input: { query?: string | undefined; frozen: boolean; page: number; limit: number }) {
  const typed = (input.query ?? '').trim();
  let query = ctx.db.selectFrom('users').select(['id', 'uid', 'nickname', 'email', 'area_code', 'mobile', 'real_level', 'created_at', 'frozen_at']);
  if (input.frozen) query = query.where('frozen_at', 'is not', null);
  const digits = typed.replace(/[\s()+-]/g, '');
  const uid = /^[0-9]{1,10}$/.test(digits) && Number(digits) <= MAX_UID ? Number(digits) : null;
  if (typed !== '') {
    const text = containing(typed.toLowerCase());
    query = query.where((eb) => {
      const found = [sql<boolean>`lower(${eb.ref('email')}) like ${text} escape '\\'`, sql<boolean>`lower(${eb.ref('nickname')}) like ${text} escape '\\'`];
      if (/^[0-9]+$/.test(digits)) {
        const number = containing(digits);
        found.push(sql<boolean>`${eb.ref('mobile')} like ${number} escape '\\'`, sql<boolean>`(${eb.ref('area_code')} || ${eb.ref('mobile')}) like ${number} escape '\\'`);
      }
      if (uid !== null) found.push(sql<boolean>`${eb.ref('uid')} = ${uid}`);
      return eb.or(found);
    });
    if (uid !== null) query = query.orderBy(sql`case when ${sql.ref('uid')} = ${uid} then 0 else 1 end`);
  }
  const rows = await query
    .orderBy('id', 'desc')
    .limit(input.limit + 1)
    .offset((input.page - 1) * input.limit)
    .execute();
  const data: Static<typeof UserListRow>[] = rows.slice(0, input.limit).map((row) => ({
    uid: row.uid,
    nickname: row.nickname,
    email: row.email,
    mobile: mobileOf(row),
    real_level: row.real_level,
    created_at: row.created_at,
    frozen_at: row.frozen_at,
  }));
  return { data, page: input.page, limit: input.limit, more: rows.length > input.limit };
}

export async function profileOf(ctx: AppContext, user: UserRow): Promise<Static<typeof UserProfile>> {
  const inviter = user.invited_by === null ? undefined : await ctx.db.selectFrom('users').select(['uid', 'nickname']).where('id', '=', user.invited_by).executeTakeFirst();
  const invitees = await ctx.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('invited_by', '=', user.id)
    .executeTakeFirstOrThrow();
  const identity = await ctx.db
    .selectFrom('identity_submissions')
    .select(['id', 'level', 'status', 'reason', 'created_at', 'reviewed_at', 'reviewed_by'])
    .where('user_id', '=', user.id)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const passkeys = await ctx.db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();
  return {
    uid: user.uid,
    nickname: user.nickname,
    email: user.email,
    mobile: mobileOf(user),
    invite_code: user.invite_code,
    inviter: inviter ?? null,
    invitees: Number(invitees.count),
    created_at: user.created_at,
    real_level: user.real_level,
    identity: identity ?? null,
    totp: await totpEnabled(ctx.db, user.id),
    passkeys: Number(passkeys.count),
    pay_password: user.pay_password_hash !== null,
    frozen: user.frozen_at === null ? null : { at: user.frozen_at, reason: user.frozen_reason ?? '', by: user.frozen_by ?? '' },
  };
}

/** How many open orders (or sessions) a list shows at most, and how many finished ones after them. */
const OPEN_SHOWN = 200;
const RECENT_SHOWN = 20;

/** A user's trading, read only: each kind's open ones, then its newest finished ones. */
export async function ordersOf(ctx: AppContext, userId: number) {
  const { catalogue, db } = ctx;
  const { contracts } = ctx.trading;
  const both = async <T>(open: Promise<T[]>, finished: Promise<T[]>): Promise<T[]> => [...(await open), ...(await finished)];
  const spot = await both(
    db.selectFrom('spot_orders').selectAll().where('user_id', '=', userId).where('status', '=', 'open').orderBy('id', 'desc').limit(OPEN_SHOWN).execute(),
    db.selectFrom('spot_orders').selectAll().where('user_id', '=', userId).where('status', '!=', 'open').orderBy('id', 'desc').limit(RECENT_SHOWN).execute(),
  );
  const positions = await both(
    db.selectFrom('lever_positions').selectAll().where('user_id', '=', userId).where('status', 'in', ['open', 'pending']).orderBy('id', 'desc').limit(OPEN_SHOWN).execute(),
    db.selectFrom('lever_positions').selectAll().where('user_id', '=', userId).where('status', 'in', ['closed', 'cancelled']).orderBy('id', 'desc').limit(RECENT_SHOWN).execute(),
  );
  const closeOrders = await both(
    db.selectFrom('lever_close_orders').selectAll().where('user_id', '=', userId).where('status', '=', 'pending').orderBy('id', 'desc').limit(OPEN_SHOWN).execute(),
    db.selectFrom('lever_close_orders').selectAll().where('user_id', '=', userId).where('status', '!=', 'pending').orderBy('id', 'desc').limit(RECENT_SHOWN).execute(),
  );
  const options = await both(
    db.selectFrom('micro_orders').selectAll().where('user_id', '=', userId).where('status', '=', 'open').orderBy('id', 'desc').limit(OPEN_SHOWN).execute(),
    db.selectFrom('micro_orders').selectAll().where('user_id', '=', userId).where('status', '=', 'settled').orderBy('id', 'desc').limit(RECENT_SHOWN).execute(),
  );
  const closeOrderViews = [];
  for (const row of closeOrders) closeOrderViews.push(closeOrderView(catalogue, row, await contracts.directionOf(db, row)));
  return {
    spot: spot.map((row) => spotOrderView(catalogue, row)),
    positions: positions.map((row) => positionView(catalogue, row)),
    close_orders: closeOrderViews,
    options: options.map((row) => optionView(catalogue, row)),
  };
}

/** A user's sessions: the active ones (last used first), then the newest ended or expired ones. */
export async function sessionsOf(ctx: AppContext, userId: number): Promise<Static<typeof UserSession>[]> {
  const now = ctx.now();
  const columns = ['id', 'user_agent', 'ip', 'created_at', 'last_seen_at', 'expires_at', 'revoked_at'] as const;
  const active = await ctx.db
    .selectFrom('sessions')
    .select(columns)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .limit(OPEN_SHOWN)
    .execute();
  const ended = await ctx.db
    .selectFrom('sessions')
    .select(columns)
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('revoked_at', 'is not', null), eb('expires_at', '<=', now)]))
    .orderBy('id', 'desc')
    .limit(RECENT_SHOWN)
    .execute();
  return [...active, ...ended].map((row) => ({ ...row, device: deviceName(row.user_agent), active: row.revoked_at === null && row.expires_at > now }));
}

/** Ends one of the user's active sessions; "already ended" when it is not one (another user's, ended, expired). */
export async function revokeUserSession(ctx: AppContext, operator: string, user: UserRow, sessionId: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const ended = await trx
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('id', '=', sessionId)
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(ended.numUpdatedRows) !== 1) throw new ApiError('server:errors.security_session_unknown');
    await audit({ trx, time: now }, operator, 'revoke-session', auditTarget(user), `session:${sessionId}`);
  });
  ctx.sessions.announce({ userId: user.id, sessionId });
}

/** Ends every active session of the user; answers how many. None to end is refused, and nothing is audited. */
export async function revokeUserSessions(ctx: AppContext, operator: string, user: UserRow): Promise<number> {
  const ended = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const rows = await trx.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', user.id).where('revoked_at', 'is', null).where('expires_at', '>', now).returning('id').execute();
    if (rows.length === 0) throw new ApiError('server:errors.user_no_sessions');
    await audit({ trx, time: now }, operator, 'revoke-sessions', auditTarget(user), rows.map((row) => `session:${row.id}`).join(' '));
    return rows.length;
  });
  ctx.sessions.announce({ userId: user.id, sessionId: null });
  return ended;
}

/**
 * Freezes the account: marked frozen (one conditional update, so of two operators freezing
 * at once one does it and the other is told it is frozen already), every session ended,
 * audited, in one transaction. From then on no session of it works and no login or reset
 * is accepted (server/auth/sessions.ts). Its money, orders and positions stay as they are;
 * copy trading makes no copy for it or from it while it is frozen (server/copy/desk.ts).
 */
export async function freezeUser(ctx: AppContext, operator: string, user: UserRow, reason: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const frozen = await trx
      .updateTable('users')
      .set({ frozen_at: now, frozen_reason: reason, frozen_by: operator, updated_at: now })
      .where('id', '=', user.id)
      .where('frozen_at', 'is', null)
      .executeTakeFirst();
    if (Number(frozen.numUpdatedRows) !== 1) throw new ApiError('server:errors.account_already_frozen');
    await revokeAllSessions(ctx, user.id, trx);
    await audit({ trx, time: now }, operator, 'freeze-user', auditTarget(user), reason);
  });
  ctx.sessions.announce({ userId: user.id, sessionId: null });
}

/** Unfreezes the account: the user may log in again (the sessions ended by the freeze stay ended). */
export async function unfreezeUser(ctx: AppContext, operator: string, user: UserRow, reason: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const unfrozen = await trx
      .updateTable('users')
      .set({ frozen_at: null, frozen_reason: null, frozen_by: null, updated_at: now })
      .where('id', '=', user.id)
      .where('frozen_at', 'is not', null)
      .executeTakeFirst();
    if (Number(unfrozen.numUpdatedRows) !== 1) throw new ApiError('server:errors.account_not_frozen');
    await audit({ trx, time: now }, operator, 'unfreeze-user', auditTarget(user), reason);
  });
}
