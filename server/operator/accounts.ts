import type { AppContext } from '../context';
import type { Db } from '../db/database';
import { ApiError } from '../http/errors';
import type { ServerKey } from '../i18n';
import { matchingStep, newTotpSecret, totpUri } from '../account-security/totp';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../security/passwords';
import { BUDGETS, reserveAttempt } from '../security/rate-limit';
import { newToken, tokenHash } from '../security/tokens';
import { audit } from './auth';

/**
 * Operator accounts (issue 24). An operator is given a token (the local operator's is in
 * DATA_DIR, the others' are shown once when added); with it, the operator may secure an
 * account: a password and an authenticator app (TOTP, as users' accounts use:
 * server/account-security/totp.ts). A secured account signs in to the console with its
 * name, password and a code; each sign-in is a session of its own, twelve hours long,
 * revocable, kept in the database so any process accepts it. The token still works for
 * the command line.
 *
 * Changing what protects a secured account asks for proof again: its current password and
 * a code of its current authenticator. Securing it ends every session it had.
 */
export const OPERATOR_SESSION_MS = 12 * 60 * 60 * 1000;

interface OperatorRow {
  id: number;
  name: string;
  password_hash: string | null;
  totp_secret: string | null;
  totp_enabled_at: number | null;
  totp_last_step: number;
}

async function operatorNamed(db: Db, name: string): Promise<OperatorRow | undefined> {
  return db.selectFrom('operators').select(['id', 'name', 'password_hash', 'totp_secret', 'totp_enabled_at', 'totp_last_step']).where('name', '=', name).executeTakeFirst();
}

/** Whether the account has a password and an authenticator in use. */
const isSecured = (row: OperatorRow): row is OperatorRow & { password_hash: string; totp_secret: string } => row.password_hash !== null && row.totp_secret !== null && row.totp_enabled_at !== null;

/**
 * Uses up a code in the transaction it confirms: a step later than the newest used, by a
 * conditional update, so the same code sent twice at once serves one request; the other
 * is refused with `refusal` (a sign-in answers its one refusal for every wrong part).
 */
async function useStep(db: Db, operatorId: number, step: number, refusal: ServerKey = 'server:errors.totp_reused'): Promise<void> {
  const result = await db.updateTable('operators').set({ totp_last_step: step }).where('id', '=', operatorId).where('totp_last_step', '<', step).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new ApiError(refusal);
}

/**
 * Sign-in with name, password and code. One answer for every wrong part (no name, wrong
 * password, wrong or used code, an account not secured), in the time a real check takes;
 * the tries are reserved before anything is compared, under the budgets of users' logins
 * (per source, per account, per IP), so guesses are as slow as against a user.
 */
export async function signIn(
  ctx: AppContext,
  input: { name: string; password: string; code: string },
  source: { ip: string; userAgent: string },
): Promise<{ name: string; token: string; expires_at: number }> {
  const account = `operator:${input.name}`;
  const perSource = { budget: BUDGETS.loginPerSource, subject: `${account}|${source.ip}` };
  const perAccount = { budget: BUDGETS.loginPerAccount, subject: account };
  const { attempt, waitMs } = await reserveAttempt(ctx.db, ctx.now, [{ budget: BUDGETS.loginPerIp, subject: source.ip }, perAccount, perSource]);
  if (!attempt) throw new ApiError('server:errors.too_many_attempts', { minutes: Math.ceil(waitMs / 60_000) });
  try {
    const row = await operatorNamed(ctx.db, input.name);
    const secured = row !== undefined && isSecured(row) ? row : null;
    const passwordRight = secured ? await verifyPassword(secured.password_hash, input.password) : await verifyAgainstNothing(input.password);
    const step = secured && passwordRight && /^[0-9]{6}$/.test(input.code.trim()) ? matchingStep(secured.totp_secret, input.code.trim(), ctx.now()) : null;
    // A used code is as wrong as any other here: it tells nothing about the password.
    if (!secured || step === null || step <= secured.totp_last_step) throw new ApiError('server:errors.operator_sign_in_failed');
    const token = newToken();
    const now = ctx.now();
    const expires = now + OPERATOR_SESSION_MS;
    await ctx.db.transaction().execute(async (trx) => {
      // The same code sent at once: the first request uses it, the others are refused alike.
      await useStep(trx, secured.id, step, 'server:errors.operator_sign_in_failed');
      await trx
        .insertInto('operator_sessions')
        .values({ operator_id: secured.id, token_hash: tokenHash(token), ip: source.ip, user_agent: source.userAgent.slice(0, 300), created_at: now, expires_at: expires, revoked_at: null })
        .execute();
      await audit({ trx, time: now }, secured.name, 'operator-sign-in', secured.name, source.ip);
    });
    // Right: this source starts afresh and the try leaves the account's ceiling.
    await attempt.clear(perSource);
    await attempt.refund(perAccount);
    return { name: secured.name, token, expires_at: expires };
  } finally {
    await attempt.settle();
  }
}

/** The session a console token is, if it is one (an operator's own token is not). */
async function sessionOf(db: Db, token: string | undefined): Promise<number | null> {
  if (token === undefined) return null;
  return (await db.selectFrom('operator_sessions').select('id').where('token_hash', '=', tokenHash(token)).executeTakeFirst())?.id ?? null;
}

