import type { Kysely } from 'kysely';
import { withoutRowid } from '../dialect';

/**
 * Attempt budgets (server/security/rate-limit.ts): logins per account, per account and
 * source and per IP, pay passwords per user, code requests per IP, uploads per user. One
 * row per budget key holds the attempts still inside its window (a JSON array of
 * {at, pending?}), so that every server process on the database shares them; the row is
 * the lock a reservation takes. `updated_at` (the newest attempt) lets old rows be pruned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('attempts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('entries', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .modifyEnd(withoutRowid(db))
    .execute();
  await db.schema.createIndex('attempts_updated_at').on('attempts').column('updated_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('attempts').execute();
}
