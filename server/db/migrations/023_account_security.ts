import type { Kysely } from 'kysely';

/**
 * Account security (server/account-security/): an authenticator app's secret (TOTP) with
 * the last time step a code of it was used (a code works once) and its recovery codes
 * (hashed); the second step of a login that needs a code (a short-lived challenge, never
 * a session); passkeys (WebAuthn credentials) and the challenges of their ceremonies
 * (single use, expiring, in the database so any process can finish what another began);
 * the login history; the devices each user has logged in from (a new one is told by
 * e-mail); and the withdrawal whitelist mode, whose turning off waits 24 hours.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('totp_factors')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    // base32, as the authenticator app was given it
    .addColumn('secret', 'text', (c) => c.notNull())
    // null while the setup waits for its first code
    .addColumn('enabled_at', 'integer')
    // the newest 30-second step a code was accepted for: a code of it or before is refused
    .addColumn('last_step', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('used_at', 'integer')
    .execute();
  await db.schema.createIndex('recovery_codes_user').on('recovery_codes').columns(['user_id', 'code_hash']).execute();
  await db.schema
    .createTable('login_challenges')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    .addColumn('used_at', 'integer')
    .execute();
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    // base64url, as the authenticator names it
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    // the COSE public key, base64url
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'integer', (c) => c.notNull())
    // JSON array of the transports the browser reported
    .addColumn('transports', 'text', (c) => c.notNull())
    // the relying party it was made for: a passkey is accepted for that one only
    .addColumn('rp_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('backed_up', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('last_used_at', 'integer')
    .execute();
  await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute();
  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('challenge', 'text', (c) => c.notNull().unique())
    // register | login
    .addColumn('purpose', 'text', (c) => c.notNull())
    // a registration's user and session; null for a login (discoverable credentials)
    .addColumn('user_id', 'integer')
    .addColumn('session_id', 'integer')
    .addColumn('rp_id', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    .addColumn('used_at', 'integer')
    .execute();
  await db.schema.createIndex('webauthn_challenges_expiry').on('webauthn_challenges').column('expires_at').execute();
  await db.schema
    .createTable('login_events')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('at', 'integer', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    // password | passkey
    .addColumn('method', 'text', (c) => c.notNull())
    // totp | recovery | null (none asked, or not reached)
    .addColumn('second_factor', 'text')
    .addColumn('success', 'integer', (c) => c.notNull())
    // why a failed one failed: password, code, code_reused, passkey
    .addColumn('failure', 'text')
    .execute();
  await db.schema.createIndex('login_events_user').on('login_events').columns(['user_id', 'id']).execute();
  await db.schema
    .createTable('user_devices')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    // a hash of the id the app keeps on the device (or, without one, of the user agent)
    .addColumn('device_key', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    // the language the owner used on it: a new device's notice is written in it
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'integer', (c) => c.notNull())
    .addColumn('last_seen_at', 'integer', (c) => c.notNull())
    .addUniqueConstraint('user_devices_key', ['user_id', 'device_key'])
    .execute();
  await db.schema
    .createTable('withdraw_whitelists')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('enabled_at', 'integer', (c) => c.notNull())
    // a turning off asked for: the mode stays on until then
    .addColumn('off_at', 'integer')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['withdraw_whitelists', 'user_devices', 'login_events', 'webauthn_challenges', 'passkeys', 'login_challenges', 'recovery_codes', 'totp_factors']) {
    await db.schema.dropTable(table).execute();
  }
}
