import { createHmac, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import type { AppContext } from '../context';
import type { Database, SecondFactor } from '../db/schema';
import { ApiError } from '../http/errors';
import { BUDGETS, reserveAttempt, type Budget } from '../security/rate-limit';
import { sameHash } from '../security/tokens';

/**
 * The authenticator app (RFC 6238 TOTP, by the otpauth package): SHA-1, six digits, 30
 * seconds, as every authenticator app reads a QR code by default. A code is accepted for
 * the step before and after the server's (a phone's clock a little off), and once: the
 * newest step accepted is stored per user, and a code of it or an earlier step is refused,
 * by a conditional update in the transaction of what the code confirms, so however many
 * requests carry the same code at once, one is served.
 *
 * Recovery codes stand in for the app when it is lost: ten, each once, kept as HMACs (like
 * verification codes: server/security/tokens.ts), shown only when made.
 */
const DIGITS = 6;
const PERIOD_S = 30;
/** Steps either side of now a code is accepted for. */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** Lower-case letters and digits without look-alikes (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A new secret: 160 random bits (RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, site: string, account: string): TOTP {
  return new TOTP({ issuer: site, label: account, algorithm: 'SHA1', digits: DIGITS, period: PERIOD_S, secret: Secret.fromBase32(secret) });
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(secret: string, site: string, account: string): string {
  return totpOf(secret, site, account).toString();
}

/** The 30-second step of a moment. */
export const stepAt = (ms: number): number => Math.floor(ms / 1000 / PERIOD_S);

/** The step `code` was made for, within the window around `now`, or null when it is no code of this secret. */
export function matchingStep(secret: string, code: string, now: number): number | null {
  const delta = totpOf(secret, '', '').validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : stepAt(now) + delta;
}

/** What a right code was, to be used up in the transaction of what it confirms. */
export type FactorUse = { kind: 'totp'; step: number } | { kind: 'recovery'; id: number };

export const factorKind = (use: FactorUse): SecondFactor => use.kind;

const normalRecovery = (code: string): string => code.trim().toLowerCase().replace('-', '');

function recoveryHash(ctx: AppContext, userId: number, code: string): string {
  return createHmac('sha256', ctx.codeSecret)
    .update(`recovery\n${userId}\n${normalRecovery(code)}`)
    .digest('hex');
}

/** Ten new recovery codes, xxxxx-xxxxx. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let code = '';
    for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(0, RECOVERY_ALPHABET.length)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** Replaces the user's recovery codes with `codes` (stored as HMACs), in the caller's transaction. */
export async function storeRecoveryCodes(ctx: AppContext, trx: Kysely<Database>, userId: number, codes: readonly string[], now: number): Promise<void> {
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await trx
    .insertInto('recovery_codes')
    .values(codes.map((code) => ({ user_id: userId, code_hash: recoveryHash(ctx, userId, code), created_at: now, used_at: null })))
    .execute();
}

/** The user's authenticator, when it is on. */
export async function enabledFactor(db: Kysely<Database>, userId: number): Promise<{ secret: string; last_step: number } | undefined> {
  return db.selectFrom('totp_factors').select(['secret', 'last_step']).where('user_id', '=', userId).where('enabled_at', 'is not', null).executeTakeFirst();
}

export async function totpEnabled(db: Kysely<Database>, userId: number): Promise<boolean> {
  return (await enabledFactor(db, userId)) !== undefined;
}

/** What a code turned out to be: right (to be used up), already used, or wrong. */
type Reading = { use: FactorUse } | { reused: true } | null;

async function readCode(ctx: AppContext, userId: number, secret: string, lastStep: number, code: string): Promise<Reading> {
  if (/^[0-9]{6}$/.test(code.trim())) {
    const step = matchingStep(secret, code.trim(), ctx.now());
    if (step === null) return null;
    return step > lastStep ? { use: { kind: 'totp', step } } : { reused: true };
  }
  const hash = recoveryHash(ctx, userId, code);
  const rows = await ctx.db.selectFrom('recovery_codes').select(['id', 'code_hash', 'used_at']).where('user_id', '=', userId).execute();
  const row = rows.find((candidate) => sameHash(candidate.code_hash, hash));
  if (!row) return null;
  return row.used_at === null ? { use: { kind: 'recovery', id: row.id } } : { reused: true };
}

export type Budgeted = 'totpLogin' | 'totpConfirm';

/**
 * Checks a code of the user's authenticator (or a recovery code) under an attempt budget:
 * the try is reserved before the code is compared; a wrong code counts, a right one (or
 * one already used: it guesses nothing) is given back. Answers what to use up in the
 * transaction it confirms (useFactor). `secret`: a setup's secret not yet enabled.
 */
export async function checkFactor(ctx: AppContext, userId: number, code: string, budget: Budgeted, secret?: { secret: string; last_step: number }): Promise<FactorUse> {
  const factor = secret ?? (await enabledFactor(ctx.db, userId));
  if (!factor) throw new ApiError('server:errors.totp_not_on');
  const key = { budget: BUDGETS[budget] satisfies Budget, subject: String(userId) };
  const { attempt, waitMs } = await reserveAttempt(ctx.db, ctx.now, [key]);
  if (!attempt) throw new ApiError('server:errors.totp_locked', { minutes: Math.ceil(waitMs / 60_000) });
  try {
    const reading = await readCode(ctx, userId, factor.secret, factor.last_step, code);
    if (reading === null) throw new ApiError('server:errors.totp_wrong');
    await attempt.refund(key);
    if ('reused' in reading) throw new ApiError('server:errors.totp_reused');
    return reading.use;
  } finally {
    await attempt.settle();
  }
}

/**
 * Uses up a right code in the transaction of what it confirms: a step later than the
 * newest used, or a recovery code not used. A request that carried the same code at the
 * same time and came first has used it: this one is refused (totp_reused), and its
 * transaction with it.
 */
export async function useFactor(trx: Kysely<Database>, userId: number, use: FactorUse, now: number): Promise<void> {
  const result =
    use.kind === 'totp'
      ? await trx.updateTable('totp_factors').set({ last_step: use.step }).where('user_id', '=', userId).where('last_step', '<', use.step).executeTakeFirst()
      : await trx.updateTable('recovery_codes').set({ used_at: now }).where('id', '=', use.id).where('user_id', '=', userId).where('used_at', 'is', null).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new ApiError('server:errors.totp_reused');
}

/** How many recovery codes the user has left. */
export async function recoveryCodesLeft(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
