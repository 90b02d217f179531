import type { Kysely } from 'kysely';

/**
 * Trading: spot orders and their fills (each fill is a trade of the market feed),
 * leveraged positions, and seconds options. Ticks are JSON {market_id, seq, price, time}.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('spot_orders')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('market_id', 'integer', (c) => c.notNull())
    .addColumn('side', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('price', 'numeric')
    .addColumn('amount', 'numeric', (c) => c.notNull())
    .addColumn('filled', 'numeric', (c) => c.notNull().defaultTo('0'))
    .addColumn('quote_filled', 'numeric', (c) => c.notNull().defaultTo('0'))
    .addColumn('fee', 'numeric', (c) => c.notNull().defaultTo('0'))
    .addColumn('fee_rate', 'numeric', (c) => c.notNull())
    .addColumn('coupon_id', 'integer')
    .addColumn('frozen', 'numeric', (c) => c.notNull().defaultTo('0'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('spot_orders_user').on('spot_orders').columns(['user_id', 'status', 'id']).execute();
  await db.schema.createIndex('spot_orders_open').on('spot_orders').columns(['status', 'market_id']).execute();

  await db.schema
    .createTable('spot_fills')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('market_id', 'integer', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('time', 'integer', (c) => c.notNull())
    .addColumn('price', 'numeric', (c) => c.notNull())
    .addColumn('amount', 'numeric', (c) => c.notNull())
    .addColumn('quote_amount', 'numeric', (c) => c.notNull())
    .addColumn('taker_side', 'text', (c) => c.notNull())
    .addColumn('taker_order_id', 'integer')
    .addColumn('maker_order_id', 'integer')
    .addColumn('taker_fee', 'numeric', (c) => c.notNull())
    .addColumn('maker_fee', 'numeric', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('spot_fills_taker').on('spot_fills').column('taker_order_id').execute();
  await db.schema.createIndex('spot_fills_maker').on('spot_fills').column('maker_order_id').execute();

  await db.schema
    .createTable('lever_positions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('market_id', 'integer', (c) => c.notNull())
    .addColumn('direction', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('share', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'numeric', (c) => c.notNull())
    .addColumn('multiple', 'integer', (c) => c.notNull())
    .addColumn('price', 'numeric')
    .addColumn('limit_price', 'numeric')
    .addColumn('margin', 'numeric', (c) => c.notNull())
    .addColumn('fee', 'numeric', (c) => c.notNull())
    .addColumn('overnight_rate', 'numeric', (c) => c.notNull())
    .addColumn('overnight', 'numeric', (c) => c.notNull().defaultTo('0'))
    .addColumn('target_profit_price', 'numeric')
    .addColumn('stop_loss_price', 'numeric')
    .addColumn('close_price', 'numeric')
    .addColumn('close_reason', 'text')
    .addColumn('profit', 'numeric')
    .addColumn('shortfall', 'numeric', (c) => c.notNull().defaultTo('0'))
    .addColumn('open_tick', 'text')
    .addColumn('close_tick', 'text')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('opened_at', 'integer')
    .addColumn('closed_at', 'integer')
    .execute();
  await db.schema.createIndex('lever_positions_user').on('lever_positions').columns(['user_id', 'status', 'id']).execute();
  await db.schema.createIndex('lever_positions_live').on('lever_positions').column('status').execute();

  await db.schema
    .createTable('micro_orders')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('market_id', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('direction', 'integer', (c) => c.notNull())
    .addColumn('seconds', 'integer', (c) => c.notNull())
    .addColumn('profit_ratio', 'numeric', (c) => c.notNull())
    .addColumn('stake', 'numeric', (c) => c.notNull())
    .addColumn('fee', 'numeric', (c) => c.notNull())
    .addColumn('open_price', 'numeric', (c) => c.notNull())
    .addColumn('open_tick', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('result', 'text')
    .addColumn('close_price', 'numeric')
    .addColumn('close_tick', 'text')
    .addColumn('payout', 'numeric', (c) => c.notNull().defaultTo('0'))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('settled_at', 'integer')
    .execute();
  await db.schema.createIndex('micro_orders_user').on('micro_orders').columns(['user_id', 'status', 'id']).execute();
  await db.schema.createIndex('micro_orders_open').on('micro_orders').columns(['status', 'expires_at']).execute();
}
