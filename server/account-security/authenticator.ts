import type { Language } from '../../contract/languages';
import { contactOf, targetOf } from '../auth/accounts';
import { checkCurrentPassword, confirmChange, recordChange, tellContacts } from '../auth/protection';
import type { Auth } from '../auth/sessions';
import { readSetting } from '../common/settings';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import type { Translate } from '../i18n';
import { checkFactor, enabledFactor, newRecoveryCodes, newTotpSecret, storeRecoveryCodes, totpUri, useFactor } from './totp';

/**
 * Turning the authenticator app on and off, and new recovery codes (server/account-security/totp.ts).
 * On: a setup's secret, confirmed by the current login password and a code the app shows
 * for it; answers ten recovery codes, shown once. Off, or new recovery codes: the current
 * login password and a code of the app (or a recovery code). Every one is told to the
 * account's contacts; turning it off pauses withdrawals for 24 hours, as a new password does.
 */
export async function startSetup(ctx: AppContext, auth: Auth): Promise<{ secret: string; uri: string }> {
  if (await enabledFactor(ctx.db, auth.user.id)) throw new ApiError('server:errors.totp_already_on');
  const secret = newTotpSecret();
  const now = ctx.now();
  // A setup started again replaces the secret it had not confirmed; an enabled one stays.
  await ctx.db
    .insertInto('totp_factors')
    .values({ user_id: auth.user.id, secret, enabled_at: null, last_step: 0, created_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret, last_step: 0, created_at: now }).where('totp_factors.enabled_at', 'is', null))
    .execute();
  const stored = await ctx.db.selectFrom('totp_factors').select(['secret', 'enabled_at']).where('user_id', '=', auth.user.id).executeTakeFirstOrThrow();
  if (stored.enabled_at !== null || stored.secret !== secret) throw new ApiError('server:errors.totp_already_on');
  const site = (await readSetting(ctx.db, 'site_name')) ?? 'Kestrel';
  const contact = contactOf(auth.user);
  return { secret, uri: totpUri(secret, site, contact ? targetOf(contact) : String(auth.user.uid)) };
}

export async function enable(
  ctx: AppContext,
  auth: Auth,
  input: { current_password: string; totp_code: string },
  language: Language,
  t: Translate,
): Promise<{ message: string; recovery_codes: string[] }> {
  const userId = auth.user.id;
  const pending = await ctx.db.selectFrom('totp_factors').select(['secret', 'last_step', 'enabled_at']).where('user_id', '=', userId).executeTakeFirst();
  if (!pending) throw new ApiError('server:errors.totp_setup_first');
  if (pending.enabled_at !== null) throw new ApiError('server:errors.totp_already_on');
  // Only the app's six digits prove the app has the secret: no recovery code exists yet.
  if (!/^[0-9]{6}$/.test(input.totp_code.trim())) throw new ApiError('server:errors.totp_wrong');
  const use = await checkFactor(ctx, userId, input.totp_code, 'totpConfirm', pending);
  if (use.kind !== 'totp') throw new ApiError('server:errors.totp_wrong');
  const { step } = use;
  await checkCurrentPassword(ctx, auth.user, input.current_password);
  const codes = newRecoveryCodes();
  const change = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    // The secret the code was checked against, still waiting: a setup started again meanwhile is not enabled by the old one's code.
    const enabled = await trx
      .updateTable('totp_factors')
      .set({ enabled_at: now, last_step: step })
      .where('user_id', '=', userId)
      .where('enabled_at', 'is', null)
      .where('secret', '=', pending.secret)
      .where('last_step', '<', step)
      .executeTakeFirst();
    if (Number(enabled.numUpdatedRows) !== 1) throw new ApiError('server:errors.totp_setup_first');
    await storeRecoveryCodes(ctx, trx, userId, codes, now);
    return recordChange(trx, userId, 'totp', false, now);
  });
  tellContacts(ctx, auth.user, change, language);
  return { message: t('server:ok.totp_enabled'), recovery_codes: codes };
}

export async function disable(ctx: AppContext, auth: Auth, input: { current_password: string; totp_code: string }, language: Language, t: Translate): Promise<string> {
  const userId = auth.user.id;
  const use = await checkFactor(ctx, userId, input.totp_code, 'totpConfirm');
  await checkCurrentPassword(ctx, auth.user, input.current_password);
  const change = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    await useFactor(trx, userId, use, now);
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await trx.deleteFrom('totp_factors').where('user_id', '=', userId).execute();
    // What protected the account is gone: withdrawals wait 24 hours, time for the owner to see the notice.
    return recordChange(trx, userId, 'totp', true, now);
  });
  tellContacts(ctx, auth.user, change, language);
  return confirmChange(t, 'server:ok.totp_disabled', change);
}

export async function renewRecoveryCodes(
  ctx: AppContext,
  auth: Auth,
  input: { current_password: string; totp_code: string },
  language: Language,
  t: Translate,
): Promise<{ message: string; recovery_codes: string[] }> {
  const userId = auth.user.id;
  const use = await checkFactor(ctx, userId, input.totp_code, 'totpConfirm');
  await checkCurrentPassword(ctx, auth.user, input.current_password);
  const codes = newRecoveryCodes();
  const change = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    await useFactor(trx, userId, use, now);
    await storeRecoveryCodes(ctx, trx, userId, codes, now);
    return recordChange(trx, userId, 'recovery_codes', false, now);
  });
  tellContacts(ctx, auth.user, change, language);
  return { message: t('server:ok.recovery_codes_renewed'), recovery_codes: codes };
}
