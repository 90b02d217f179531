import { refuseFrozen } from '../auth/sessions';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { ApiError } from '../http/errors';
import { newToken, tokenHash } from '../security/tokens';
import { noteDevice, openSession, recordLogin, type LoginSource } from './logins';
import { checkFactor, factorKind, totpEnabled, useFactor, type FactorUse } from './totp';

/**
 * A login with the authenticator app on takes two steps. The right password answers a
 * challenge, never a session: a random token (kept as its SHA-256) for 5 minutes and one
 * use, bound to the account and to the device that gave the password. The second step
 * gives it back with a code of the app or a recovery code; the challenge, the code and the
 * new session are used up and made in one transaction, so of any number of requests with
 * the same challenge and code, one gets a session.
 */
export const LOGIN_CHALLENGE_TTL_MS = 5 * 60_000;

export type LoginAnswer = string | { totp_required: true; challenge: string; expires_at: number };

/** After the right password: a session, or with the authenticator app on, the second step's challenge. */
export async function afterPassword(ctx: AppContext, user: UserRow, source: LoginSource): Promise<LoginAnswer> {
  // A frozen account is told so at the password, not after the owner has typed a code too.
  refuseFrozen(user);
  if (await totpEnabled(ctx.db, user.id)) {
    const challenge = newToken();
    const now = ctx.now();
    const expiresAt = now + LOGIN_CHALLENGE_TTL_MS;
    await ctx.db
      .insertInto('login_challenges')
      .values({
        token_hash: tokenHash(challenge),
        user_id: user.id,
        ip: source.ip,
        user_agent: source.userAgent.slice(0, 300),
        device_id: source.deviceId,
        created_at: now,
        expires_at: expiresAt,
        used_at: null,
      })
      .execute();
    return { totp_required: true, challenge, expires_at: expiresAt };
  }
  const token = await openSession(ctx, user, source, { method: 'password', secondFactor: null });
  await noteDevice(ctx, user, source);
  return token;
}

const expired = (): ApiError => new ApiError('server:errors.totp_challenge_expired');

/** The second step: the challenge and a code. `ip` and `language` are this request's; the device is the first step's. */
export async function finishTotpLogin(ctx: AppContext, challenge: string, code: string, call: { ip: string; language: LoginSource['language'] }): Promise<string> {
  const now = ctx.now();
  const row = await ctx.db
    .selectFrom('login_challenges')
    .innerJoin('users', 'users.id', 'login_challenges.user_id')
    .selectAll('users')
    .select(['login_challenges.id as challenge_id', 'login_challenges.user_agent as challenge_agent', 'login_challenges.device_id as challenge_device'])
    .where('login_challenges.token_hash', '=', tokenHash(challenge))
    .where('login_challenges.used_at', 'is', null)
    .where('login_challenges.expires_at', '>', now)
    .executeTakeFirst();
  if (!row) throw expired();
  const { challenge_id: challengeId, challenge_agent: userAgent, challenge_device: deviceId, ...user } = row;
  const source: LoginSource = { ip: call.ip, userAgent, deviceId, language: call.language };
  const kind = /^[0-9]{6}$/.test(code.trim()) ? 'totp' : 'recovery';
  const refused = async (error: unknown): Promise<never> => {
    if (error instanceof ApiError && (error.key === 'server:errors.totp_wrong' || error.key === 'server:errors.totp_reused')) {
      await recordLogin(ctx.db, user.id, source, { method: 'password', secondFactor: kind }, ctx.now(), error.key === 'server:errors.totp_wrong' ? 'code' : 'code_reused');
    }
    throw error;
  };
  let use: FactorUse;
  try {
    use = await checkFactor(ctx, user.id, code, 'totpLogin');
  } catch (error) {
    return refused(error);
  }
  let token: string;
  try {
    token = await ctx.db.transaction().execute(async (trx) => {
      const taken = await trx.updateTable('login_challenges').set({ used_at: ctx.now() }).where('id', '=', challengeId).where('used_at', 'is', null).executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) throw expired();
      await useFactor(trx, user.id, use, ctx.now());
      return openSession(ctx, user, source, { method: 'password', secondFactor: factorKind(use) }, trx);
    });
  } catch (error) {
    return refused(error);
  }
  await noteDevice(ctx, user, source);
  return token;
}
