import type { Kysely } from 'kysely';

/**
 * Operator accounts (issue 24): an operator given a token may secure an account with a
 * password and an authenticator app (TOTP), then sign in to the console with its name,
 * password and a code. Each sign-in is a session of its own (expiring, revocable), kept
 * here so that any process accepts it. The audit's filters get their indexes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('operators').addColumn('password_hash', 'text').execute();
  // base32: the authenticator in use, set once a setup's first code confirmed it
  await db.schema.alterTable('operators').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('operators').addColumn('totp_enabled_at', 'integer').execute();
  // the newest 30-second step a code was accepted for: a code of it or before is refused
  await db.schema
    .alterTable('operators')
    .addColumn('totp_last_step', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // A setup's new secret, waiting for its first code (the one in use keeps working meanwhile).
  await db.schema
    .createTable('operator_totp_setups')
    .addColumn('operator_id', 'integer', (c) => c.primaryKey().references('operators.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('operator_sessions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    .addColumn('revoked_at', 'integer')
    .execute();
  await db.schema.createIndex('operator_sessions_operator').on('operator_sessions').column('operator_id').execute();
  for (const column of ['operator', 'action', 'target'] as const) {
    await db.schema.createIndex(`operator_actions_${column}`).on('operator_actions').columns([column, 'id']).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['operator', 'action', 'target']) await db.schema.dropIndex(`operator_actions_${column}`).execute();
  await db.schema.dropTable('operator_sessions').execute();
  await db.schema.dropTable('operator_totp_setups').execute();
  for (const column of ['totp_last_step', 'totp_enabled_at', 'totp_secret', 'password_hash']) await db.schema.alterTable('operators').dropColumn(column).execute();
}
