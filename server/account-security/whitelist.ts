import type { Kysely } from 'kysely';
import type { Language } from '../../contract/languages';
import { recordChange, tellContacts } from '../auth/protection';
import type { Auth } from '../auth/sessions';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import type { Translate } from '../i18n';
import { checkProof, useProof, type ProofInput } from './proof';

/**
 * The withdrawal whitelist mode: while on, withdrawals go only to addresses saved in the
 * address book, each usable 24 hours after it was saved (a thief who adds an address must
 * wait as long, and the owner has the day to notice). Turning it on takes effect at once;
 * turning it off asks for proof again and takes effect 24 hours later, so a thief cannot
 * turn it off and withdraw. Enforced in the withdrawal's step (server/wallet/withdrawals.ts).
 */
export const WHITELIST_DELAY_MS = 24 * 60 * 60_000;

/** When a saved address may receive withdrawals with the whitelist on. */
export const usableAt = (savedAt: number): number => savedAt + WHITELIST_DELAY_MS;

export interface WhitelistState {
  on: boolean;
  enabled_at: number | null;
  off_at: number | null;
}

export async function whitelistState(db: Kysely<Database>, userId: number, now: number): Promise<WhitelistState> {
  const row = await db.selectFrom('withdraw_whitelists').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row || (row.off_at !== null && row.off_at <= now)) return { on: false, enabled_at: null, off_at: null };
  return { on: true, enabled_at: row.enabled_at, off_at: row.off_at };
}

/** On at once, or a turning off asked for cancelled. */
export async function turnOn(ctx: AppContext, userId: number): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const state = await whitelistState(trx, userId, now);
    if (state.on) {
      await trx.updateTable('withdraw_whitelists').set({ off_at: null }).where('user_id', '=', userId).execute();
      return;
    }
    await trx
      .insertInto('withdraw_whitelists')
      .values({ user_id: userId, enabled_at: now, off_at: null })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ enabled_at: now, off_at: null }))
      .execute();
  });
}

/** Off 24 hours from now, with proof; the account's contacts are told. Answers when. */
export async function turnOff(ctx: AppContext, auth: Auth, input: ProofInput, language: Language, t: Translate): Promise<string> {
  const userId = auth.user.id;
  if (!(await whitelistState(ctx.db, userId, ctx.now())).on) throw new ApiError('server:errors.whitelist_not_on');
  const proof = await checkProof(ctx, auth, input);
  const { change, offAt } = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    await useProof(trx, userId, proof, now);
    const state = await whitelistState(trx, userId, now);
    if (!state.on) throw new ApiError('server:errors.whitelist_not_on');
    // Asked again while waiting: the first time stands.
    const offAt = state.off_at ?? now + WHITELIST_DELAY_MS;
    await trx.updateTable('withdraw_whitelists').set({ off_at: offAt }).where('user_id', '=', userId).execute();
    const recorded = await recordChange(trx, userId, 'whitelist', false, now);
    return { change: { ...recorded, notice: { turnedOff: true as const, until: offAt } }, offAt };
  });
  tellContacts(ctx, auth.user, change, language);
  return t('server:ok.whitelist_off_at', { until: offAt });
}

/**
 * Refuses a withdrawal the whitelist does not allow: to an address not saved for this coin
 * and network, or saved less than 24 hours ago (saying when it becomes usable).
 */
export async function refuseOffWhitelist(db: Kysely<Database>, userId: number, target: { currency: number; network: string; address: string }, now: number): Promise<void> {
  if (!(await whitelistState(db, userId, now)).on) return;
  const saved = await db
    .selectFrom('user_wallets')
    .select((eb) => eb.fn.min('created_at').as('first'))
    .where('user_id', '=', userId)
    .where('currency_id', '=', target.currency)
    .where('network', '=', target.network)
    .where('address', '=', target.address)
    .executeTakeFirst();
  const first = saved?.first === null || saved?.first === undefined ? null : Number(saved.first);
  if (first === null) throw new ApiError('server:errors.whitelist_address_unknown');
  if (usableAt(first) > now) throw new ApiError('server:errors.whitelist_address_waiting', { until: usableAt(first) });
}
