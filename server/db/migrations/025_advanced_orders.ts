import type { Kysely } from 'kysely';

/**
 * Advanced orders (issue 23). Spot: a stop-limit order waits for a trade at or through its
 * trigger before it enters the book at its limit; an OCO order rests at its take-profit
 * limit while its stop waits, and whichever happens first (a fill, or the stop's trigger)
 * ends the other. The trade that decided it is kept (`trigger_tick`, JSON like every
 * tick). Futures: a part of a position closed becomes a closed position of its own
 * (`parent_id`: the one it was split from); a trailing stop keeps its callback and the
 * best price seen since it was set, so a restart or another process carries on from it;
 * reduce-only close orders wait in `lever_close_orders` until a trade reaches their limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('spot_orders').addColumn('trigger_price', 'numeric').execute();
  await db.schema.alterTable('spot_orders').addColumn('stop_price', 'numeric').execute();
  await db.schema.alterTable('spot_orders').addColumn('stop_state', 'text').execute();
  await db.schema.alterTable('spot_orders').addColumn('trigger_tick', 'text').execute();
  await db.schema.alterTable('spot_orders').addColumn('cancel_reason', 'text').execute();
  await db.schema.createIndex('spot_orders_stops').on('spot_orders').columns(['stop_state', 'market_id']).execute();

  await db.schema.alterTable('lever_positions').addColumn('parent_id', 'integer').execute();
  await db.schema.alterTable('lever_positions').addColumn('trail_rate', 'numeric').execute();
  await db.schema.alterTable('lever_positions').addColumn('trail_distance', 'numeric').execute();
  await db.schema.alterTable('lever_positions').addColumn('trail_best', 'numeric').execute();
  await db.schema.alterTable('lever_positions').addColumn('trail_set_at', 'integer').execute();

  await db.schema
    .createTable('lever_close_orders')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('market_id', 'integer', (c) => c.notNull())
    .addColumn('position_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('share', 'integer', (c) => c.notNull())
    .addColumn('price', 'numeric')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('cancel_reason', 'text')
    .addColumn('closed_share', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('closed_position_id', 'integer')
    .addColumn('close_price', 'numeric')
    .addColumn('profit', 'numeric')
    .addColumn('tick', 'text')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lever_close_orders_user').on('lever_close_orders').columns(['user_id', 'status', 'id']).execute();
  await db.schema.createIndex('lever_close_orders_live').on('lever_close_orders').columns(['status', 'market_id']).execute();
}
