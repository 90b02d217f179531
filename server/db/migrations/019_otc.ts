import type { Kysely } from 'kysely';

/**
 * OTC (P2P) trading (server/otc/desk.ts): users' advertisements to buy or sell a coin for
 * a fiat currency paid outside the exchange, and the orders taken on them. An order's
 * coins wait in the seller's frozen part (escrow) until the seller releases them to the
 * buyer, or they return to the seller (cancelled, expired, or an appeal decided so).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('otc_ads')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    // the advertiser sells the coin (buyers take it) or buys it (sellers take it)
    .addColumn('side', 'text', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('fiat', 'text', (c) => c.notNull())
    // fixed (price per coin in the fiat) or floating (the live price x margin)
    .addColumn('price_type', 'text', (c) => c.notNull())
    .addColumn('price', 'numeric')
    .addColumn('margin', 'numeric')
    // per order, in the fiat
    .addColumn('min_fiat', 'numeric', (c) => c.notNull())
    .addColumn('max_fiat', 'numeric', (c) => c.notNull())
    // coins still offered (or wanted)
    .addColumn('remaining', 'numeric', (c) => c.notNull())
    // JSON: the kinds of the advertiser's bank cards it takes or pays with
    .addColumn('payments', 'text', (c) => c.notNull())
    .addColumn('window_minutes', 'integer', (c) => c.notNull())
    // online, offline
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('otc_ads_list').on('otc_ads').columns(['status', 'side', 'currency_id', 'fiat']).execute();
  await db.schema
    .createTable('otc_orders')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('ad_id', 'integer', (c) => c.notNull().references('otc_ads.id'))
    .addColumn('buyer_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('seller_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('advertiser_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('fiat', 'text', (c) => c.notNull())
    .addColumn('price', 'numeric', (c) => c.notNull())
    .addColumn('amount', 'numeric', (c) => c.notNull())
    .addColumn('fiat_amount', 'numeric', (c) => c.notNull())
    // JSON TickRecord of the trade a floating price came from
    .addColumn('price_tick', 'text')
    // pending (to pay), paid (the buyer says so), appeal, released, cancelled, expired, returned (an appeal decided for the seller)
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('pay_by', 'integer', (c) => c.notNull())
    .addColumn('proof', 'text')
    .addColumn('paid_at', 'integer')
    .addColumn('appeal_by', 'integer')
    .addColumn('appeal_reason', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('closed_at', 'integer')
    .execute();
  await db.schema.createIndex('otc_orders_buyer').on('otc_orders').columns(['buyer_id', 'id']).execute();
  await db.schema.createIndex('otc_orders_seller').on('otc_orders').columns(['seller_id', 'id']).execute();
  await db.schema.createIndex('otc_orders_due').on('otc_orders').columns(['status', 'pay_by']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('otc_orders').execute();
  await db.schema.dropTable('otc_ads').execute();
}
