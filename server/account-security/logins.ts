import { createHash } from 'node:crypto';
import Bowser from 'bowser';
import type { Kysely } from 'kysely';
import { LANGUAGES, type Language } from '../../contract/languages';
import { contactOf, targetOf } from '../auth/accounts';
import { createSession } from '../auth/sessions';
import { readSetting } from '../common/settings';
import type { AppContext } from '../context';
import type { Database, LoginFailure, LoginMethod, SecondFactor, UserRow } from '../db/schema';

/**
 * Where a login comes from and how it was made: every login, successful or refused, is
 * written to the account's login history (login_events), and a successful one from a
 * device the account has not used before is told to the owner by e-mail (or SMS for an
 * account without one), in the language the owner used on their known devices.
 *
 * A device is the random id the app keeps in the phone's storage and sends with a login
 * (src/app/device.ts); a client that sends none is told apart by its user agent.
 */
export interface LoginSource {
  ip: string;
  userAgent: string;
  deviceId: string | null;
  language: Language;
}

export interface LoginHow {
  method: LoginMethod;
  secondFactor: SecondFactor | null;
}

/** Browser and system from a user agent, "Chrome 120 · Android 14"; empty when it tells neither. */
export function deviceName(userAgent: string): string {
  if (!userAgent) return '';
  const parser = Bowser.getParser(userAgent);
  const browser = parser.getBrowser();
  const os = parser.getOS();
  const major = (version: string | undefined) => version?.split('.')[0] ?? '';
  const parts = [[browser.name, major(browser.version)].filter(Boolean).join(' '), [os.name, os.versionName ?? os.version].filter(Boolean).join(' ')].filter(Boolean);
  return parts.join(' · ');
}

const deviceKey = (source: LoginSource): string =>
  createHash('sha256')
    .update(source.deviceId ? `id\n${source.deviceId}` : `ua\n${source.userAgent}`)
    .digest('hex');

export async function recordLogin(db: Kysely<Database>, userId: number, source: LoginSource, how: LoginHow, at: number, failure: LoginFailure | null = null): Promise<void> {
  await db
    .insertInto('login_events')
    .values({
      user_id: userId,
      at,
      ip: source.ip,
      user_agent: source.userAgent.slice(0, 300),
      method: how.method,
      second_factor: how.secondFactor,
      success: failure === null ? 1 : 0,
      failure,
    })
    .execute();
}

/**
 * A login's session with its history line (none for a sign-up: `how` null), in one
 * transaction: `db`, the caller's, when the login's last step must commit with it.
 */
export async function openSession(ctx: AppContext, user: UserRow, source: LoginSource, how: LoginHow | null, db?: Kysely<Database>): Promise<string> {
  const make = async (trx: Kysely<Database>) => {
    const token = await createSession(ctx, user.id, source.ip, source.userAgent, trx);
    if (how) await recordLogin(trx, user.id, source, how, ctx.now());
    return token;
  };
  return db ? make(db) : ctx.db.transaction().execute(make);
}

/**
 * Notes the device of a successful login (or a sign-up: `firstDevice`); a device the
 * account has not used before is told to the owner. Run after the login's commit.
 */
export async function noteDevice(ctx: AppContext, user: UserRow, source: LoginSource, firstDevice = false): Promise<void> {
  const now = ctx.now();
  const key = deviceKey(source);
  // The owner's language: the one of the device they used last before this one.
  const known = await ctx.db.selectFrom('user_devices').select('language').where('user_id', '=', user.id).where('device_key', '!=', key).orderBy('last_seen_at', 'desc').executeTakeFirst();
  const added = await ctx.db
    .insertInto('user_devices')
    .values({ user_id: user.id, device_key: key, user_agent: source.userAgent.slice(0, 300), language: source.language, first_seen_at: now, last_seen_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'device_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!added) {
    await ctx.db
      .updateTable('user_devices')
      .set({ last_seen_at: now, user_agent: source.userAgent.slice(0, 300), language: source.language })
      .where('user_id', '=', user.id)
      .where('device_key', '=', key)
      .execute();
    return;
  }
  if (firstDevice) return;
  const language = LANGUAGES.find((code) => code === known?.language) ?? source.language;
  void tellNewDevice(ctx, user, source, now, language).catch((error: unknown) => {
    console.error('a new-device notice could not be delivered', error);
  });
}

async function tellNewDevice(ctx: AppContext, user: UserRow, source: LoginSource, at: number, language: Language): Promise<void> {
  const to = contactOf(user);
  if (!to) return;
  const t = ctx.i18n.fixed(language);
  const site = (await readSetting(ctx.db, 'site_name')) ?? 'Kestrel';
  const params = { site, at, ip: source.ip, device: deviceName(source.userAgent) || t('server:mail.new_device_unknown') };
  if (to.kind === 'email') await ctx.messenger.email({ to: targetOf(to), subject: t('server:mail.new_device_subject', params), text: t('server:mail.new_device_body', params) });
  else await ctx.messenger.sms({ to: targetOf(to), text: t('server:mail.new_device_sms', params) });
}

/** A login source from a route's call. */
export function sourceOf(call: { ip: string; userAgent: string; language: Language }, deviceId: string | undefined | null): LoginSource {
  return { ip: call.ip, userAgent: call.userAgent, deviceId: deviceId ?? null, language: call.language };
}
