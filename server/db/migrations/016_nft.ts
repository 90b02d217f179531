import type { Kysely } from 'kysely';

/**
 * The NFT marketplace (server/nft/). NFTs live on this exchange, not on a chain: who owns
 * an item is nft_items.owner_id; money moves through the ledger.
 *
 * - nft_artists: a user's artist profile; nft_collections: an artist's series.
 * - nft_items: artworks (media checked by content, nft_media), created owned by their artist.
 * - nft_sales: an item offered at a fixed price or by auction (a first sale or a resale),
 *   reviewed before it goes live; nft_bids, nft_deposits (an auction's deposits, frozen).
 * - nft_boxes: blind boxes of items, with the commitment published before the sale and
 *   the seed after it; nft_box_units: each box bought, numbered, opened into an item.
 * - nft_orders: what a buyer pays (at once, or an auction winner within a day);
 *   nft_messages: outbid, won, to pay, expired, sold; nft_favourites.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('nft_media')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('path', 'text', (c) => c.notNull().unique())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('duration_ms', 'integer')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('nft_artists')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('avatar', 'text', (c) => c.notNull())
    .addColumn('bio', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('nft_collections')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('artist_id', 'integer', (c) => c.notNull().references('nft_artists.user_id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('cover', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('nft_items')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('creator_id', 'integer', (c) => c.notNull().references('nft_artists.user_id'))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('collection_id', 'integer', (c) => c.references('nft_collections.id'))
    .addColumn('rarity', 'text', (c) => c.notNull())
    .addColumn('media_id', 'integer', (c) => c.notNull().references('nft_media.id'))
    .addColumn('cover', 'text', (c) => c.notNull())
    // the sale or box that holds it now (one at a time); null when it is free to list
    .addColumn('listed', 'text')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('nft_items_owner').on('nft_items').columns(['owner_id', 'id']).execute();
  await db.schema.createIndex('nft_items_collection').on('nft_items').columns(['collection_id', 'id']).execute();
  await db.schema
    .createTable('nft_sales')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('item_id', 'integer', (c) => c.notNull().references('nft_items.id'))
    .addColumn('seller_id', 'integer', (c) => c.notNull().references('users.id'))
    // normal (a fixed price) or auction
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('resale', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    // the fixed price, or the auction's starting price
    .addColumn('price', 'numeric', (c) => c.notNull())
    .addColumn('increment', 'numeric')
    .addColumn('deposit', 'numeric')
    .addColumn('start_at', 'integer', (c) => c.notNull())
    .addColumn('end_at', 'integer', (c) => c.notNull())
    // review, live, rejected, sold, unsold, awarded (an auction's winner has a day to pay)
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('current_bid', 'numeric')
    .addColumn('bidder_id', 'integer')
    .addColumn('bids', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('settled_at', 'integer')
    .execute();
  await db.schema.createIndex('nft_sales_status').on('nft_sales').columns(['status', 'end_at']).execute();
  await db.schema
    .createTable('nft_bids')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('sale_id', 'integer', (c) => c.notNull().references('nft_sales.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('price', 'numeric', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('nft_bids_sale').on('nft_bids').columns(['sale_id', 'id']).execute();
  await db.schema.createIndex('nft_bids_user').on('nft_bids').columns(['user_id', 'id']).execute();
  await db.schema
    .createTable('nft_deposits')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('sale_id', 'integer', (c) => c.notNull().references('nft_sales.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('amount', 'numeric', (c) => c.notNull())
    // held (frozen), returned, forfeited
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('settled_at', 'integer')
    .addUniqueConstraint('nft_deposits_one', ['sale_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('nft_boxes')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('seller_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('cover', 'text', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('price', 'numeric', (c) => c.notNull())
    .addColumn('start_at', 'integer', (c) => c.notNull())
    .addColumn('end_at', 'integer', (c) => c.notNull())
    // JSON: the items' codes in the order the commitment covers
    .addColumn('contents', 'text', (c) => c.notNull())
    .addColumn('commitment', 'text', (c) => c.notNull())
    // secret until the sale ends or sells out, then published
    .addColumn('seed', 'text', (c) => c.notNull())
    .addColumn('sold', 'integer', (c) => c.notNull())
    // review, live, rejected
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('nft_box_units')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('box_id', 'integer', (c) => c.notNull().references('nft_boxes.id'))
    // 1, 2, 3... in the order they were bought: with the seed, names the item
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('item_id', 'integer')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('opened_at', 'integer')
    .addUniqueConstraint('nft_box_units_number', ['box_id', 'number'])
    .execute();
  await db.schema
    .createTable('nft_orders')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    // a fixed-price sale, an auction won, a blind box
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sale_id', 'integer')
    .addColumn('box_id', 'integer')
    .addColumn('item_id', 'integer')
    .addColumn('buyer_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('seller_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('price', 'numeric', (c) => c.notNull())
    .addColumn('fee', 'numeric')
    .addColumn('royalty', 'numeric')
    // to_pay, paid, expired
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('pay_by', 'integer')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('paid_at', 'integer')
    .execute();
  await db.schema.createIndex('nft_orders_buyer').on('nft_orders').columns(['buyer_id', 'id']).execute();
  await db.schema.createIndex('nft_orders_due').on('nft_orders').columns(['status', 'pay_by']).execute();
  await db.schema
    .createTable('nft_messages')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    // outbid, won, to_pay, expired, sold, returned (a deposit)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sale_id', 'integer')
    .addColumn('order_id', 'integer')
    .addColumn('item_id', 'integer')
    .addColumn('amount', 'numeric')
    .addColumn('read_at', 'integer')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('nft_messages_user').on('nft_messages').columns(['user_id', 'id']).execute();
  await db.schema
    .createTable('nft_favourites')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('nft_items.id'))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('nft_favourites_pk', ['user_id', 'item_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'nft_favourites',
    'nft_messages',
    'nft_orders',
    'nft_box_units',
    'nft_boxes',
    'nft_deposits',
    'nft_bids',
    'nft_sales',
    'nft_items',
    'nft_collections',
    'nft_artists',
    'nft_media',
  ])
    await db.schema.dropTable(table).execute();
}
