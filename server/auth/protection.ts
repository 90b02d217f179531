import type { Kysely } from 'kysely';
import type { Language } from '../../contract/languages';
import { readSetting } from '../common/settings';
import type { AppContext } from '../context';
import type { Database, SecurityChangesTable, UserRow } from '../db/schema';
import { ApiError } from '../http/errors';
import type { ServerKey, Translate } from '../i18n';
import { verifyPassword } from '../security/passwords';
import { BUDGETS, guessWithin } from '../security/rate-limit';
import { contactsOf, targetOf } from './accounts';

/**
 * What guards a change to an account's protection (its login password, pay password,
 * e-mail or mobile number), so that a stolen session token alone cannot take the account
 * and its money: the change needs the current password (the pay password's, the current
 * pay password) and a code sent to the account's contact (server/auth/routes.ts); every
 * contact the account had is told; and a replacement pauses withdrawals for 24 hours, time
 * for the owner to see the notice and act.
 */
export const WITHDRAWAL_HOLD_MS = 24 * 60 * 60_000;

export type SecurityChange = SecurityChangesTable['kind'];

/**
 * Confirms a change with the account's current login password; five wrong tries in 15
 * minutes lock it. The try is reserved before the password is compared (as the pay
 * password's, server/wallet/pay-password.ts); a right one gives it back.
 */
export async function checkCurrentPassword(ctx: AppContext, user: UserRow, password: string): Promise<void> {
  await guessWithin(
    ctx.db,
    ctx.now,
    { budget: BUDGETS.currentPassword, subject: String(user.id) },
    { locked: 'server:errors.too_many_attempts', wrong: 'server:errors.current_password_wrong' },
    async () => ((await verifyPassword(user.password_hash, password)) ? true : null),
  );
}

/** A change as recorded: when, and until when it holds withdrawals (null: a first one, which holds nothing). */
export interface RecordedChange {
  kind: SecurityChange;
  at: number;
  heldUntil: number | null;
  /**
   * How the notice words it when it is not something set or replaced: something removed
   * (a passkey), or the withdrawal whitelist turned off, which stays on until `until`.
   */
  notice?: { removed: true } | { turnedOff: true; until: number };
}

/**
 * Records a change in the transaction that makes it. `replaced`: it replaced one the
 * account had (a new password, another address), which pauses withdrawals.
 */
export async function recordChange(trx: Kysely<Database>, userId: number, kind: SecurityChange, replaced: boolean, now: number): Promise<RecordedChange> {
  const heldUntil = replaced ? now + WITHDRAWAL_HOLD_MS : null;
  await trx.insertInto('security_changes').values({ user_id: userId, kind, held_until: heldUntil, created_at: now }).execute();
  return { kind, at: now, heldUntil };
}

/** Until when the user's withdrawals are paused, or null when they are not (now). */
export async function withdrawalsHeldUntil(db: Kysely<Database>, userId: number, now: number): Promise<number | null> {
  const row = await db
    .selectFrom('security_changes')
    .select((eb) => eb.fn.max('held_until').as('until'))
    .where('user_id', '=', userId)
    .where('held_until', '>', now)
    .executeTakeFirst();
  return row?.until === null || row?.until === undefined ? null : Number(row.until);
}

/** Refuses a withdrawal while a change holds them, saying until when. */
export async function refuseWhileHeld(db: Kysely<Database>, userId: number, now: number): Promise<void> {
  const until = await withdrawalsHeldUntil(db, userId, now);
  if (until !== null) throw new ApiError('server:errors.withdrawals_held', { until });
}

/** The answer to a change: its confirmation, and when it holds withdrawals, until when. */
export function confirmChange(t: Translate, done: ServerKey, change: RecordedChange | null): string {
  return change?.heldUntil ? t('server:ok.with_hold', { done: t(done), until: change.heldUntil }) : t(done);
}

/**
 * Tells every contact the account had before the change (its e-mail by mail, its mobile
 * by SMS, through the outbox) what changed and, for a replacement, until when withdrawals
 * wait. Sent after the answer, as codes are; a failed delivery is logged.
 */
export function tellContacts(ctx: AppContext, before: UserRow, change: RecordedChange, language: Language): void {
  void deliverNotices(ctx, before, change, language).catch((error: unknown) => {
    console.error('a security notice could not be delivered', error);
  });
}

async function deliverNotices(ctx: AppContext, before: UserRow, change: RecordedChange, language: Language): Promise<void> {
  const t = ctx.i18n.fixed(language);
  const site = (await readSetting(ctx.db, 'site_name')) ?? 'Kestrel';
  const what = t(`server:mail.changed.${change.kind}`);
  const notice = change.notice;
  const params = { site, what, at: change.at, until: notice && 'until' in notice ? notice.until : (change.heldUntil ?? 0) };
  const wording = notice ? ('removed' in notice ? 'security_removed' : 'security_turned_off') : change.heldUntil !== null ? 'security_held' : 'security_added';
  for (const to of contactsOf(before)) {
    if (to.kind === 'email') {
      await ctx.messenger.email({ to: targetOf(to), subject: t('server:mail.security_subject', params), text: t(`server:mail.${wording}_body`, params) });
    } else {
      await ctx.messenger.sms({ to: targetOf(to), text: t(`server:mail.${wording}_sms`, params) });
    }
  }
}
