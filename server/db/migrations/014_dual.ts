import type { Kysely } from 'kysely';

/**
 * Dual investment (server/finance/dual.ts): products an operator offers (or the demo
 * seeds) on a market at a linked price, and the orders bought in whole shares. A product
 * is settled once, by the first trade of its market at or after maturity, which it
 * records (settle_tick); each order records what it paid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dual_products')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('market_id', 'integer', (c) => c.notNull().references('markets.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('unit_price', 'numeric', (c) => c.notNull())
    .addColumn('apr', 'numeric', (c) => c.notNull())
    .addColumn('linked_price', 'numeric', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('subscribe_until', 'integer', (c) => c.notNull())
    .addColumn('maturity_at', 'integer', (c) => c.notNull())
    .addColumn('total_shares', 'integer', (c) => c.notNull())
    .addColumn('sold_shares', 'integer', (c) => c.notNull().defaultTo(0))
    // active, settled, closed (withdrawn by an operator before the holding period)
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('settle_tick', 'text')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('settled_at', 'integer')
    .execute();
  await db.schema.createIndex('dual_products_status').on('dual_products').columns(['status', 'maturity_at']).execute();
  await db.schema
    .createTable('dual_orders')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('dual_products.id'))
    .addColumn('num', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('amount', 'numeric', (c) => c.notNull())
    // purchased, completed, failed
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('payout_currency_id', 'integer')
    .addColumn('payout_amount', 'numeric')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('settled_at', 'integer')
    .execute();
  await db.schema.createIndex('dual_orders_user').on('dual_orders').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('dual_orders_product').on('dual_orders').columns(['product_id', 'status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dual_orders').execute();
  await db.schema.dropTable('dual_products').execute();
}
