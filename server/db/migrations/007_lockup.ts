import type { Kysely } from 'kysely';

/**
 * Lock-up mining: a user locks coins for a product's term and is paid a daily yield.
 * The rate is fixed at purchase; days_paid counts the daily payouts made, each paid
 * through the ledger under its own reference, so none is paid twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lockup_orders')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('amount', 'numeric', (c) => c.notNull())
    .addColumn('daily_rate', 'numeric', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('penalty_rate', 'numeric', (c) => c.notNull())
    .addColumn('days_paid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('earned', 'numeric', (c) => c.notNull().defaultTo('0'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('penalty', 'numeric', (c) => c.notNull().defaultTo('0'))
    .addColumn('started_at', 'integer', (c) => c.notNull())
    .addColumn('ends_at', 'integer', (c) => c.notNull())
    .addColumn('closed_at', 'integer')
    .execute();
  await db.schema.createIndex('lockup_orders_user').on('lockup_orders').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('lockup_orders_status').on('lockup_orders').columns(['status', 'started_at']).execute();
}
