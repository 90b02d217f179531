import type { Kysely } from 'kysely';

/**
 * The exchange core: the deposit and withdrawal networks join currencies and markets in
 * the catalogue, a market stores its contract lot, and scheduled jobs record their runs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('networks')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address_format', 'text', (c) => c.notNull())
    .addColumn('min_withdraw', 'numeric', (c) => c.notNull())
    .addColumn('withdraw_fee', 'numeric', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addUniqueConstraint('networks_coin', ['currency_id', 'network'])
    .execute();
  // Base units per contract lot; null for a market without contracts (filled by the catalogue seed).
  await db.schema.alterTable('markets').addColumn('contract_lot', 'numeric').execute();
  await db.schema
    .createTable('jobs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('runs', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_started_at', 'integer')
    .addColumn('last_finished_at', 'integer')
    .addColumn('last_error', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
  await db.schema.alterTable('markets').dropColumn('contract_lot').execute();
  await db.schema.dropTable('networks').execute();
}