/** Ends the session the request came with; an operator's own token is left alone (the command line uses it). */
export async function signOut(ctx: AppContext, token: string | undefined): Promise<void> {
  const id = await sessionOf(ctx.db, token);
  if (id !== null) await ctx.db.updateTable('operator_sessions').set({ revoked_at: ctx.now() }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

/** The account as its operator sees it: secured or not, and its sessions still open (newest first). */
export async function accountOf(ctx: AppContext, name: string, token: string | undefined) {
  const row = await operatorNamed(ctx.db, name);
  if (!row) throw new ApiError('server:errors.record_unknown');
  const current = await sessionOf(ctx.db, token);
  const sessions = await ctx.db
    .selectFrom('operator_sessions')
    .select(['id', 'ip', 'user_agent', 'created_at', 'expires_at'])
    .where('operator_id', '=', row.id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', ctx.now())
    .orderBy('id', 'desc')
    .execute();
  return { name: row.name, secured: isSecured(row), sessions: sessions.map((session) => ({ ...session, current: session.id === current })) };
}

/**
 * A new authenticator secret for the operator's account, kept aside until securing the
 * account confirms it with a code: the one in use (if any) keeps working meanwhile.
 */
export async function startTotp(ctx: AppContext, name: string): Promise<{ secret: string; uri: string }> {
  const secret = newTotpSecret();
  const row = await operatorNamed(ctx.db, name);
  if (!row) throw new ApiError('server:errors.record_unknown');
  // One setup per account, the newest: an upsert, so setups started at once never collide
  // (PostgreSQL runs them side by side); the secret in use (if any) stays meanwhile.
  await ctx.db
    .insertInto('operator_totp_setups')
    .values({ operator_id: row.id, secret, created_at: ctx.now() })
    .onConflict((oc) => oc.column('operator_id').doUpdateSet({ secret, created_at: ctx.now() }))
    .execute();
  return { secret, uri: totpUri(secret, 'Kestrel console', name) };
}

/**
 * Secures the account: a new password and the authenticator set up by startTotp,
 * confirmed by a code of it. A secured account proves itself first with its current
 * password and a code of its current authenticator (each try under the budget of a
 * change's confirmation). Every session of the account ends.
 */
export async function secure(ctx: AppContext, name: string, input: { password: string; code: string; current_password?: string | undefined; current_code?: string | undefined }): Promise<void> {
  const row = await operatorNamed(ctx.db, name);
  if (!row) throw new ApiError('server:errors.record_unknown');
  const setup = await ctx.db.selectFrom('operator_totp_setups').select('secret').where('operator_id', '=', row.id).executeTakeFirst();
  if (!setup) throw new ApiError('server:errors.operator_totp_not_started');
  let currentStep: number | null = null;
  if (isSecured(row)) {
    const key = { budget: BUDGETS.totpConfirm, subject: `operator:${row.id}` };
    const { attempt, waitMs } = await reserveAttempt(ctx.db, ctx.now, [key]);
    if (!attempt) throw new ApiError('server:errors.totp_locked', { minutes: Math.ceil(waitMs / 60_000) });
    try {
      const passwordRight = input.current_password !== undefined && (await verifyPassword(row.password_hash, input.current_password));
      currentStep = passwordRight && input.current_code !== undefined ? matchingStep(row.totp_secret, input.current_code.trim(), ctx.now()) : null;
      if (currentStep === null) throw new ApiError('server:errors.operator_proof_wrong');
      await attempt.refund(key);
    } finally {
      await attempt.settle();
    }
  }
  const newStep = matchingStep(setup.secret, input.code.trim(), ctx.now());
  if (newStep === null) throw new ApiError('server:errors.operator_code_wrong');
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    if (currentStep !== null) await useStep(trx, row.id, currentStep);
    // The setup is used once: a second request with it finds none.
    const taken = await trx.deleteFrom('operator_totp_setups').where('operator_id', '=', row.id).where('secret', '=', setup.secret).executeTakeFirst();
    if (Number(taken.numDeletedRows) !== 1) throw new ApiError('server:errors.operator_totp_not_started');
    await trx.updateTable('operators').set({ password_hash: passwordHash, totp_secret: setup.secret, totp_enabled_at: now, totp_last_step: newStep }).where('id', '=', row.id).execute();
    await trx.updateTable('operator_sessions').set({ revoked_at: now }).where('operator_id', '=', row.id).where('revoked_at', 'is', null).execute();
    await audit({ trx, time: now }, name, 'operator-secure', name, currentStep === null ? 'first' : 'changed');
  });
}

/** Ends one of the operator's own sessions. */
export async function revokeSession(ctx: AppContext, name: string, id: number): Promise<void> {
  const row = await operatorNamed(ctx.db, name);
  if (!row) throw new ApiError('server:errors.record_unknown');
  const done = await ctx.db.updateTable('operator_sessions').set({ revoked_at: ctx.now() }).where('id', '=', id).where('operator_id', '=', row.id).where('revoked_at', 'is', null).executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) throw new ApiError('server:errors.record_unknown');
  await audit(ctx, name, 'operator-session-revoke', name, `session:${id}`);
}
