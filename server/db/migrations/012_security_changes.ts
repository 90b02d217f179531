import type { Kysely } from 'kysely';

/**
 * Changes to what protects an account (server/auth/protection.ts): its login password,
 * pay password, e-mail or mobile number set or replaced, and when. A replacement pauses
 * the account's withdrawals until `held_until` (24 hours later; null for a first one),
 * read inside the withdrawal's step.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('security_changes')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('held_until', 'integer')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('security_changes_user').on('security_changes').columns(['user_id', 'held_until']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('security_changes').execute();
}
