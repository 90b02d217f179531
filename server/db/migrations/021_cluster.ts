import type { Kysely } from 'kysely';

/**
 * Several processes (server/cluster/claims.ts): each market's engine has one owner at a
 * time, claimed with a PostgreSQL advisory lock; its claim's epoch (a fencing number,
 * raised by every claim) is what the owner's steps check before they write, so a process
 * that lost its claim cannot write.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('market_claims')
    .addColumn('market_id', 'integer', (c) => c.primaryKey().references('markets.id'))
    .addColumn('epoch', 'integer', (c) => c.notNull())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'integer', (c) => c.notNull())
    .execute();
}
