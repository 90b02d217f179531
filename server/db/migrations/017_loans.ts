import type { Kysely } from 'kysely';

/**
 * Crypto-backed loans (server/borrow/desk.ts): USDT borrowed against BTC or ETH held in
 * the coin account's locked part. Interest accrues by the hour on the principal
 * (interest, accrued_at); the loan records the trade it opened at, a margin call, and the
 * trade that liquidated it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('loans')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('market_id', 'integer', (c) => c.notNull().references('markets.id'))
    .addColumn('collateral_currency_id', 'integer', (c) => c.notNull())
    .addColumn('collateral', 'numeric', (c) => c.notNull())
    .addColumn('debt_currency_id', 'integer', (c) => c.notNull())
    // what was lent at the start, and what of it is still owed
    .addColumn('borrowed', 'numeric', (c) => c.notNull())
    .addColumn('principal', 'numeric', (c) => c.notNull())
    .addColumn('interest', 'numeric', (c) => c.notNull())
    // a fraction a year
    .addColumn('apr', 'numeric', (c) => c.notNull())
    // open, repaid, liquidated
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('open_tick', 'text', (c) => c.notNull())
    .addColumn('accrued_at', 'integer', (c) => c.notNull())
    // how many repayments and collateral top-ups: each one's ledger reference is "<loan>-<n>"
    .addColumn('repayments', 'integer', (c) => c.notNull())
    .addColumn('topups', 'integer', (c) => c.notNull())
    // USDT returned to the borrower from a liquidation's proceeds after the debt
    .addColumn('surplus', 'numeric')
    .addColumn('margin_called_at', 'integer')
    .addColumn('close_tick', 'text')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('closed_at', 'integer')
    .execute();
  await db.schema.createIndex('loans_user').on('loans').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('loans_open').on('loans').columns(['status', 'market_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('loans').execute();
}
