import type { Kysely } from 'kysely';

/**
 * IEO subscriptions (server/finance/ieo.ts) and markets listed while the exchange runs.
 *
 * ieo_projects: a token an operator offers for subscription at an issue price, from
 * start_at to end_at; its coin is created with the project (token_currency_id). The
 * allocation runs once, after end_at (allocated_at); the token is listed at list_at
 * (market_id, listed_at). ieo_orders: one subscription each, its payment frozen until the
 * allocation decides what is paid, what is returned and how many tokens it gets (locked
 * until release_at).
 *
 * market_listings: a market added to the running exchange (an IEO token against USDT),
 * with what the simulator needs to run it; the seed's markets are not in it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ieo_projects')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_currency_id', 'integer', (c) => c.notNull().unique().references('currencies.id'))
    .addColumn('pay_currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('issue_price', 'numeric', (c) => c.notNull())
    .addColumn('total_issuance', 'numeric', (c) => c.notNull())
    // the tokens asked for so far (the sum of the orders' amounts)
    .addColumn('subscribed', 'numeric', (c) => c.notNull())
    .addColumn('max_per_user', 'numeric', (c) => c.notNull())
    .addColumn('lock_days', 'integer', (c) => c.notNull())
    .addColumn('start_at', 'integer', (c) => c.notNull())
    .addColumn('end_at', 'integer', (c) => c.notNull())
    .addColumn('list_at', 'integer', (c) => c.notNull())
    .addColumn('white_paper', 'text', (c) => c.notNull())
    .addColumn('website', 'text', (c) => c.notNull())
    .addColumn('intro', 'text', (c) => c.notNull())
    .addColumn('allocated_at', 'integer')
    .addColumn('market_id', 'integer')
    .addColumn('listed_at', 'integer')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('ieo_orders')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('ieo_projects.id'))
    // tokens asked for, at the issue price; `paid` (amount x price) frozen in the pay currency
    .addColumn('amount', 'numeric', (c) => c.notNull())
    .addColumn('price', 'numeric', (c) => c.notNull())
    .addColumn('paid', 'numeric', (c) => c.notNull())
    // pending (frozen), allocated (tokens locked), released (tokens free), refunded (nothing allocated)
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('allocated', 'numeric')
    .addColumn('cost', 'numeric')
    .addColumn('refund', 'numeric')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('allocated_at', 'integer')
    .addColumn('release_at', 'integer')
    .addColumn('released_at', 'integer')
    .execute();
  await db.schema.createIndex('ieo_orders_user').on('ieo_orders').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('ieo_orders_project').on('ieo_orders').columns(['project_id', 'user_id']).execute();
  await db.schema.createIndex('ieo_orders_release').on('ieo_orders').columns(['status', 'release_at']).execute();
  await db.schema
    .createTable('market_listings')
    .addColumn('market_id', 'integer', (c) => c.primaryKey().references('markets.id'))
    .addColumn('open_price', 'numeric', (c) => c.notNull())
    .addColumn('volatility', 'real', (c) => c.notNull())
    .addColumn('flow_weight', 'real', (c) => c.notNull())
    .addColumn('average_notional', 'real', (c) => c.notNull())
    .addColumn('listed_at', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('market_listings').execute();
  await db.schema.dropTable('ieo_orders').execute();
  await db.schema.dropTable('ieo_projects').execute();
}
