import type { Kysely } from 'kysely';

/**
 * The mini game (server/game/desk.ts): "higher or lower in 60 s" played with game points,
 * which are not money: never in the ledger, never convertible. game_wallets holds each
 * player's points and the day of the last free allowance; game_rounds each guess with the
 * trade it started at and the trade that settled it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('game_wallets')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('points', 'integer', (c) => c.notNull())
    // the UTC day (YYYY-MM-DD) of the last daily allowance
    .addColumn('claimed_on', 'text')
    .execute();
  await db.schema
    .createTable('game_rounds')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('market_id', 'integer', (c) => c.notNull().references('markets.id'))
    // higher or lower
    .addColumn('guess', 'text', (c) => c.notNull())
    .addColumn('stake', 'integer', (c) => c.notNull())
    .addColumn('start_tick', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    // open, won, lost, tie
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('settle_tick', 'text')
    .addColumn('payout', 'integer')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('settled_at', 'integer')
    .execute();
  await db.schema.createIndex('game_rounds_user').on('game_rounds').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('game_rounds_settled').on('game_rounds').columns(['status', 'settled_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('game_rounds').execute();
  await db.schema.dropTable('game_wallets').execute();
}
