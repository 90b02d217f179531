import type { Kysely } from 'kysely';
import type { Language } from '../../contract/languages';
import { readSetting } from '../common/settings';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import type { ServerKey } from '../i18n';
import { BUDGETS, reserveAttempt } from '../security/rate-limit';
import { codeHash, newCode, sameHash } from '../security/tokens';
import { targetOf, type AccountRef } from './accounts';

/** Spec 5 and 9: six digits; here also: ten minutes, one use, five wrong tries. */
export const CODE_TTL_MS = 10 * 60_000;
export const RESEND_AFTER_MS = 60_000;
export const MAX_ATTEMPTS = 5;
export const DAILY_CODES_PER_TARGET = 10;

/**
 * change_email, change_mobile: the code to the account's contact that confirms replacing (or adding) an address.
 * security: the one that confirms a change of the account's security without the authenticator app (server/account-security/proof.ts).
 */
export type Scene = 'register' | 'forget' | 'update_password' | 'pay_password' | 'bind_mobile' | 'bind_email' | 'change_email' | 'change_mobile' | 'security';

/**
 * code: send a code. notice: tell the owner someone tried to register their address
 * (no code). none: nothing to send (no such account). All three answer the same and
 * count against the same limits, so the answer never tells whether an account exists.
 */
export type Delivery = 'code' | 'notice' | 'none';

export interface CodeRequest {
  to: AccountRef;
  scene: Scene;
  /** the logged-in user a code is bound to, for scenes that act on an account */
  userId: number | null;
  delivery: Delivery;
  language: Language;
  ip: string;
}

export async function requestCode(ctx: AppContext, request: CodeRequest): Promise<void> {
  const now = ctx.now();
  const target = targetOf(request.to);
  const perIp = { budget: { ...BUDGETS.codesPerIp, limit: ctx.config.codesPerIp }, subject: request.ip };
  const { attempt } = await reserveAttempt(ctx.db, ctx.now, [perIp]);
  if (!attempt) throw new ApiError('server:errors.code_limit');
  try {
    // A refusal by the address's own limits gives the try back.
    const last = await ctx.db.selectFrom('verification_codes').select('created_at').where('target', '=', target).where('scene', '=', request.scene).orderBy('id', 'desc').executeTakeFirst();
    if (last && now - last.created_at < RESEND_AFTER_MS) {
      await attempt.refund(perIp);
      throw new ApiError('server:errors.code_too_soon', { seconds: Math.ceil((last.created_at + RESEND_AFTER_MS - now) / 1000) });
    }
    const today = await ctx.db
      .selectFrom('verification_codes')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('target', '=', target)
      .where('created_at', '>', now - 24 * 60 * 60_000)
      .executeTakeFirstOrThrow();
    if (Number(today.count) >= DAILY_CODES_PER_TARGET) {
      await attempt.refund(perIp);
      throw new ApiError('server:errors.code_limit');
    }
  } finally {
    await attempt.settle();
  }

  const code = request.delivery === 'code' ? newCode() : null;
  await ctx.db.transaction().execute(async (trx) => {
    // A new code replaces any earlier one for the same purpose.
    await trx.updateTable('verification_codes').set({ consumed_at: now }).where('target', '=', target).where('scene', '=', request.scene).where('consumed_at', 'is', null).execute();
    await trx
      .insertInto('verification_codes')
      .values({
        channel: request.to.kind === 'email' ? 'email' : 'sms',
        target,
        scene: request.scene,
        user_id: request.userId,
        code_hash: code ? codeHash(ctx.codeSecret, code, target, request.scene) : '',
        attempts: 0,
        created_at: now,
        expires_at: now + CODE_TTL_MS,
        consumed_at: code ? null : now,
      })
      .execute();
  });
  // The message is written now; sending it runs after the answer, so that its duration reveals nothing.
  const site = (await readSetting(ctx.db, 'site_name')) ?? 'Kestrel';
  void deliver(ctx, request, target, code, site).catch((error: unknown) => {
    console.error(`delivery to ${request.to.kind} failed`, error);
  });
}

async function deliver(ctx: AppContext, request: CodeRequest, target: string, code: string | null, site: string): Promise<void> {
  if (request.delivery === 'none') return;
  const t = ctx.i18n.fixed(request.language);
  const purpose = t(`server:mail.purpose.${request.scene}` as ServerKey);
  // Without a code, the notice that the address has an account already: asked for by a
  // sign-up (register) or by another account binding it (bind_*). Nothing in the answer differs.
  const notice = request.scene === 'register' ? 'registered' : 'bound';
  if (request.to.kind === 'email') {
    const message = code
      ? { subject: t('server:mail.code_subject', { code, site }), text: t('server:mail.code_body', { code, site, purpose }) }
      : { subject: t(`server:mail.${notice}_subject`, { site }), text: t(`server:mail.${notice}_body`, { site }) };
    await ctx.messenger.email({ to: target, ...message });
  } else {
    const text = code ? t('server:mail.code_sms', { code, site, purpose }) : t(`server:mail.${notice}_sms`, { site });
    await ctx.messenger.sms({ to: target, text });
  }
}

export interface CodeCheck {
  to: AccountRef;
  scene: Scene;
  code: string;
  /** for account-bound scenes: the user who must have asked for the code */
  userId: number | null;
}

/**
 * Answers the id of the live code for this target and scene if `code` matches it;
 * otherwise counts a wrong try and throws "wrong or expired" (after five, the code is
 * refused even when right). Does not use it up.
 */
export async function verifyCode(ctx: AppContext, check: CodeCheck): Promise<number> {
  const now = ctx.now();
  const target = targetOf(check.to);
  const row = await ctx.db
    .selectFrom('verification_codes')
    .selectAll()
    .where('target', '=', target)
    .where('scene', '=', check.scene)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const invalid = new ApiError('server:errors.code_invalid');
  if (!row) throw invalid;
  if (row.user_id !== null && row.user_id !== check.userId) throw invalid;
  // The try is counted before the code is compared, in one statement that succeeds only
  // under the limit: of any number of guesses at once, at most MAX_ATTEMPTS are compared.
  const reserved = await ctx.db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', row.id)
    .where('attempts', '<', MAX_ATTEMPTS)
    .executeTakeFirst();
  if (Number(reserved.numUpdatedRows) !== 1) throw invalid;
  if (!sameHash(row.code_hash, codeHash(ctx.codeSecret, check.code, target, check.scene))) throw invalid;
  // The right code is not a wrong try: it gives its try back (checked first, it still works for the action).
  await ctx.db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
    .where('id', '=', row.id)
    .execute();
  return row.id;
}

/**
 * Uses a verified code up, inside the transaction of the action it allows, so that
 * of two requests racing with one code exactly one goes through.
 */
export async function consumeCode(db: Kysely<Database>, codeId: number, now: number): Promise<void> {
  const used = await db.updateTable('verification_codes').set({ consumed_at: now }).where('id', '=', codeId).where('consumed_at', 'is', null).executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw new ApiError('server:errors.code_invalid');
}
